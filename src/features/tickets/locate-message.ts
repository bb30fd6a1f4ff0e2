/** Where a message shortcut's message is: team, channel, its ts, and its thread when it is a reply. */
import type { MessageShortcut } from '@slack/bolt';
import type { MessageRef } from './message-source.js';

export function locateMessage(shortcut: MessageShortcut): MessageRef & { teamId: string } {
  const threadTs = shortcut.message.thread_ts;
  return {
    teamId: shortcut.team?.id ?? shortcut.user.team_id ?? '',
    channelId: shortcut.channel.id,
    messageTs: shortcut.message_ts,
    // A thread's parent carries its own ts as thread_ts; only a reply is "in a thread".
    ...(threadTs && threadTs !== shortcut.message_ts ? { threadTs } : {}),
  };
}

/** The ts a reply about the message goes under: its thread, or the message itself. */
export function threadOf(ref: { messageTs: string; threadTs?: string | undefined }): string {
  return ref.threadTs ?? ref.messageTs;
}
