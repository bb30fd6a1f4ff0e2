/**
 * The living poller (issue 30 items 5 and 6), on the background skeleton
 * (src/features/background/poller-skeleton.ts): the replica holding the `living:poller` lease reads,
 * every `WATCH_INTERVAL_SECONDS` (the watch poller's rhythm), each project's board ONCE (one ticket
 * list read, however many threads and messages link to it), and shows each linked message its
 * ticket's column and assignee (src/features/living/show.ts: at most once a minute per message,
 * exactly once per update). A ticket the list does not hold (closed over 30 days ago, or deleted) is
 * read on its own, unless its messages have shown it closed for over 30 days: a 404 is shown as gone. In a channel with thread sync on, a ticket whose comment count or
 * activity moved has its comments read and copied into the thread (src/features/living/sync.ts).
 */
import type { RadarDeps, Worker } from '../../deps.js';
import { isServiceError } from '../../service/errors.js';
import type { Ticket } from '../../service/index.js';
import { readable, unreadableOf } from '../../service/tolerant.js';
import type { SyncSettingsRepo } from '../../store/sync-settings.js';
import type { LivingMessage, TicketThread } from '../../store/ticket-threads.js';
import { createPoller, forEachChannel, teamsOfList } from '../background/poller-skeleton.js';
import { showState, type LivingContext } from './show.js';
import { copyBoardComments } from './sync.js';
import { GONE, goneState, stateOf } from './ticket-state.js';

export const LIVING_LEASE = 'living:poller';

/** States after which a ticket missing from the list is not read again (it stays as shown). */
const CLOSED = new Set(['done', 'dismissed', GONE]);
/** The list holds done and dismissed tickets for 30 days (spec 4.6, `closed=recent`). */
const RECENT_MS = 30 * 24 * 60 * 60 * 1000;

/** A message that has shown its ticket closed for longer than the list keeps closed tickets: nothing left to follow. */
const shownClosedLongAgo = (m: LivingMessage, now: Date) =>
  m.shown !== null && CLOSED.has(m.shown.status) && m.updatedAt !== null && now.getTime() - Date.parse(m.updatedAt) > RECENT_MS;

export function createLivingWorker(deps: RadarDeps, ctx: LivingContext, sync: SyncSettingsRepo): Worker {
  const logger = ctx.logger;

  async function groups(): Promise<Map<string, TicketThread[]>> {
    const out = new Map<string, TicketThread[]>();
    for (const thread of await ctx.threads.listAll()) {
      const group = out.get(thread.projectId);
      if (group) group.push(thread);
      else out.set(thread.projectId, [thread]);
    }
    return out;
  }

  async function poll(projectId: string, threads: TicketThread[], signal: AbortSignal): Promise<void> {
    let tickets: Map<string, Ticket>;
    let whole: boolean;
    try {
      // The one board read of this project this cycle.
      const list = await deps.background.run(() => deps.service.listTickets(projectId));
      tickets = new Map(readable(list.items).map((t) => [t.id, t]));
      whole = !list.hasMore && unreadableOf(list.items).length === 0;
    } catch (error) {
      logger.warn('could not read a board for its living messages; trying again next cycle', { projectId, error });
      return;
    }
    await forEachChannel(
      deps.timing,
      threads,
      async (listed) => {
        if (signal.aborted) return;
        // Read afresh: a message shown, dropped or relinked since the listing is treated as it is now.
        const thread = await ctx.threads.get(listed.teamId, listed.channelId, listed.threadTs);
        if (!thread || thread.projectId !== projectId) return;
        const binding = await deps.bindings.get(thread.teamId, thread.channelId);
        if (binding?.projectId !== projectId) return;
        let ticket = tickets.get(thread.ticketId);
        let state = ticket ? stateOf(ticket) : whole ? goneState() : null;
        if (!ticket && !whole && !thread.messages.every((m) => shownClosedLongAgo(m, deps.now()))) {
          // Not in the list (deleted, or closed over 30 days ago) and not shown closed that long: this one ticket is read.
          const one = await readOne(projectId, thread.ticketId);
          ticket = one ?? undefined;
          state = one === null ? goneState() : one ? stateOf(one) : null;
        }
        if (state) {
          for (const message of thread.messages) {
            if (signal.aborted) return;
            await showState(ctx, thread, message, state);
          }
        }
        if (ticket && (await sync.isOn(thread.teamId, thread.channelId))) {
          const fresh = await ctx.threads.get(thread.teamId, thread.channelId, thread.threadTs);
          if (fresh) await copyBoardComments(deps, ctx, fresh, ticket);
        }
      },
      (thread, error) => logger.error('a ticket thread’s update failed', { channel: thread.channelId, ticketId: thread.ticketId, error }),
    );
  }

  /** One ticket read; null when the board says it is gone (404), undefined when the read failed. */
  async function readOne(projectId: string, ticketId: string): Promise<Ticket | null | undefined> {
    try {
      return await deps.background.run(() => deps.service.getTicket(projectId, ticketId));
    } catch (error) {
      if (isServiceError(error) && error.status === 404) return null;
      logger.warn('could not read a ticket missing from its board list; trying again next cycle', { projectId, ticketId, error });
      return undefined;
    }
  }

  return createPoller<TicketThread[]>({
    name: 'living-poller',
    lease: LIVING_LEASE,
    intervalMs: deps.config.watchIntervalSeconds * 1000,
    deps,
    logger,
    cycleFailed: 'living poll failed',
    groups,
    poll,
    teams: teamsOfList,
  });
}
