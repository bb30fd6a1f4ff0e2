/**
 * The `ticket_from_message` message shortcut. The modal opens before any call to the service (the
 * trigger expires after 3 seconds); labels and members fill in through `views.update` when they
 * arrive, and a slow or failing service only ever changes a note in the open modal.
 */
import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { mayAddLabel } from './inline-label.js';
import { loadChoices } from '../board/load-choices.js';
import { describedFrom, titleFrom } from './message-source.js';
import { shortcutSource } from './shortcut-source.js';
import { ticketFormView, type TicketFormData } from '../board/views/ticket-modal.js';

export function ticketShortcut(deps: RadarDeps) {
  return async ({ ack, shortcut, client }: SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const from = await shortcutSource(deps, client, shortcut, 'turn a message into a ticket');
    if (!from) return;
    const { binding, source, privateMetadata } = from;
    const form: TicketFormData = {
      projectName: binding.projectName,
      draft: {
        title: titleFrom(source.text),
        column: 'triage',
        description: describedFrom(source),
        labelIds: [],
        assigneeUserId: null,
        dueDate: null,
        effort: null,
        impact: null,
      },
      choices: { loading: true },
      privateMetadata,
    };
    const opened = await client.views.open({ trigger_id: shortcut.trigger_id, view: ticketFormView(form) });

    const choices = await loadChoices(deps.service, binding.projectId, binding.projectName);
    const viewId = opened.view?.id;
    if (!viewId) return;
    // The hash makes Slack refuse this update when the person already submitted (the view moved on).
    await client.views
      .update({ view_id: viewId, ...(opened.view?.hash ? { hash: opened.view.hash } : {}), view: ticketFormView({ ...form, choices, canAddLabel: 'labels' in choices && mayAddLabel(deps, shortcut.user.id, choices.labels) }) })
      .catch((error: unknown) => deps.logger.info('ticket modal not filled (closed or submitted meanwhile)', { error }));
  };
}
