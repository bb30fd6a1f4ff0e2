/**
 * The living poller (issue 30 items 5 and 6), on the background skeleton
 * (src/features/background/poller-skeleton.ts): the replica holding the `living:poller` lease reads,
 * every `WATCH_INTERVAL_SECONDS` (the watch poller's rhythm), each project's board ONCE (one ticket
 * list read, however many threads and messages link to it), and shows each linked message its
 * ticket's column and assignee (src/features/living/show.ts: at most once a minute per message,
 * exactly once per update). A ticket the list no longer holds, when the list is whole and every item
 * readable, is shown as gone. In a channel with thread sync on, a ticket whose comment count or
 * activity moved has its comments read and copied into the thread (src/features/living/sync.ts).
 */
import type { RadarDeps, Worker } from '../../deps.js';
import type { Ticket } from '../../service/index.js';
import { readable, unreadableOf } from '../../service/tolerant.js';
import type { SyncSettingsRepo } from '../../store/sync-settings.js';
import type { TicketThread } from '../../store/ticket-threads.js';
import { createPoller, forEachChannel } from '../background/poller-skeleton.js';
import { showState, type LivingContext } from './show.js';
import { copyBoardComments } from './sync.js';
import { goneState, stateOf } from './ticket-state.js';

export const LIVING_LEASE = 'living:poller';

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
        const ticket = tickets.get(thread.ticketId);
        const state = ticket ? stateOf(ticket) : whole ? goneState() : null;
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

  return createPoller<TicketThread[]>({
    name: 'living-poller',
    lease: LIVING_LEASE,
    intervalMs: deps.config.watchIntervalSeconds * 1000,
    deps,
    logger,
    cycleFailed: 'living poll failed',
    groups,
    poll,
  });
}
