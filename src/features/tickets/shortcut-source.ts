/**
 * What both message shortcuts start from: the channel's binding (an unbound channel gets a modal
 * saying how to bind, and the shortcut stops), the message as a source, and the modal context.
 */
import type { MessageShortcut, webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { Binding } from '../../store/bindings.js';
import { locateMessage } from './locate-message.js';
import { readMessageSource, type MessageSource } from './message-source.js';
import { encodeContext } from '../board/modal-context.js';
import { unboundModal } from '../board/views/modal-parts.js';

export interface ShortcutSource {
  binding: Binding;
  source: MessageSource;
  /** The encoded modal context (project, channel, message, thread, permalink). */
  privateMetadata: string;
}

/** Null when the channel is unbound; the "how to bind" modal has then been opened. */
export async function shortcutSource(deps: RadarDeps, client: webApi.WebClient, shortcut: MessageShortcut, purpose: string): Promise<ShortcutSource | null> {
  const where = locateMessage(shortcut);
  const binding = await deps.bindings.get(where.teamId, where.channelId);
  if (!binding) {
    await client.views.open({ trigger_id: shortcut.trigger_id, view: unboundModal(purpose) });
    return null;
  }
  const source = await readMessageSource(client, where, shortcut.message);
  const privateMetadata = encodeContext(deps, where.teamId, {
    projectId: binding.projectId,
    projectName: binding.projectName,
    channelId: where.channelId,
    messageTs: where.messageTs,
    ...(where.threadTs ? { threadTs: where.threadTs } : {}),
    ...(source.permalink ? { permalink: source.permalink } : {}),
    openedBy: shortcut.user.id,
  });
  return { binding, source, privateMetadata };
}
