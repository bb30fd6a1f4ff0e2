import type { BlockButtonAction, BlockOverflowAction, BlockStaticSelectAction, MessageShortcut, ViewSubmitAction } from '@slack/bolt';
import type { Feature } from '../../plugin.js';
import { ACTION_IDS, CALLBACK_IDS } from '../../slack/ids.js';
import { listenerGroups } from '../../slack/listener-groups.js';
import { createSubmissionsRepo } from '../../store/submissions.js';
import { commentDeleteAction, commentEditAction, commentEditSubmit } from './comment-actions.js';
import { commentShortcut } from './comment-shortcut.js';
import { commentSubmit } from './comment-submit.js';
import { assignPickAction, assignToMeAction, dismissAction, moveAction } from './ticket-actions.js';
import { ticketCommand } from './ticket-command.js';
import { ticketMoreAction } from './ticket-delete.js';
import { editAction, editSubmit } from './ticket-edit.js';
import { ticketPicker } from './ticket-picker.js';
import { ticketShortcut } from './ticket-shortcut.js';
import { ticketSubmit } from './ticket-submit.js';
import { ticketsCommand } from './tickets-command.js';
import { createNotifier } from '../notify/notifier.js';
import { ticketTeller } from './tell-people.js';

/** Tickets from conversations: message shortcuts, modals, `/radar tickets` and `/radar ticket` (issue 5); edit, delete and comment edits (issue 19). */
export const ticketsFeature: Feature = {
  name: 'tickets',
  subcommands: [ticketsCommand, ticketCommand],
  register(app, deps) {
    const submissions = createSubmissionsRepo(deps.store);
    const teller = ticketTeller(createNotifier(deps, app.client), deps.logger.child({ component: 'tickets' }));
    const on = listenerGroups(app);
    on.shortcut<MessageShortcut>(CALLBACK_IDS.ticketFromMessage, ticketShortcut(deps));
    on.view<ViewSubmitAction>(CALLBACK_IDS.ticketModal, ticketSubmit(deps, submissions));
    on.shortcut<MessageShortcut>(CALLBACK_IDS.commentFromMessage, commentShortcut(deps));
    app.options(ACTION_IDS.ticketPicker, ticketPicker(deps));
    on.view<ViewSubmitAction>(CALLBACK_IDS.commentModal, commentSubmit(deps, submissions, teller));
    on.action<BlockStaticSelectAction>(ACTION_IDS.ticketMove, moveAction(deps));
    on.action<BlockButtonAction>(ACTION_IDS.ticketAssign, assignToMeAction(deps, teller));
    on.action<BlockStaticSelectAction>(ACTION_IDS.ticketAssignPick, assignPickAction(deps, teller));
    on.action<BlockButtonAction>(ACTION_IDS.ticketDismiss, dismissAction(deps));
    on.action<BlockButtonAction>(ACTION_IDS.ticketEdit, editAction(deps));
    on.view<ViewSubmitAction>(CALLBACK_IDS.ticketEditModal, editSubmit(deps, submissions));
    on.action<BlockOverflowAction>(ACTION_IDS.ticketMore, ticketMoreAction(deps, submissions));
    on.action<BlockButtonAction>(ACTION_IDS.commentEdit, commentEditAction(deps));
    on.view<ViewSubmitAction>(CALLBACK_IDS.commentEditModal, commentEditSubmit(deps));
    on.action<BlockButtonAction>(ACTION_IDS.commentDelete, commentDeleteAction(deps, submissions));
    return { runtime: undefined };
  },
};
