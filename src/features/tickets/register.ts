import type { App, MessageShortcut, ViewSubmitAction } from '@slack/bolt';
import type { RadarDeps, Worker } from '../../deps.js';
import { ACTION_IDS, CALLBACK_IDS } from '../../slack/ids.js';
import { createSubmissionsRepo } from '../../store/submissions.js';
import { commentShortcut } from './comment-shortcut.js';
import { commentSubmit } from './comment-submit.js';
import { ticketPicker } from './ticket-picker.js';
import { ticketShortcut } from './ticket-shortcut.js';
import { ticketSubmit } from './ticket-submit.js';

/** Tickets from conversations: message shortcuts, modals, `/radar tickets` and `/radar ticket` (issue 5). */
export function registerTickets(app: App, deps: RadarDeps): Worker[] {
  const submissions = createSubmissionsRepo(deps.store);
  app.shortcut<MessageShortcut>(CALLBACK_IDS.ticketFromMessage, ticketShortcut(deps));
  app.view<ViewSubmitAction>(CALLBACK_IDS.ticketModal, ticketSubmit(deps, submissions));
  app.shortcut<MessageShortcut>(CALLBACK_IDS.commentFromMessage, commentShortcut(deps));
  app.options(ACTION_IDS.ticketPicker, ticketPicker(deps));
  app.view<ViewSubmitAction>(CALLBACK_IDS.commentModal, commentSubmit(deps, submissions));
  return [];
}
