import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import { createDigestLedger } from '../../../src/store/digest-ledger.js';
import { openStore } from '../../../src/store/backends/open-store.js';
import { WATCH_LEDGER_NAMESPACE } from '../../../src/features/watches/deliver.js';
import { WATCH_LEASE } from '../../../src/features/watches/poller.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { expectNoViolations, startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';
import { CHANNELS, TEAM } from '../../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { ACTION_IDS } from '../../../src/slack/ids.js';
import { publishRun, reads, watchesIn, watchPoller } from './support.js';

const NW = SEED.projects.northwind.id;
const LEASE_TTL_MS = 1_000;
const rows = (planCount: number) => ({ competitors: [{ domain: 'pipedrift.com', isOwn: false, planCount, hasFreePlan: false }] });

// Like the digest replicas test: skipped without REDIS_URL; with it set and Redis down, the harness fails to start (a failure, not a skip).
describe.skipIf(!process.env.REDIS_URL)('watches with two replicas on one Redis', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let replicas: RadarHarness[] = [];

  async function startReplicas(interval: string, leaseTtlMs: number, storePrefix = `w${randomUUID().slice(0, 8)}-`, now?: () => Date): Promise<[RadarHarness, RadarHarness]> {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack();
    const env = { WATCH_INTERVAL_SECONDS: interval, DIGEST_INTERVAL_SECONDS: '3600' };
    const options = { sandbox, slack, storeUrl: process.env.REDIS_URL ?? '', storePrefix, env, timing: { leaseTtlMs }, ...(now ? { now } : {}) };
    replicas = [await startRadarHarness(options), await startRadarHarness(options)];
    return replicas as [RadarHarness, RadarHarness];
  }

  afterEach(async () => {
    expectNoViolations(slack);
    for (const replica of replicas) await replica.stop();
    await slack.close();
    await sandbox.close();
  });

  it('post exactly one watch message per channel, and only the lease holder reads history', async () => {
    const [a, b] = await startReplicas('3600', 10_000);
    await a.command('bind northwind', { channel: CHANNELS.intel });
    await b.command('bind northwind', { channel: CHANNELS.general });
    await publishRun(a, NW, { dimension: 'pricing', patch: rows(3) });
    await a.command('watch pricing', { channel: CHANNELS.intel });
    await b.command('watch pricing', { channel: CHANNELS.general });
    const run = await publishRun(a, NW, { dimension: 'pricing', patch: rows(4) });
    sandbox.control.clearRequests();
    await Promise.all([watchPoller(a).tick(), watchPoller(b).tick()]);
    await Promise.all([watchPoller(a).tick(), watchPoller(b).tick()]);
    expect(watchesIn(a, CHANNELS.intel, run)).toHaveLength(1);
    expect(watchesIn(a, CHANNELS.general, run)).toHaveLength(1);
    expect(reads(a, (p) => p === `/v1/projects/${NW}/pricing/history`)).toBe(2);
  });

  it('when the leader is killed between posting and recording, the other replica takes over and posts nothing twice', async () => {
    const storePrefix = `w${randomUUID().slice(0, 8)}-`;
    // The killed leader: it took the lease (never extended again) before the replicas start.
    const dead = await openStore(process.env.REDIS_URL ?? '', { namespacePrefix: storePrefix });
    try {
      expect(await dead.coordinator.tryLead(WATCH_LEASE, LEASE_TTL_MS)).not.toBeNull();
      const [a] = await startReplicas('1', LEASE_TTL_MS, storePrefix);
      await a.command('bind northwind', { channel: CHANNELS.intel });
      await a.command('bind northwind', { channel: CHANNELS.general });
      await publishRun(a, NW, { dimension: 'pricing', patch: rows(3) });
      await a.command('watch pricing', { channel: CHANNELS.intel });
      await a.command('watch pricing', { channel: CHANNELS.general });
      const run = await publishRun(a, NW, { dimension: 'pricing', patch: rows(4) });
      // It had claimed #intel, posted there and died before recording the post.
      const ledger = createDigestLedger(dead, { namespace: WATCH_LEDGER_NAMESPACE });
      const intelKey = { teamId: TEAM.id, channelId: CHANNELS.intel, runId: `pricing:${run}` };
      await ledger.claim(intelKey, 'killed-leader', 1);
      const earlier = await a.radar.app.client.chat.postMessage({ channel: CHANNELS.intel, text: 'posted before the kill', metadata: { event_type: 'radar_watch', event_payload: { run_id: run, project_id: NW, dimension: 'pricing' } } });

      await slack.waitForCall('chat.postMessage', (c) => c.args.channel === CHANNELS.general && (c.args.metadata as { event_payload?: { run_id?: string } } | undefined)?.event_payload?.run_id === run);
      // Until the survivor records the post it found: no deadline but the test's timeout (never recorded fails it).
      while ((await ledger.get(intelKey))?.state !== 'posted') await new Promise((r) => setTimeout(r, 20));
      expect(await ledger.get(intelKey)).toMatchObject({ state: 'posted', ts: earlier.ts });
      expect(watchesIn(a, CHANNELS.intel, run).map((m) => m.ts)).toEqual([earlier.ts]);
      expect(watchesIn(a, CHANNELS.general, run)).toHaveLength(1);
    } finally {
      await dead.close();
    }
  });

  it('a snooze set through one replica holds on both until its end, and the end posts nothing', async () => {
    let clock = Date.now();
    const [a, b] = await startReplicas('3600', 10_000, undefined, () => new Date(clock));
    await a.command('bind northwind', { channel: CHANNELS.intel });
    await publishRun(a, NW, { dimension: 'pricing', patch: rows(3) });
    await a.command('watch pricing', { channel: CHANNELS.intel });
    const first = await publishRun(a, NW, { dimension: 'pricing', patch: rows(4) });
    await Promise.all([watchPoller(a).tick(), watchPoller(b).tick()]);
    const message = watchesIn(a, CHANNELS.intel, first)[0]!;
    const menu = (message.blocks as { elements?: { action_id?: string; options?: { text: { text: string }; value: string }[] }[] }[]).flatMap((x) => x.elements ?? []).find((e) => e.action_id === ACTION_IDS.watchSnooze);
    const value = menu?.options?.find((o) => o.text.text === 'pipedrift.com for 1 day')?.value;
    expect(value).toBeDefined();
    const ack = await a.driver.blockAction(ACTION_IDS.watchSnooze, value!, { channel: CHANNELS.intel, message });
    expect(await a.answerTo(ack)).toBeDefined();
    expect(replyText(await b.command('watch', { channel: CHANNELS.intel }))).toContain('*Pricing*: pipedrift.com until');

    const quiet = await publishRun(a, NW, { dimension: 'pricing', patch: rows(5) });
    await Promise.all([watchPoller(a).tick(), watchPoller(b).tick()]);
    await Promise.all([watchPoller(a).tick(), watchPoller(b).tick()]);
    expect(watchesIn(a, CHANNELS.intel, quiet)).toHaveLength(0);
    clock += 24 * 60 * 60_000 + 1;
    await Promise.all([watchPoller(a).tick(), watchPoller(b).tick()]);
    expect(watchesIn(a, CHANNELS.intel, quiet)).toHaveLength(0);
    const loud = await publishRun(a, NW, { dimension: 'pricing', patch: rows(6) });
    await Promise.all([watchPoller(a).tick(), watchPoller(b).tick()]);
    await Promise.all([watchPoller(a).tick(), watchPoller(b).tick()]);
    expect(watchesIn(a, CHANNELS.intel, loud)).toHaveLength(1);
  });

  it('quiet hours and the daily digest on two replicas: held changes post once each, after their time, with a moved clock', async () => {
    const today = new Date();
    let clock = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 20); // 20:00 UTC
    const [a, b] = await startReplicas('3600', 10_000, undefined, () => new Date(clock));
    await a.command('bind northwind', { channel: CHANNELS.intel });
    await publishRun(a, NW, { dimension: 'pricing', patch: { ...rows(3), summary: { marketAvgPrice: 40 } } });
    await a.command('watch pricing', { channel: CHANNELS.intel });
    await b.command('watch quiet 19:00-07:00 UTC', { channel: CHANNELS.intel });
    const run = await publishRun(a, NW, { dimension: 'pricing', patch: { ...rows(4), summary: { marketAvgPrice: 35 } } });
    const both = async () => {
      await Promise.all([watchPoller(a).tick(), watchPoller(b).tick()]);
      await Promise.all([watchPoller(a).tick(), watchPoller(b).tick()]);
    };
    await both();
    const held = (reason: string) => watchesIn(a, CHANNELS.intel).filter((m) => m.metadata?.event_payload.held === reason);
    expect(watchesIn(a, CHANNELS.intel, run)).toHaveLength(0);
    clock += 10 * 60 * 60_000 + 60_000; // 06:01: still quiet
    await both();
    expect(held('quiet')).toHaveLength(0);
    clock += 60 * 60_000; // 07:01: quiet hours over; the digest time (09:00) not yet
    await both();
    expect(held('quiet')).toHaveLength(1);
    expect(JSON.stringify(held('quiet')[0]!.blocks)).toContain('plan count 3 → 4');
    expect(held('digest')).toHaveLength(0);
    clock += 2 * 60 * 60_000; // 09:01
    await both();
    expect(held('digest')).toHaveLength(1);
    expect(JSON.stringify(held('digest')[0]!.blocks)).toContain('market average price $40 → $35');
    await both();
    expect(held('quiet')).toHaveLength(1);
    expect(held('digest')).toHaveLength(1);
  });
});
