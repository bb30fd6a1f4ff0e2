/**
 * The `comment_from_message` message shortcut: opens the "Add to a ticket" modal at once, with the
 * message text and permalink as the comment; the ticket picker searches the board as the person types.
 */
import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { describedFrom } from './message-source.js';
import { shortcutSource } from './shortcut-source.js';
import { commentFormView } from './views/comment-modal.js';

export function commentShortcut(deps: RadarDeps) {
  return async ({ ack, shortcut, client }: SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const from = await shortcutSource(deps, client, shortcut, 'add a message to a ticket');
    if (!from) return;
    const { binding, source, privateMetadata } = from;
    await client.views.open({
      trigger_id: shortcut.trigger_id,
      view: commentFormView({ projectName: binding.projectName, ticket: null, body: describedFrom(source), privateMetadata }),
    });
  };
}
