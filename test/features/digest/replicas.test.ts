import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { expectNoViolations, startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { digestsIn, historyReads, poller, publish } from './support.js';

const NORTHWIND = SEED.projects.northwind.id;
const LEASE_TTL_MS = 1_000;

describe.skipIf(!process.env.REDIS_URL)('digests with two replicas on one Redis', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let replicas: RadarHarness[] = [];

  /** Two Radar replicas sharing the sandbox, Slack and one Redis namespace. */
  /** `jobs` '' leaves BACKGROUND_JOBS unset: the default for a redis:// store. */
  async function startReplicas(interval: string, leaseTtlMs: number, jobs: 'in-process' | 'bullmq' | '' = 'in-process'): Promise<[RadarHarness, RadarHarness]> {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack();
    const env = { DIGEST_INTERVAL_SECONDS: interval, STORE_PREFIX: `digest-${randomUUID().slice(0, 8)}`, BACKGROUND_JOBS: jobs };
    const options = { sandbox, slack, storeUrl: process.env.REDIS_URL ?? '', env, timing: { leaseTtlMs } };
    replicas = [await startRadarHarness(options), await startRadarHarness(options)];
    return replicas as [RadarHarness, RadarHarness];
  }

  afterEach(async () => {
    expectNoViolations(slack);
    for (const replica of replicas) await replica.stop();
    await slack.close();
    await sandbox.close();
  });

  it('post exactly one digest per channel, and only the lease holder polls', async () => {
    // A long lease, so a slow test machine cannot let it lapse (and move) between the rounds of ticks.
    const [a, b] = await startReplicas('3600', 10_000);
    await a.command('bind northwind', { channel: CHANNELS.intel });
    await b.command('bind northwind', { channel: CHANNELS.general });
    const edition = await publish(a, NORTHWIND);
    sandbox.control.clearRequests();
    await Promise.all([poller(a).tick(), poller(b).tick()]);
    await Promise.all([poller(a).tick(), poller(b).tick()]);

    expect(digestsIn(a, CHANNELS.intel, edition.runId)).toHaveLength(1);
    expect(digestsIn(a, CHANNELS.general, edition.runId)).toHaveLength(1);
    // Only the lease holder polled: one history read per round of ticks, never one per channel or replica.
    expect(historyReads(a, NORTHWIND)).toBe(2);
  });

  it('the other replica takes over when the polling one stops', async () => {
    const [a, b] = await startReplicas('1', LEASE_TTL_MS);
    await a.command('bind northwind', { channel: CHANNELS.intel });
    const first = await publish(a, NORTHWIND);
    await slack.waitForCall('chat.postMessage', (c) => c.args.channel === CHANNELS.intel);
    expect(digestsIn(a, CHANNELS.intel, first.runId)).toHaveLength(1);

    // Whichever replica polled (only its log says which), stop it; the other must pick up the next edition.
    const leader = a.logs.some((l) => l.includes('"leading"')) ? a : b;
    const follower = leader === a ? b : a;
    await leader.stopRadar();
    const second = await publish(follower, NORTHWIND);
    // Only the follower is running: the next edition's digest is its post. (How soon a survivor
    // takes over is leadership.test.ts's, on fake timers.)
    await slack.waitForCall('chat.postMessage', (c) => (c.args.metadata as { event_payload?: { run_id?: string } } | undefined)?.event_payload?.run_id === second.runId);
    expect(digestsIn(follower, CHANNELS.intel).map((m) => m.metadata?.event_payload.run_id)).toEqual([first.runId, second.runId]);
  });

  it('on Redis by default (BACKGROUND_JOBS unset, as =bullmq): the replicas take the cycle as jobs, and each channel gets its digest once', async () => {
    const [a, b] = await startReplicas('1', LEASE_TTL_MS, '');
    expect(a.radar.deps.config.backgroundJobs).toBe('bullmq');
    await a.command('bind northwind', { channel: CHANNELS.intel });
    await b.command('bind northwind', { channel: CHANNELS.general });
    const first = await publish(a, NORTHWIND);
    await slack.waitForCall('chat.postMessage', (c) => c.args.channel === CHANNELS.intel && (c.args.metadata as { event_payload?: { run_id?: string } } | undefined)?.event_payload?.run_id === first.runId);
    await slack.waitForCall('chat.postMessage', (c) => c.args.channel === CHANNELS.general && (c.args.metadata as { event_payload?: { run_id?: string } } | undefined)?.event_payload?.run_id === first.runId);
    // A later edition is posted too (the cycles go on), and still once per channel: the first stays single.
    const second = await publish(b, NORTHWIND);
    await slack.waitForCall('chat.postMessage', (c) => c.args.channel === CHANNELS.intel && (c.args.metadata as { event_payload?: { run_id?: string } } | undefined)?.event_payload?.run_id === second.runId);
    expect(digestsIn(a, CHANNELS.intel, first.runId)).toHaveLength(1);
    expect(digestsIn(a, CHANNELS.general, first.runId)).toHaveLength(1);
    // No lease was taken: the polls ran as jobs.
    expect([...a.logs, ...b.logs].some((l) => l.includes('"leading"'))).toBe(false);
  });
});
