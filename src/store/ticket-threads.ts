/**
 * The link between a Slack thread and the ticket made from it (issue 30, items 5 and 6): one record
 * per (team, channel, thread ts) naming (project, ticket id), the messages of that thread that show
 * the ticket as it is now (the watch message the thread hangs from, Radar's ticket confirmation in
 * it), what each last showed and when, and, for thread sync, which Slack message is which comment.
 * The first ticket linked to a thread stays the thread's: a later ticket made from (or a message of
 * it added to) the same thread does not replace it (its confirmation says which ticket the thread
 * follows); a record of another project (the channel rebound since) is replaced. Records live 90 days after their last write. Writes go through `store.update`.
 */
import * as z from 'zod';
import { bindingKey } from './bindings.js';
import { recordReader } from './records.js';
import type { Store } from './backends/store.js';

export const TICKET_THREADS_NAMESPACE = 'ticket-threads';
/** How long a record lives after its last write. */
export const TICKET_THREAD_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** What a living message shows of its ticket: the column and the assignee's name (null: unassigned), or that it is gone. */
export interface ShownState {
  status: string;
  assignee: string | null;
}

export interface LivingMessage {
  ts: string;
  /** `watch`: Radar's watch message the ticket was made from; `confirmation`: Radar's reply saying it was made. */
  kind: 'watch' | 'confirmation';
  /** A confirmation's own line (mrkdwn), drawn again above the ticket's state on each update. */
  text: string | null;
  /** What it shows now (null: nothing of the ticket's state yet). */
  shown: ShownState | null;
  /** When Radar last updated it (ISO 8601); at most once a minute. */
  updatedAt: string | null;
  /** Counts the updates recorded: part of each update's ledger key. */
  version: number;
}

/** A Slack message and the comment it is (thread sync). `from`: where it was written first. */
export interface SyncedComment {
  /** Null while a Slack reply's comment is being written (claimed, not yet answered). */
  commentId: string | null;
  /** The Slack message's ts (null: a board comment known before sync started, never copied). */
  ts: string | null;
  from: 'slack' | 'board' | 'known';
  /** The comment's updatedAt when last copied (board comments), to follow edits. */
  updatedAt: string | null;
  /** A pending Slack reply's body hash: a comment found on the board with it is this reply's, never copied back. */
  bodyHash?: string | undefined;
}

export interface TicketThread {
  teamId: string;
  channelId: string;
  threadTs: string;
  projectId: string;
  ticketId: string;
  ticketNumber: number;
  title: string;
  messages: LivingMessage[];
  comments: SyncedComment[];
  /** The ticket's comment count and last activity when its comments were last read (null: never read). */
  commentsMark: string | null;
  createdAt: string;
}

export interface TicketRef {
  projectId: string;
  ticketId: string;
  ticketNumber: number;
  title: string;
}

export interface TicketThreadsRepo {
  get(teamId: string, channelId: string, threadTs: string): Promise<TicketThread | undefined>;
  /** Every linked thread (the living poller groups them by project). */
  listAll(): Promise<TicketThread[]>;
  /**
   * Links the thread to `ticket` and adds (or keeps) `message`; when the thread already follows another
   * ticket of the same project, nothing is written and that record comes back (the caller compares).
   */
  link(where: { teamId: string; channelId: string; threadTs: string }, ticket: TicketRef, message: Pick<LivingMessage, 'ts' | 'kind' | 'text'>, now: Date): Promise<TicketThread>;
  /** Changes the record atomically; `change` returns the new record, or undefined to leave it. */
  update(teamId: string, channelId: string, threadTs: string, change: (current: TicketThread) => TicketThread | undefined): Promise<TicketThread | undefined>;
}

const shownSchema = z.looseObject({ status: z.string(), assignee: z.string().nullable().default(null) });
const messageSchema = z.looseObject({
  ts: z.string(),
  kind: z.enum(['watch', 'confirmation']),
  text: z.string().nullable().default(null),
  shown: shownSchema.nullable().default(null),
  updatedAt: z.string().nullable().default(null),
  version: z.number().int().default(0),
});
const commentSchema = z.looseObject({
  commentId: z.string().nullable(),
  ts: z.string().nullable().default(null),
  from: z.enum(['slack', 'board', 'known']),
  updatedAt: z.string().nullable().default(null),
  bodyHash: z.string().optional(),
});
const recordSchema = z.looseObject({
  teamId: z.string(),
  channelId: z.string(),
  threadTs: z.string(),
  projectId: z.string(),
  ticketId: z.string(),
  ticketNumber: z.number().int(),
  title: z.string(),
  messages: z.array(messageSchema).default([]),
  comments: z.array(commentSchema).default([]),
  commentsMark: z.string().nullable().default(null),
  createdAt: z.string(),
});

export const threadKey = (teamId: string, channelId: string, threadTs: string) => `${bindingKey(teamId, channelId)}:${threadTs}`;

export function createTicketThreadsRepo(store: Store): TicketThreadsRepo {
  const records = recordReader(store, TICKET_THREADS_NAMESPACE, recordSchema);
  const write = async (key: string, change: (current: TicketThread | undefined) => TicketThread | undefined): Promise<TicketThread | undefined> => {
    let after: TicketThread | undefined;
    const result = await store.update<unknown>(
      TICKET_THREADS_NAMESPACE,
      key,
      (current) => {
        const before = records.parse(key, current);
        after = change(before === undefined ? undefined : structuredClone(before));
        return after ?? undefined;
      },
      { ttlMs: TICKET_THREAD_TTL_MS },
    );
    return result.written ? after : records.parse(key, result.value);
  };
  return {
    get: (teamId, channelId, threadTs) => records.get(threadKey(teamId, channelId, threadTs)),
    async listAll() {
      return (await records.entries()).map((e) => e.value);
    },
    async link(where, ticket, message, now) {
      const linked = await write(threadKey(where.teamId, where.channelId, where.threadTs), (current) => {
        const same = current?.projectId === ticket.projectId && current.ticketId === ticket.ticketId;
        // The first ticket stays the thread's: another one of the same project does not replace it.
        if (current && !same && current.projectId === ticket.projectId) return undefined;
        const base: TicketThread =
          current && same
            ? { ...current, ticketNumber: ticket.ticketNumber, title: ticket.title }
            : { ...where, ...ticket, messages: [], comments: [], commentsMark: null, createdAt: now.toISOString() };
        // A message shown for another ticket starts over for this one (its version goes on: ledger keys stay new).
        const earlier = current?.messages.find((m) => m.ts === message.ts);
        const kept = base.messages.filter((m) => m.ts !== message.ts);
        const next: LivingMessage =
          same && earlier ? { ...earlier, text: message.text ?? earlier.text } : { ...message, shown: null, updatedAt: null, version: earlier?.version ?? 0 };
        return { ...base, messages: [...kept, next] };
      });
      if (!linked) throw new Error('ticket threads: the link was not written');
      // `write` answers the stored record when nothing was written (the thread follows another ticket).
      return linked;
    },
    update: (teamId, channelId, threadTs, change) => write(threadKey(teamId, channelId, threadTs), (current) => (current ? change(current) : undefined)),
  };
}
