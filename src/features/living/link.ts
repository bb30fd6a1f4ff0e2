/**
 * Linking a thread to the ticket just made from it (issue 30 item 5): the ticket flow (from a watch
 * message's button or the message shortcut) reads the source message's metadata first (a `radar_change`
 * watch message is living: its metadata also names competitor, dimension and run for the confirmation's
 * `radar_ticket` metadata), posts its confirmation with the ticket's state, then links both messages
 * to the ticket and shows the ticket on the watch message at once.
 */
import { WATCH_IDS } from '../../slack/ids.js';
import type { ShownState, TicketThread } from '../../store/ticket-threads.js';
import { readMessage, showState, type LivingContext } from './show.js';
import type { TicketMetadataRef } from './ticket-state.js';

const WATCH_EVENT_TYPES: readonly string[] = [WATCH_IDS.eventType, WATCH_IDS.earlierEventType];

/** What a watch message's metadata says about it; null when the message is not a watch message. */
export interface WatchSource {
  competitor: string | null;
  dimension: string | null;
  runId: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The watch message a ticket is made from, read back from Slack; null when the message is a reply,
 * not a watch message, or could not be read (the ticket is made all the same).
 */
export async function watchSourceOf(ctx: LivingContext, where: { channelId: string; messageTs: string; threadTs?: string | undefined }): Promise<WatchSource | null> {
  if (where.threadTs !== undefined && where.threadTs !== where.messageTs) return null;
  try {
    const message = await readMessage(ctx.client, where.channelId, where.messageTs, where.messageTs);
    if (!message?.metadata?.event_type || !WATCH_EVENT_TYPES.includes(message.metadata.event_type)) return null;
    const payload = message.metadata.event_payload ?? {};
    return { competitor: text(payload.competitor), dimension: text(payload.dimension), runId: text(payload.run_id) };
  } catch (error) {
    ctx.logger.info('could not read the message a ticket was made from; it is not updated', { channel: where.channelId, error });
    return null;
  }
}

export const watchMetadata = (source: WatchSource | null): Omit<TicketMetadataRef, 'projectId' | 'ticketId'> =>
  source ? { competitor: source.competitor, dimension: source.dimension, runId: source.runId } : {};

export interface NewLink {
  teamId: string;
  channelId: string;
  /** The thread's parent: the watch message, or the message the shortcut was used on (or its thread's parent). */
  threadTs: string;
  /** The watch message itself when the ticket was made from one. */
  watchTs: string | null;
  /** Radar's confirmation in the thread (null: it could not be posted) and its own line. */
  confirmation: { ts: string; text: string } | null;
  ticket: { projectId: string; ticketId: string; ticketNumber: number; title: string };
  /** The ticket's state as the create answered it (the confirmation shows it already). */
  state: ShownState;
}

/**
 * The ticket the thread follows already when it is another one than `ticket` (of the same project): the
 * first ticket linked stays the thread's (docs/assumptions.md), so the new one's confirmation says so.
 */
export async function followedElsewhere(ctx: LivingContext, where: { teamId: string; channelId: string; threadTs: string }, ticket: { projectId: string; ticketId: string }): Promise<TicketThread | null> {
  const thread = await ctx.threads.get(where.teamId, where.channelId, where.threadTs).catch(() => undefined);
  return thread && thread.projectId === ticket.projectId && thread.ticketId !== ticket.ticketId ? thread : null;
}

/** Records the links; the watch message shows the ticket at once. Failures are logged, never thrown. */
export async function linkTicketThread(ctx: LivingContext, link: NewLink): Promise<void> {
  const where = { teamId: link.teamId, channelId: link.channelId, threadTs: link.threadTs };
  const now = ctx.now();
  const ours = (thread: TicketThread) => thread.projectId === link.ticket.projectId && thread.ticketId === link.ticket.ticketId;
  try {
    if (link.confirmation) {
      const linked = await ctx.threads.link(where, link.ticket, { ts: link.confirmation.ts, kind: 'confirmation', text: link.confirmation.text }, now);
      if (!ours(linked)) {
        ctx.logger.info('the thread follows another ticket already; this one is not linked', { channel: link.channelId, ticketId: link.ticket.ticketId, followed: linked.ticketId });
        return;
      }
      // Posted showing the state: recorded as shown then (the next change waits its minute).
      await ctx.threads.update(link.teamId, link.channelId, link.threadTs, (current) => {
        const m = current.messages.find((x) => x.ts === link.confirmation?.ts);
        if (!m) return undefined;
        Object.assign(m, { shown: link.state, updatedAt: now.toISOString() });
        return current;
      });
    }
    if (link.watchTs === null) return;
    const thread = await ctx.threads.link(where, link.ticket, { ts: link.watchTs, kind: 'watch', text: null }, now);
    if (!ours(thread)) return;
    const message = thread.messages.find((m) => m.ts === link.watchTs);
    if (message) await showState(ctx, thread, message, link.state);
  } catch (error) {
    ctx.logger.warn('could not link the ticket to its thread; its messages will not follow the board', { channel: link.channelId, ticketId: link.ticket.ticketId, error });
  }
}
