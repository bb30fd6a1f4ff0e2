import type { App } from '@slack/bolt';
import type { RadarDeps, Worker } from '../../deps.js';

/** Website scans: `/radar scan …` and the follower that posts results (issue 4). */
export function registerScans(_app: App, _deps: RadarDeps): Worker[] {
  return [];
}
