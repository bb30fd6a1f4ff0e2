/**
 * BACKGROUND_JOBS=bullmq: a poller's cycle as BullMQ jobs on the Redis the replicas share
 * (src/features/background/queued-poller.ts). Real Redis, real BullMQ; the killed replica is a real
 * process killed with SIGKILL while a poll is in its hands.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Worker } from '../../../src/deps.js';
import { createPoller } from '../../../src/features/background/poller-skeleton.js';
import { silentLogger } from '../../../src/log.js';
import type { Timing } from '../../../src/timing.js';

const REDIS_URL = process.env.REDIS_URL ?? '';
const LEASE_MS = 1_000;
/** Long enough that no second cycle starts while a test looks at the first. */
const INTERVAL_MS = 3_600_000;
const WAIT = { timeout: 30_000, interval: 20 };

describe.skipIf(!REDIS_URL)('background polls as BullMQ jobs (BACKGROUND_JOBS=bullmq)', () => {
  const prefix = `jobs-${randomUUID().slice(0, 8)}`;
  const started: Worker[] = [];
  const children: ChildProcess[] = [];

  function replica(name: string, groups: readonly string[], poll: (key: string) => Promise<void>): Worker {
    const worker = createPoller<string>({
      name: 'test-poller',
      lease: 'test:poller',
      intervalMs: INTERVAL_MS,
      deps: {
        store: undefined as never,
        timing: { leaseTtlMs: LEASE_MS, maxConcurrentPolls: 4 } as Timing,
        now: () => new Date(),
        config: { backgroundJobs: 'bullmq', storeUrl: REDIS_URL, storePrefix: prefix },
      },
      logger: silentLogger,
      cycleFailed: `${name}: cycle failed`,
      groups: () => Promise.resolve(new Map(groups.map((g) => [g, g]))),
      poll,
    });
    started.push(worker);
    return worker;
  }

  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const worker of started.splice(0)) await worker.stop();
    const queue = new Queue('test-poller', { connection: { url: REDIS_URL }, prefix: `${prefix}-bull` });
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('two replicas split one cycle: eight polls held at once need both (each takes maxConcurrentPolls, four, at a time)', async () => {
    const groups = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const polledBy = new Map<string, string[]>();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const pollAs = (name: string) => async (key: string) => {
      polledBy.set(key, [...(polledBy.get(key) ?? []), name]);
      await released;
    };
    const one = replica('one', groups, pollAs('one'));
    const two = replica('two', groups, pollAs('two'));
    await Promise.all([one.start(), two.start()]);

    await vi.waitFor(() => expect(polledBy.size).toBe(8), WAIT);
    release();
    const byReplica = [...polledBy.values()].flat();
    expect(byReplica.filter((n) => n === 'one')).toHaveLength(4);
    expect(byReplica.filter((n) => n === 'two')).toHaveLength(4);
    // Every group once: a group's poll is not added again while it is queued or polling.
    expect([...polledBy.values()].every((names) => names.length === 1)).toBe(true);
  });

  it('a replica killed with a poll in hand: another replica polls that group', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/features/background/support/queued-replica.ts'], {
      env: { ...process.env, RADAR_TEST_GROUPS: 'slow', RADAR_TEST_HANG: 'slow', RADAR_TEST_INTERVAL_MS: String(INTERVAL_MS), RADAR_TEST_LEASE_MS: String(LEASE_MS), RADAR_TEST_PREFIX: prefix },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await vi.waitFor(() => expect(out).toContain('polling slow'), WAIT);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const polled: string[] = [];
    const survivor = replica('survivor', ['slow'], (key) => {
      polled.push(key);
      return Promise.resolve();
    });
    await survivor.start();
    // The scheduler's next cycle is an hour away: the survivor's poll of `slow` is the dead replica's
    // job, moved back to the queue by BullMQ's stalled check once its lock lapsed.
    await vi.waitFor(() => expect(polled).toEqual(['slow']), WAIT);
  });
});
