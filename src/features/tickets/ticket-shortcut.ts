/**
 * The `ticket_from_message` message shortcut. The modal opens before any call to the service (the
 * trigger expires after 3 seconds); labels and members fill in through `views.update` when they
 * arrive, and a slow or failing service only ever changes a note in the open modal.
 */
import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { loadChoices } from './load-choices.js';
import { describedFrom, readMessageSource, titleFrom } from './message-source.js';
import { encodeContext } from './modal-context.js';
import { locateMessage } from './locate-message.js';
import { unboundModal } from './views/modal-parts.js';
import { ticketFormView, type TicketFormData } from './views/ticket-modal.js';

export function ticketShortcut(deps: RadarDeps) {
  return async ({ ack, shortcut, client }: SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const where = locateMessage(shortcut);
    const binding = await deps.bindings.get(where.teamId, where.channelId);
    if (!binding) {
      await client.views.open({ trigger_id: shortcut.trigger_id, view: unboundModal('turn a message into a ticket') });
      return;
    }
    const source = await readMessageSource(client, where, shortcut.message);
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
      privateMetadata: encodeContext({
        projectId: binding.projectId,
        projectName: binding.projectName,
        channelId: where.channelId,
        messageTs: where.messageTs,
        ...(where.threadTs ? { threadTs: where.threadTs } : {}),
        ...(source.permalink ? { permalink: source.permalink } : {}),
      }),
    };
    const opened = await client.views.open({ trigger_id: shortcut.trigger_id, view: ticketFormView(form) });

    const choices = await loadChoices(deps.service, binding.projectId, binding.projectName);
    const viewId = opened.view?.id;
    if (!viewId) return;
    // The hash makes Slack refuse this update when the person already submitted (the view moved on).
    await client.views
      .update({ view_id: viewId, ...(opened.view?.hash ? { hash: opened.view.hash } : {}), view: ticketFormView({ ...form, choices }) })
      .catch((error: unknown) => deps.logger.info('ticket modal not filled (closed or submitted meanwhile)', { error }));
  };
}
