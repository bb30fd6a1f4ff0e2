/**
 * The `comment_from_message` message shortcut: opens the "Add to a ticket" modal at once, with the
 * message text and permalink as the comment; the ticket picker searches the board as the person types.
 */
import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { locateMessage } from './locate-message.js';
import { describedFrom, readMessageSource } from './message-source.js';
import { encodeContext } from './modal-context.js';
import { commentFormView } from './views/comment-modal.js';
import { unboundModal } from './views/modal-parts.js';

export function commentShortcut(deps: RadarDeps) {
  return async ({ ack, shortcut, client }: SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const where = locateMessage(shortcut);
    const binding = await deps.bindings.get(where.teamId, where.channelId);
    if (!binding) {
      await client.views.open({ trigger_id: shortcut.trigger_id, view: unboundModal('add a message to a ticket') });
      return;
    }
    const source = await readMessageSource(client, where, shortcut.message);
    const privateMetadata = encodeContext({
      projectId: binding.projectId,
      projectName: binding.projectName,
      channelId: where.channelId,
      messageTs: where.messageTs,
      ...(where.threadTs ? { threadTs: where.threadTs } : {}),
      ...(source.permalink ? { permalink: source.permalink } : {}),
    });
    await client.views.open({
      trigger_id: shortcut.trigger_id,
      view: commentFormView({ projectName: binding.projectName, ticket: null, body: describedFrom(source), privateMetadata }),
    });
  };
}
