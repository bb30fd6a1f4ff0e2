/** Delivering a write's outcome in Slack: the reply in the message's thread, and the modal's last state. */
import type { webApi } from '@slack/bolt';
import type { Logger } from '../../log.js';
import { LIMITS, escapeMrkdwn, truncate, type Block } from '../../slack/blocks/index.js';
import { threadOf } from './locate-message.js';
import type { ModalContext } from '../board/modal-context.js';
import type { ModalView } from '../board/views/modal-parts.js';

/** Slack's error code of a failed Web API call, when it has one. */
function slackError(error: unknown): string {
  const data = (error as { data?: { error?: unknown } }).data;
  return typeof data?.error === 'string' ? data.error : 'no answer';
}

/** What a reply carries beside its text: blocks and message metadata (`radar_ticket`). */
export interface ReplyExtras {
  blocks?: Block[];
  metadata?: { event_type: string; event_payload: Record<string, unknown> };
}

/** Replies in the message's thread; resolves to the note the confirmation shows about it, and the reply's ts (null: not posted). */
export async function replyInThread(client: webApi.WebClient, logger: Logger, ctx: ModalContext, text: string, extras: ReplyExtras = {}): Promise<{ note: string; ts: string | null }> {
  try {
    const posted = await client.chat.postMessage({
      channel: ctx.channelId,
      thread_ts: threadOf(ctx),
      text,
      unfurl_links: false,
      ...(extras.blocks ? { blocks: extras.blocks } : {}),
      ...(extras.metadata ? { metadata: extras.metadata } : {}),
    } as webApi.ChatPostMessageArguments);
    return { note: 'A reply in the message’s thread says so.', ts: posted.ts ?? null };
  } catch (error) {
    logger.info('could not reply in the message thread', { error, channel: ctx.channelId });
    return { note: `Radar couldn't reply in the message’s thread (${escapeMrkdwn(slackError(error))}); invite Radar to the channel for thread replies.`, ts: null };
  }
}

/**
 * Shows `view` in the person's modal. When the modal is gone (closed meanwhile), the person gets an
 * ephemeral message instead, carrying `fallback`, so what they typed is never lost.
 */
export async function showInModal(
  client: webApi.WebClient,
  logger: Logger,
  target: { viewId: string; channelId: string; userId: string },
  view: ModalView,
  fallback: string,
): Promise<void> {
  try {
    await client.views.update({ view_id: target.viewId, view });
  } catch (error) {
    logger.info('modal gone; telling the person in the channel instead', { error });
    await client.chat
      .postEphemeral({ channel: target.channelId, user: target.userId, text: truncate(fallback, LIMITS.messageText) })
      .catch((e: unknown) => logger.warn('could not reach the person either', { error: e }));
  }
}

/** A typed text quoted for an ephemeral fallback message. */
export function quoted(label: string, text: string): string {
  return text.trim() === '' ? '' : `\n*${label}:*\n\`\`\`${escapeMrkdwn(text.replace(/```/g, "'''"))}\`\`\``;
}
