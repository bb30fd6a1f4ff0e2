import type { App } from '@slack/bolt';
import type { RadarDeps, Worker } from '../../deps.js';

/** Briefing digests: the poller and `/radar digest …` (issue 6). */
export function registerDigest(_app: App, _deps: RadarDeps): Worker[] {
  return [];
}
