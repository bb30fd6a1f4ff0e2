/**
 * A poller's cycles as BullMQ jobs (BACKGROUND_JOBS=bullmq, on the Redis the replicas share; issue
 * 32 item 4): the replicas split each cycle's polls instead of one lease holder doing them all.
 *
 * - A job scheduler puts one `cycle` job on the poller's queue every interval; every replica upserts
 *   the same scheduler, so there is one whatever their number. The first cycle runs at start.
 * - The replica that takes a cycle reads the cycle's groups and adds one `poll` job per group. A
 *   poll job's id is its group's key, so a group still queued or being polled is not added again:
 *   polls of one group never overlap, other groups never wait. The queue is what spreads the
 *   cycle's requests (the lease mode spreads its cycle over the interval instead).
 * - Every replica's BullMQ worker takes poll jobs, `timing.maxConcurrentPolls` at a time. A replica that dies
 *   mid-poll stops renewing its job's lock; BullMQ's stalled check hands the job to another replica
 *   after `timing.leaseTtlMs`. What a poll posts stays exactly-once through the delivery ledgers the
 *   polls already claim, so a poll taken over repeats reads, never posts.
 *
 * A group travels in the job as JSON, so a poller's groups are plain data (records, ids, lists).
 * `tick` (tests, `/radar digest now`) runs one cycle on this replica at once, as the lease mode does.
 */
import { Queue, Worker as BullWorker, type Job } from 'bullmq';
import type { Worker } from '../../deps.js';
import { groupPolls } from './group-polls.js';
import type { PollerOptions } from './poller-options.js';

/** A failed or finished job is not kept: the log has the failure, the next cycle polls again. */
const FORGET = { removeOnComplete: true, removeOnFail: true } as const;

interface PollData {
  key: string;
  group: unknown;
}

export interface QueueConnection {
  /** The Redis the replicas share (STORE_URL). */
  url: string;
  /** Keeps several Radar installations apart in one Redis (STORE_PREFIX). */
  prefix: string;
}

/** A poll job's id: BullMQ ids may not hold ':' and must not be all digits. */
const pollJobId = (key: string) => `poll-${Buffer.from(key).toString('base64url')}`;

export function createQueuedPoller<G>(options: PollerOptions<G>, connection: QueueConnection): Worker {
  const { deps, logger, intervalMs } = options;
  const queueName = options.name;
  const bull = { connection: { url: connection.url }, prefix: connection.prefix ? `${connection.prefix}-bull` : 'radar-bull' };
  const stopping = new AbortController();
  let queue: Queue | null = null;
  let worker: BullWorker | null = null;
  /** Local polls (tick), one at a time per group, as in the lease mode. */
  const local = groupPolls(options.poll);

  async function cycle(open: Queue): Promise<void> {
    const groups = [...(await options.groups()).entries()];
    await open.addBulk(
      groups.map(([key, group]) => ({
        name: 'poll',
        data: { key, group } satisfies PollData,
        opts: { jobId: pollJobId(key), ...FORGET },
      })),
    );
  }

  async function process(job: Job, _token?: string, signal?: AbortSignal): Promise<void> {
    const open = queue;
    if (!open || stopping.signal.aborted) return;
    if (job.name === 'cycle') return cycle(open);
    const { key, group } = job.data as PollData;
    await options.poll(key, group as G, signal ? AbortSignal.any([signal, stopping.signal]) : stopping.signal);
  }

  return {
    name: options.name,
    async start() {
      queue = new Queue(queueName, bull);
      queue.on('error', (error) => logger.warn('background job queue error', { queue: queueName, error }));
      // The scheduler's first cycle comes at the next multiple of the interval; the first one is now,
      // as in the lease mode. Its id names this interval, and the finished job is kept for one, so
      // replicas starting together add one cycle between them.
      await queue.upsertJobScheduler('cycle', { every: intervalMs }, { name: 'cycle', opts: FORGET });
      const window = Math.floor(Date.now() / intervalMs);
      await queue.add('cycle', {}, { jobId: `cycle-start-${window}`, removeOnComplete: { age: Math.ceil(intervalMs / 1000) }, removeOnFail: true });
      worker = new BullWorker(queueName, process, {
        ...bull,
        concurrency: deps.timing.maxConcurrentPolls,
        lockDuration: deps.timing.leaseTtlMs,
        stalledInterval: deps.timing.leaseTtlMs,
      });
      worker.on('error', (error) => logger.warn('background job worker error', { queue: queueName, error }));
      worker.on('failed', (job, error) => logger.error(job?.name === 'cycle' ? options.cycleFailed : 'background poll failed', { queue: queueName, error }));
    },
    async stop() {
      stopping.abort();
      await worker?.close();
      await Promise.all(local.inProgress());
      await queue?.close();
    },
    async tick() {
      const groups = [...(await options.groups()).entries()];
      await Promise.all(groups.map(([key, group]) => local.pollOnce(key, group, stopping.signal).catch((error: unknown) => logger.error(options.cycleFailed, { error }))));
    },
  };
}
