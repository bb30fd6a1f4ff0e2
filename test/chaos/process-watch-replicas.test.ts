/**
 * The watch poller on two real Radar processes (`dist/main.js`) on one Redis, its leader killed with
 * `kill -9` in the middle of its cycle (two of three channels' posts held by Slack, one of them landing after the kill):
 * the survivor takes the lease once it lapses, and every channel gets each run's watch message exactly
 * once, the one a dead process posted but did not record included (found again by its metadata).
 * The in-process "replica killed mid-cycle" tests (test/features/watches/replicas.test.ts,
 * test/features/threads/replicas.test.ts) simulate the kill; this one is real.
 * Runs when REDIS_URL is set (as `.ci/run` does); its own STORE_PREFIX.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WATCH_LEASE } from '../../src/features/watches/poller.js';
import { SEED } from '../../src/sandbox/seed.js';
import { type Sandbox } from '../../src/sandbox/index.js';
import { type FakeSlack } from '../support/fake-slack.js';
import { replyText } from '../support/radar-harness.js';
import { CHANNELS } from '../support/slack-fixtures.js';
import { publishRun, watchesIn } from '../features/watches/support.js';
import { spawnRadar, type RadarProcess } from './support/radar-processes.js';
import { useProcessWorld } from './support/process-world.js';
import { answerTo } from './support/slack-records.js';
import { waitFor, waitForMore } from './support/wait.js';

const NW = SEED.projects.northwind.id;
const LEASE_TTL_MS = 1_000;
/** A dead process's claim on a watch message is taken over after this (its post found again by metadata, or made). */
const CLAIM_TTL_MS = 2_000;
const priceRow = (domain: string, o: Record<string, unknown> = {}) => ({ domain, isOwn: false, lowestPrice: 24, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 4, hasFreePlan: false, ...o });
const pricing = (o: Record<string, Record<string, unknown>> = {}) => ({ dimension: 'pricing' as const, patch: { competitors: ['pipedrift.com', 'closewise.com', 'hubforge.io'].map((d) => priceRow(d, o[d])) } });

describe.skipIf(!process.env.REDIS_URL)('the watch poller on two Radar processes, its leader killed mid-cycle', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  const started = useProcessWorld((world) => ({ sandbox, slack } = world));

  const historyReads = () => sandbox.control.requests().filter((r) => r.method === 'GET' && r.path === `/v1/projects/${NW}/pricing/history`).length;
  const leadsWatches = (radar: RadarProcess) => radar.logged('leading').some((l) => l.lease === WATCH_LEASE);

  it('every channel gets each run’s watch message once', { timeout: 120_000 }, async () => {
    const shared = { sandbox, slack, storeUrl: process.env.REDIS_URL ?? '', storePrefix: `chaos-watch-${randomUUID().slice(0, 8)}`, timing: { leaseTtlMs: LEASE_TTL_MS, digestClaimTtlMs: CLAIM_TTL_MS }, env: { WATCH_INTERVAL_SECONDS: '1', DIGEST_INTERVAL_SECONDS: '3600' } };
    const [a, b] = await Promise.all(['a', 'b'].map((name) => spawnRadar({ ...shared, name: `${name}-${randomUUID().slice(0, 6)}` })));
    started.push(a!, b!);
    const channels = [CHANNELS.intel, CHANNELS.general, CHANNELS.private];
    await publishRun({ sandbox }, NW, pricing());
    for (const [i, channel] of channels.entries()) {
      const radar = i % 2 === 0 ? a! : b!;
      expect(replyText(await answerTo(slack, await radar.driver.command('bind northwind', { channel })))).toContain('Northwind CRM');
      expect(replyText(await answerTo(slack, await radar.driver.command('watch pricing', { channel })))).toContain('now watches');
    }
    const leader = await waitFor(() => [a!, b!].find(leadsWatches), 'one process to lead the watch poller');
    const other = leader === a ? b! : a!;

    // The leader's first two watch posts are held by Slack: one lands right after the kill (before
    // its claim goes stale), the other never does (the request dies with the process).
    const land = slack.holdNext('chat.postMessage');
    slack.holdNext('chat.postMessage');
    const first = await publishRun({ sandbox }, NW, pricing({ 'pipedrift.com': { planCount: 6 } }));
    const postsOf = (run: string, channel?: string) =>
      slack.callsTo('chat.postMessage').filter((c) => (c.args.metadata as { event_payload?: { run_id?: string } } | undefined)?.event_payload?.run_id === run && (channel === undefined || c.args.channel === channel));
    const held = await waitFor(() => (postsOf(first).length >= 2 ? postsOf(first).slice(0, 2).map((c) => String(c.args.channel)) : undefined), 'two held watch posts', 30_000);
    const through = channels.filter((c) => !held.includes(c));
    // Killed mid-cycle: once the other channel's message is posted and recorded (its log line follows the record).
    await waitFor(() => (leader.logged('watch message posted').length >= through.length ? true : undefined), 'the other channel to get its message');
    await leader.kill9();
    expect(channels.map((c) => watchesIn({ slack }, c, first).length)).toEqual(channels.map((c) => (through.includes(c) ? 1 : 0)));
    land();
    const second = await publishRun({ sandbox }, NW, pricing({ 'pipedrift.com': { planCount: 6 }, 'hubforge.io': { hasFreePlan: true } }));

    await waitFor(() => (leadsWatches(other) ? true : undefined), 'the other process to lead', 10 * LEASE_TTL_MS);
    await waitFor(() => (channels.every((c) => watchesIn({ slack }, c, second).length > 0) ? true : undefined), 'the second run’s message everywhere');
    await waitForMore(historyReads, 2, 'two more watch polls');

    for (const channel of channels) expect(watchesIn({ slack }, channel).map((m) => m.metadata?.event_payload.run_id), channel).toEqual([first, second]);
    // The post that landed after the kill was found (not posted again); the one that never landed was posted again.
    expect(postsOf(first, held[0])).toHaveLength(1);
    expect(postsOf(first, held[1])).toHaveLength(2);
    expect(other.alive()).toBe(true);
    expect(other.logged('unhandled rejection')).toEqual([]);
  });
});
