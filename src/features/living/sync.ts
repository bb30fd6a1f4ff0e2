/**
 * Thread and ticket in step (issue 30 item 6), in a channel where `/radar sync on`:
 * - a person's reply in a linked thread becomes a comment on the ticket (their name, then the text as
 *   Markdown); an edit of the reply edits the comment (the key wrote it, so it may: spec 4.6), a
 *   deleted reply deletes it. Each reply is claimed in the thread's record before the comment is
 *   written, so a delivery seen twice (a retry, another replica) writes one comment.
 * - a comment written on the board appears in the thread once (the claim ledger protocol, keyed by the
 *   comment's id; after a crash the thread is searched for the copy by its metadata); an edit on the
 *   board updates the copy, a deleted comment takes its copy away. Comments the thread wrote (or that
 *   were there before sync began) are never copied back.
 * Bots' messages and Radar's own are never copied (no loops).
 */
import { createHash } from 'node:crypto';
import type { webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { Comment, Ticket } from '../../service/index.js';
import { isUnreadable, readable } from '../../service/tolerant.js';
import { decodeSlackEntities, escapeMrkdwn, LIMITS, markdownToMrkdwn, section, truncate } from '../../slack/blocks/index.js';
import { TICKET_IDS } from '../../slack/ids.js';
import type { SyncedComment, TicketThread } from '../../store/ticket-threads.js';
import { deliverOnce, isDelivered } from '../background/deliver-once.js';
import type { LivingContext } from './show.js';
import { ticketMetadata } from './ticket-state.js';

/** Spec 8: a comment body holds at most 20,000 characters. */
const COMMENT_MAX = 20_000;

const hashOf = (body: string) => createHash('sha256').update(body).digest('hex').slice(0, 24);

/** Slack's mrkdwn as Markdown: links `[label](url)`, mentions by name, bold `**`, strike `~~`; entities decoded. */
export function markdownFromSlack(text: string): string {
  const marked = text
    .replace(/<((?:https?|mailto):[^|>]+)\|([^>]+)>/g, '[$2]($1)')
    .replace(/<((?:https?|mailto):[^>]+)>/g, '<$1>')
    .replace(/<#[A-Z0-9]+\|([^>]+)>/g, '#$1')
    .replace(/<([@#!][^|>]+)(?:\|([^>]+))?>/g, (_m, id: string, label?: string) => (label ? `@${label}` : id))
    .replace(/(^|[\s(])\*([^*\n]+)\*(?=[\s).,!?:;]|$)/gm, '$1**$2**')
    .replace(/(^|[\s(])~([^~\n]+)~(?=[\s).,!?:;]|$)/gm, '$1~~$2~~');
  return decodeSlackEntities(marked);
}

/** The comment a Slack reply becomes: who wrote it, then the text. */
export function commentBody(author: string, text: string): string {
  return truncate(`**${author}** wrote in Slack:\n\n${markdownFromSlack(text)}`, COMMENT_MAX);
}

/** A board comment as its copy in the thread. */
export function copyOfComment(comment: Comment): { text: string; blocks: ReturnType<typeof section>[] } {
  const author = !isUnreadable(comment.author) && comment.author?.fullName ? comment.author.fullName : 'Someone';
  const head = `:speech_balloon: *${escapeMrkdwn(author)}* commented on the board${comment.edited === true ? ' (edited)' : ''}:`;
  const body = markdownToMrkdwn(comment.body);
  return { text: truncate(`${author} commented on the board: ${comment.body}`, LIMITS.messageText), blocks: [section(`${head}\n${body}`)] };
}

// ---------------------------------------------------------------------------------------------
// Board -> thread

/** The mark that says whether the ticket's comments may have changed since they were last read. */
export function commentsMarkOf(ticket: Ticket): string | null {
  const count = typeof ticket.commentCount === 'number' ? ticket.commentCount : null;
  const activity = typeof ticket.lastActivityAt === 'string' ? ticket.lastActivityAt : null;
  const updated = typeof ticket.updatedAt === 'string' ? ticket.updatedAt : null;
  return count === null && activity === null && updated === null ? null : `${count}|${activity}|${updated}`;
}

const commentUpdatedAt = (c: Comment) => (typeof c.updatedAt === 'string' ? c.updatedAt : null);

/** Copies the board's new comments into the thread, follows edits and deletes; reads comments only when the ticket's mark moved. */
export async function copyBoardComments(deps: Pick<RadarDeps, 'service' | 'background'>, ctx: LivingContext, thread: TicketThread, ticket: Ticket): Promise<void> {
  const mark = commentsMarkOf(ticket);
  if (mark !== null && mark === thread.commentsMark) return;
  const comments = readable(await deps.background.run(() => deps.service.listComments(thread.projectId, thread.ticketId)));
  const where = [thread.teamId, thread.channelId, thread.threadTs] as const;

  if (thread.commentsMark === null) {
    // Sync starts now: what is on the board already is known, not copied.
    await ctx.threads.update(...where, (current) => {
      const known = new Set(current.comments.map((c) => c.commentId));
      for (const c of comments) if (!known.has(c.id)) current.comments.push({ commentId: c.id, ts: null, from: 'known', updatedAt: commentUpdatedAt(c) });
      current.commentsMark = mark ?? '';
      return current;
    });
    return;
  }

  const byId = new Map(thread.comments.filter((c) => c.commentId !== null).map((c) => [c.commentId as string, c]));
  const pendingHashes = new Map(thread.comments.filter((c) => c.commentId === null && c.bodyHash).map((c) => [c.bodyHash as string, c]));
  let complete = true;
  for (const comment of comments) {
    const known = byId.get(comment.id);
    if (known) {
      if (known.from === 'board' && known.ts && commentUpdatedAt(comment) !== known.updatedAt) {
        const copy = copyOfComment(comment);
        try {
          await ctx.client.chat.update({ channel: thread.channelId, ts: known.ts, text: copy.text, blocks: copy.blocks, metadata: ticketMetadata({ projectId: thread.projectId, ticketId: thread.ticketId, commentId: comment.id }) });
          await setComment(ctx, thread, comment.id, { updatedAt: commentUpdatedAt(comment) });
        } catch (error) {
          complete = false;
          ctx.logger.warn('could not follow a board comment’s edit in its thread', { channel: thread.channelId, commentId: comment.id, error });
        }
      }
      continue;
    }
    const pending = pendingHashes.get(hashOf(comment.body));
    if (pending && comment.origin === 'api') {
      // A Slack reply whose comment was written but not recorded (a crash): it is that reply's, never copied back.
      await ctx.threads.update(...where, (current) => {
        const entry = current.comments.find((c) => c.commentId === null && c.ts === pending.ts);
        if (!entry) return undefined;
        Object.assign(entry, { commentId: comment.id, bodyHash: undefined });
        return current;
      });
      continue;
    }
    if (!(await copyOne(ctx, thread, comment))) complete = false;
  }
  // Comments gone from the board: a copy Radar made goes too; a person's Slack reply stays (it is theirs).
  const present = new Set(comments.map((c) => c.id));
  for (const gone of thread.comments.filter((c) => c.commentId !== null && !present.has(c.commentId))) {
    if (gone.from === 'board' && gone.ts) {
      try {
        await ctx.client.chat.delete({ channel: thread.channelId, ts: gone.ts });
      } catch (error) {
        if ((error as { data?: { error?: string } }).data?.error !== 'message_not_found') {
          complete = false;
          ctx.logger.warn('could not take away the copy of a deleted board comment', { channel: thread.channelId, commentId: gone.commentId, error });
          continue;
        }
      }
    }
    await ctx.threads.update(...where, (current) => ({ ...current, comments: current.comments.filter((c) => c.commentId !== gone.commentId) }));
  }
  if (complete) {
    await ctx.threads.update(...where, (current) => ({ ...current, commentsMark: mark ?? '' }));
  }
}

async function setComment(ctx: LivingContext, thread: TicketThread, commentId: string, patch: Partial<SyncedComment>): Promise<void> {
  await ctx.threads.update(thread.teamId, thread.channelId, thread.threadTs, (current) => {
    const entry = current.comments.find((c) => c.commentId === commentId);
    if (entry) Object.assign(entry, patch);
    else current.comments.push({ commentId, ts: null, from: 'board', updatedAt: null, ...patch });
    return current;
  });
}

/** Posts one board comment in the thread, exactly once; true when it is there (now or before). */
async function copyOne(ctx: LivingContext, thread: TicketThread, comment: Comment): Promise<boolean> {
  const key = { teamId: thread.teamId, channelId: thread.channelId, runId: `${thread.threadTs}:comment:${comment.id}` };
  const metadata = ticketMetadata({ projectId: thread.projectId, ticketId: thread.ticketId, commentId: comment.id });
  const outcome = await deliverOnce(ctx, key, {
    what: 'board comment copy',
    async findEarlier() {
      const botId = await ctx.botId({ channel: thread.channelId, teamId: thread.teamId });
      const replies = await ctx.client.conversations.replies({ channel: thread.channelId, ts: thread.threadTs, include_all_metadata: true, limit: 200 });
      const found = (replies.messages ?? []).find(
        (m) => m.bot_id === botId && m.metadata?.event_type === TICKET_IDS.eventType && (m.metadata.event_payload as Record<string, unknown> | undefined)?.comment_id === comment.id,
      );
      return found?.ts ?? null;
    },
    render: async () => copyOfComment(comment),
    async post(copy) {
      const posted = await ctx.client.chat.postMessage({ channel: thread.channelId, thread_ts: thread.threadTs, text: copy.text, blocks: copy.blocks, metadata, unfurl_links: false });
      if (!posted.ts) throw new Error('chat.postMessage answered without a ts');
      return posted.ts;
    },
    followUp: async () => undefined,
    completeRecovered: async () => undefined,
  });
  if (isDelivered(outcome)) {
    const ts = outcome.kind === 'already_posted' ? null : outcome.ts;
    await setComment(ctx, thread, comment.id, { from: 'board', updatedAt: commentUpdatedAt(comment), ...(ts ? { ts } : {}) });
    if (ts) ctx.logger.info('board comment copied into its thread', { channel: thread.channelId, commentId: comment.id, ts });
    return true;
  }
  if (outcome.kind === 'retry_later') ctx.logger.warn('could not copy a board comment into its thread; trying again next cycle', { channel: thread.channelId, commentId: comment.id, error: outcome.error });
  return false;
}

// ---------------------------------------------------------------------------------------------
// Thread -> board

/** A message event as Slack sends it (the parts sync reads). */
export interface MessageEvent {
  type: 'message';
  subtype?: string;
  channel: string;
  user?: string;
  bot_id?: string;
  text?: string;
  ts: string;
  thread_ts?: string;
  deleted_ts?: string;
  message?: { user?: string; bot_id?: string; subtype?: string; text?: string; ts: string; thread_ts?: string; edited?: { ts?: string } };
  previous_message?: { user?: string; bot_id?: string; ts: string; thread_ts?: string };
}

export interface SyncDeps {
  deps: Pick<RadarDeps, 'service' | 'logger' | 'now'>;
  ctx: LivingContext;
  isOn(teamId: string, channelId: string): Promise<boolean>;
  client: webApi.WebClient;
  /** Radar's own bot user id: its messages are never copied. */
  botUserId: string | undefined;
}

const fromABot = (m: { user?: string | undefined; bot_id?: string | undefined; subtype?: string | undefined }, botUserId: string | undefined) =>
  m.bot_id !== undefined || m.subtype === 'bot_message' || (botUserId !== undefined && m.user === botUserId);

async function authorName(client: webApi.WebClient, user: string): Promise<string> {
  const info = await client.users.info({ user }).catch(() => null);
  return info?.user?.real_name || info?.user?.profile?.display_name || info?.user?.name || user;
}

/** Handles one message event in a channel: a reply, an edit or a delete in a linked thread. */
export async function syncThreadMessage(s: SyncDeps, teamId: string, event: MessageEvent): Promise<void> {
  if (event.subtype === 'message_changed' && event.message) return syncEdit(s, teamId, event.channel, event.message);
  if (event.subtype === 'message_deleted' && event.previous_message) return syncDelete(s, teamId, event.channel, event.previous_message);
  if (event.subtype !== undefined && event.subtype !== 'thread_broadcast') return;
  if (!event.thread_ts || event.thread_ts === event.ts || !event.user || fromABot(event, s.botUserId)) return;
  const thread = await s.ctx.threads.get(teamId, event.channel, event.thread_ts);
  if (!thread || !(await s.isOn(teamId, event.channel))) return;
  const body = commentBody(await authorName(s.client, event.user), event.text ?? '');
  // Claimed in the record first: a second delivery of the same reply finds it there and writes nothing.
  let claimed = false;
  await s.ctx.threads.update(teamId, event.channel, event.thread_ts, (current) => {
    claimed = false;
    if (current.comments.some((c) => c.ts === event.ts)) return undefined;
    claimed = true;
    current.comments.push({ commentId: null, ts: event.ts, from: 'slack', updatedAt: event.ts, bodyHash: hashOf(body) });
    return current;
  });
  if (!claimed) return;
  try {
    const comment = await s.deps.service.createComment(thread.projectId, thread.ticketId, body);
    await s.ctx.threads.update(teamId, event.channel, event.thread_ts, (current) => {
      const entry = current.comments.find((c) => c.ts === event.ts);
      if (!entry) return undefined;
      Object.assign(entry, { commentId: comment.id, bodyHash: undefined });
      return current;
    });
    s.deps.logger.info('thread reply copied to its ticket as a comment', { channel: event.channel, ts: event.ts, ticketId: thread.ticketId, commentId: comment.id });
  } catch (error) {
    s.deps.logger.warn('could not copy a thread reply to its ticket', { channel: event.channel, ts: event.ts, ticketId: thread.ticketId, error });
    await s.ctx.threads.update(teamId, event.channel, event.thread_ts, (current) => ({ ...current, comments: current.comments.filter((c) => !(c.ts === event.ts && c.commentId === null)) }));
  }
}

async function syncEdit(s: SyncDeps, teamId: string, channel: string, message: NonNullable<MessageEvent['message']>): Promise<void> {
  if (!message.thread_ts || message.thread_ts === message.ts || !message.user || fromABot(message, s.botUserId)) return;
  const thread = await s.ctx.threads.get(teamId, channel, message.thread_ts);
  if (!thread || !(await s.isOn(teamId, channel))) return;
  const editedAt = message.edited?.ts ?? s.deps.now().toISOString();
  const body = commentBody(await authorName(s.client, message.user), message.text ?? '');
  // The edit is claimed by its time: the same edit delivered twice is written once.
  let commentId: string | null = null;
  await s.ctx.threads.update(teamId, channel, message.thread_ts, (current) => {
    commentId = null;
    const entry = current.comments.find((c) => c.ts === message.ts && c.from === 'slack' && c.commentId !== null);
    if (!entry || entry.updatedAt === editedAt) return undefined;
    commentId = entry.commentId;
    entry.updatedAt = editedAt;
    return current;
  });
  if (commentId === null) return;
  try {
    await s.deps.service.updateComment(thread.projectId, thread.ticketId, commentId, body);
  } catch (error) {
    s.deps.logger.warn('could not follow a thread reply’s edit on its ticket', { channel, ts: message.ts, commentId, error });
  }
}

async function syncDelete(s: SyncDeps, teamId: string, channel: string, previous: NonNullable<MessageEvent['previous_message']>): Promise<void> {
  if (!previous.thread_ts || previous.thread_ts === previous.ts || fromABot(previous, s.botUserId)) return;
  const thread = await s.ctx.threads.get(teamId, channel, previous.thread_ts);
  if (!thread || !(await s.isOn(teamId, channel))) return;
  let commentId: string | null = null;
  await s.ctx.threads.update(teamId, channel, previous.thread_ts, (current) => {
    commentId = null;
    const entry = current.comments.find((c) => c.ts === previous.ts && c.from === 'slack' && c.commentId !== null);
    if (!entry) return undefined;
    commentId = entry.commentId;
    return { ...current, comments: current.comments.filter((c) => c !== entry) };
  });
  if (commentId === null) return;
  try {
    await s.deps.service.deleteComment(thread.projectId, thread.ticketId, commentId);
  } catch (error) {
    s.deps.logger.warn('could not delete the comment of a deleted thread reply', { channel, ts: previous.ts, commentId, error });
  }
}
