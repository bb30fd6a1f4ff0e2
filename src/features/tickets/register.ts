import type { App } from '@slack/bolt';
import type { RadarDeps, Worker } from '../../deps.js';

/** Tickets from conversations: message shortcuts, modals, `/radar tickets` and `/radar ticket` (issue 5). */
export function registerTickets(_app: App, _deps: RadarDeps): Worker[] {
  return [];
}
