/**
 * Two Radar processes on one Redis, and the one doing the work killed with `kill -9`: the other
 * takes over, and every digest and scan result still arrives exactly once. How soon a survivor
 * takes over (one ttl and one beat) is test/features/digest/leadership.test.ts's, on fake timers.
 * Runs when REDIS_URL is set (as `.ci/run` does); each test has its own STORE_PREFIX.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/sandbox/seed.js';
import { type Sandbox } from '../../src/sandbox/index.js';
import { DIGEST_LEASE } from '../../src/features/digest/poller.js';
import { type FakeSlack } from '../support/fake-slack.js';
import { replyText } from '../support/radar-harness.js';
import { CHANNELS } from '../support/slack-fixtures.js';
import { digestsIn, historyReads, publish } from '../features/digest/support.js';
import { spawnRadar, type RadarProcess } from './support/radar-processes.js';
import { useProcessWorld } from './support/process-world.js';
import { answerTo, inProgress, scanMessage, scanResultReplies } from './support/slack-records.js';
import { waitFor, waitForMore } from './support/wait.js';

const NORTHWIND = SEED.projects.northwind.id;
const LEASE_TTL_MS = 1_000;

describe.skipIf(!process.env.REDIS_URL)('two Radar processes on one Redis, the busy one killed', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  const started = useProcessWorld((world) => ({ sandbox, slack } = world), { afterEach: () => sandbox.control.setSpeed(1000) });

  /** Two processes sharing the sandbox, the fake Slack and one Redis namespace. */
  async function startPair(env: Record<string, string> = {}): Promise<[RadarProcess, RadarProcess]> {
    const shared = { sandbox, slack, storeUrl: process.env.REDIS_URL ?? '', storePrefix: `chaos-${randomUUID().slice(0, 8)}`, timing: { leaseTtlMs: LEASE_TTL_MS }, env };
    const pair = await Promise.all(['a', 'b'].map((name) => spawnRadar({ ...shared, name: `${name}-${randomUUID().slice(0, 6)}` })));
    started.push(...pair);
    return pair as [RadarProcess, RadarProcess];
  }
  const leadsDigests = (radar: RadarProcess) => radar.logged('leading').some((l) => l.lease === DIGEST_LEASE);
  const expectHealthy = (radar: RadarProcess) => {
    expect(radar.alive()).toBe(true);
    // The real entry logs what escaped every handler; none of it may have happened.
    expect(radar.logged('unhandled rejection')).toEqual([]);
    expect(radar.logged('uncaught exception; Radar keeps serving')).toEqual([]);
  };

  it('the digest leader killed: the other leads once its lease lapses and the next edition reaches every channel once', async () => {
    const [a, b] = await startPair({ DIGEST_INTERVAL_SECONDS: '1' });
    const channels = [CHANNELS.intel, CHANNELS.general, CHANNELS.private];
    for (const [i, channel] of channels.entries()) {
      const radar = i % 2 === 0 ? a : b;
      expect(replyText(await answerTo(slack, await radar.driver.command('bind northwind', { channel })))).toContain('Northwind CRM');
    }
    const leader = await waitFor(() => [a, b].find(leadsDigests), 'one process to lead the digest poller');
    const other = leader === a ? b : a;
    expect(leadsDigests(other)).toBe(false);

    const before = await publish({ sandbox }, NORTHWIND);
    await waitFor(() => (channels.every((c) => digestsIn({ slack }, c, before.runId).length > 0) ? true : undefined), 'the first edition everywhere');
    // Killed once the leader's next poll has run, so every post of the first edition is recorded
    // (a kill between posting and recording is process-faults.test.ts's case).
    await waitForMore(() => historyReads({ sandbox }, NORTHWIND), 1, 'one more digest poll');
    expect(channels.map((c) => digestsIn({ slack }, c, before.runId).length)).toEqual([1, 1, 1]);
    await leader.kill9();

    const next = await publish({ sandbox }, NORTHWIND, { opened: 1 });
    // The dead holder's lease lapses after its ttl and the survivor takes it (how soon: leadership.test.ts).
    await waitFor(() => (leadsDigests(other) ? true : undefined), 'the other process to lead', 10 * LEASE_TTL_MS);
    await waitFor(() => (channels.every((c) => digestsIn({ slack }, c, next.runId).length > 0) ? true : undefined), 'the next edition everywhere');

    await waitForMore(() => historyReads({ sandbox }, NORTHWIND), 2, 'two more digest polls');

    for (const channel of channels) expect(digestsIn({ slack }, channel).map((m) => m.metadata?.event_payload.run_id)).toEqual([before.runId, next.runId]);
    expectHealthy(other);
  });

  it('the process following a scan killed: the other finishes it, posting one result', async () => {
    // An agent-adoption scan runs 1.5 s here, so it is still running at the kill.
    sandbox.control.setSpeed(30);
    const [a, b] = await startPair({ DIGEST_INTERVAL_SECONDS: '3600' });
    const domain = 'orphaned-scan.example.com';
    expect((await a.driver.command(`scan agents ${domain}`, { channel: CHANNELS.general })).status).toBe(200);
    const { ts } = await waitFor(() => scanMessage(slack, CHANNELS.general, domain), 'the scan message');
    await waitFor(() => (scanMessage(slack, CHANNELS.general, domain)?.text.endsWith(': running') ? true : undefined), 'the scan to be running');
    // The scan's lease may be held by either process (the other's sweep can win it); kill its holder
    // (which process follows it, only its log says).
    const follower = [a, b].find((radar) => radar.logged('following a scan').length > 0)!;
    const survivor = follower === a ? b : a;
    await follower.kill9();
    expect(scanResultReplies(slack, CHANNELS.general, ts)).toEqual([]);

    // Only the survivor is alive: the outcome it posts is the proof it took the scan over.
    await waitFor(() => (scanResultReplies(slack, CHANNELS.general, ts).length > 0 && !inProgress(scanMessage(slack, CHANNELS.general, domain)!) ? true : undefined), 'the survivor to post the outcome');
    const message = scanMessage(slack, CHANNELS.general, domain)!;
    expect(inProgress(message)).toBe(false);
    expect(replyText({ args: { text: message.text, blocks: message.blocks } })).toContain(`Agent adoption: ${domain}`);
    expect(scanResultReplies(slack, CHANNELS.general, ts)).toHaveLength(1);
    expectHealthy(survivor);
  });
});
