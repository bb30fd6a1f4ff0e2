import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { openStore, type Store } from '../../../src/store/backends/open-store.js';
import { createPendingScansRepo } from '../../../src/store/pending-scans.js';
import { leaseName } from '../../../src/features/scans/scan-follower.js';
import { expectNoViolations, startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';
import { BOT_TOKEN, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { eventually, finished, followerOf, resultReplies, SCAN_TIMING, startScan, updatesOf } from './scan-helpers.js';

const REDIS_URL = process.env.REDIS_URL;
/** Leases of a second: a replica that dies is replaced within about that. */
const TIMING = { ...SCAN_TIMING, leaseTtlMs: 1_000, sweepMs: 100 };

describe.skipIf(!REDIS_URL)('scans across replicas sharing one Redis', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let replicas: RadarHarness[] = [];
  let extraStores: Store[] = [];

  /** Two Radar replicas on one Redis (one key prefix), one sandbox, one Slack workspace. */
  async function startReplicas(speed: number): Promise<[RadarHarness, RadarHarness]> {
    sandbox = await startSandbox({ port: 0, speed });
    slack = await startFakeSlack();
    const a = await startRadarHarness({ sandbox, slack, storeUrl: REDIS_URL, timing: TIMING });
    const b = await startRadarHarness({ sandbox, slack, storeUrl: REDIS_URL, storePrefix: a.storePrefix, timing: TIMING });
    replicas = [a, b];
    return [a, b];
  }

  afterEach(async () => {
    expectNoViolations(slack);
    for (const r of replicas) await r.stop();
    for (const s of extraStores) await s.close();
    await slack.close();
    await sandbox.close();
    replicas = [];
    extraStores = [];
  });

  /** The pending record of the scan whose message is `ts`, once the replica has written it. */
  const pendingOf = (r: RadarHarness, ts: string) =>
    eventually(async () => (await r.radar.deps.pendingScans.listAll()).find((s) => s.messageTs === ts), 'the scan to be recorded');

  /** The replicas following the scan at this moment. */
  const followers = (scanId: string) => replicas.filter((r) => followerOf(r).following().includes(scanId)).length;

  it('follows one pending scan from exactly one replica and posts its result once', async () => {
    const [a, b] = await startReplicas(50);
    const ts = await startScan(a, 'scan agents twin-example.com');
    const pending = await pendingOf(b, ts);
    const counts: number[] = [];
    const sample = setInterval(() => counts.push(followers(pending.scanId)), 10);
    try {
      await finished(a, CHANNELS.intel, ts);
    } finally {
      clearInterval(sample);
    }
    expect(Math.max(...counts)).toBe(1);
    expect(resultReplies(slack, CHANNELS.intel, ts)).toHaveLength(1);
    expect(slack.callsTo('chat.postMessage').filter((c) => c.args.thread_ts === ts)).toHaveLength(1);
  });

  it('hands the scan to the other replica when the one following it stops mid-scan, and posts once', async () => {
    const [a, b] = await startReplicas(50);
    const ts = await startScan(a, 'scan agents handover-example.com');
    const pending = await pendingOf(a, ts);
    await eventually(() => (followerOf(a).following().includes(pending.scanId) ? true : undefined), 'replica A to follow the scan');
    await eventually(() => updatesOf(slack, ts).find((u) => u.includes('Running for')), 'the scan to be running');

    await a.stopRadar();
    await eventually(() => (followerOf(b).following().includes(pending.scanId) ? true : undefined), 'replica B to take the scan over');
    const final = await finished(b, CHANNELS.intel, ts);
    expect(final).toContain('Agent adoption: handover-example.com');
    expect(resultReplies(slack, CHANNELS.intel, ts)).toHaveLength(1);
  });

  it('takes over from a replica that died holding the lease once its ttl has passed', async () => {
    const [, b] = await startReplicas(1000);
    // The dead replica had started the scan, posted its message, recorded it and taken its lease.
    const res = await fetch(`${sandbox.url}/v1/tools/trust-signals/scans`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'SVC-API-Key': sandbox.keys.readWrite },
      body: JSON.stringify({ domain: 'orphan-example.com' }),
    });
    const scanId = ((await res.json()) as { item: { id: string } }).item.id;
    const posted = await fetch(`${slack.url}chat.postMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${BOT_TOKEN}` },
      body: JSON.stringify({ channel: CHANNELS.intel, text: 'Trust-signals scan of orphan-example.com: running' }),
    });
    const ts = ((await posted.json()) as { ts: string }).ts;
    const dead = await openStore(REDIS_URL!, { namespacePrefix: b.storePrefix });
    extraStores.push(dead);
    const lease = await dead.coordinator.tryLead(leaseName(scanId), TIMING.leaseTtlMs);
    expect(lease).not.toBeNull();
    const now = new Date().toISOString();
    await createPendingScansRepo(dead).put({
      scanId,
      kind: 'trust',
      domain: 'orphan-example.com',
      teamId: 'T0RADAR001',
      channelId: CHANNELS.intel,
      messageTs: ts,
      startedBy: USERS.bob,
      startedAt: now,
      includeFixPrompts: false,
      lastStatus: 'running',
      pollCount: 1,
      nextPollAt: now,
    });
    const leasedAt = Date.now();

    await followerOf(b).tick?.();
    expect(followerOf(b).following()).not.toContain(scanId);
    await finished(b, CHANNELS.intel, ts);
    expect(Date.now() - leasedAt).toBeGreaterThanOrEqual(TIMING.leaseTtlMs - 100);
    expect(resultReplies(slack, CHANNELS.intel, ts)).toHaveLength(1);
  });
});
