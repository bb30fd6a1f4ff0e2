import type { App, MessageShortcut, ViewSubmitAction } from '@slack/bolt';
import type { RadarDeps, Worker } from '../../deps.js';
import { CALLBACK_IDS } from '../../slack/ids.js';
import { createSubmissionsRepo } from '../../store/submissions.js';
import { ticketShortcut } from './ticket-shortcut.js';
import { ticketSubmit } from './ticket-submit.js';

/** Tickets from conversations: message shortcuts, modals, `/radar tickets` and `/radar ticket` (issue 5). */
export function registerTickets(app: App, deps: RadarDeps): Worker[] {
  const submissions = createSubmissionsRepo(deps.store);
  app.shortcut<MessageShortcut>(CALLBACK_IDS.ticketFromMessage, ticketShortcut(deps));
  app.view<ViewSubmitAction>(CALLBACK_IDS.ticketModal, ticketSubmit(deps, submissions));
  return [];
}
