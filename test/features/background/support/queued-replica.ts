/**
 * A replica of a queued poller in a process of its own, for the kill test: polls the groups named in
 * RADAR_TEST_GROUPS, prints `polling <key>` as each poll starts, and never finishes the poll of
 * RADAR_TEST_HANG (the process is killed with it in hand).
 */
import { createPoller } from '../../../../src/features/background/poller-skeleton.js';
import { silentLogger } from '../../../../src/log.js';
import type { Timing } from '../../../../src/timing.js';

const env = process.env;
const groups = (env.RADAR_TEST_GROUPS ?? '').split(',');
const worker = createPoller<string>({
  name: 'test-poller',
  lease: 'test:poller',
  intervalMs: Number(env.RADAR_TEST_INTERVAL_MS),
  deps: {
    store: undefined as never,
    timing: { leaseTtlMs: Number(env.RADAR_TEST_LEASE_MS), maxConcurrentPolls: 4 } as Timing,
    now: () => new Date(),
    config: { backgroundJobs: 'bullmq', storeUrl: env.REDIS_URL ?? '', storePrefix: env.RADAR_TEST_PREFIX ?? '' },
  },
  logger: silentLogger,
  cycleFailed: 'test cycle failed',
  groups: () => Promise.resolve(new Map(groups.map((g) => [g, g]))),
  poll: async (key) => {
    process.stdout.write(`polling ${key}\n`);
    if (key === env.RADAR_TEST_HANG) await new Promise(() => undefined);
  },
});
await worker.start();
process.stdout.write('started\n');
