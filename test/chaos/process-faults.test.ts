/**
 * Process faults: Radar killed with `kill -9` in the middle of a scan and of a digest cycle, then
 * a new process started on the same SQLite store. Nothing is lost and nothing is posted twice.
 * Radar runs as a real child process; the sandbox and the fake Slack live here and outlive it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../src/sandbox/seed.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { expectNoViolations, startFakeSlack, type FakeSlack } from '../support/fake-slack.js';
import { replyText } from '../support/radar-harness.js';
import { CHANNELS, TEAM } from '../support/slack-fixtures.js';
import { digestsIn, historyReads, publish } from '../features/digest/support.js';
import { openStore } from '../../src/store/backends/open-store.js';
import { createDigestLedger } from '../../src/store/digest-ledger.js';
import { BUILD_TIMEOUT_MS, buildRadar, processSecrets, spawnRadar, type RadarProcess, type RadarProcessOptions } from './support/radar-processes.js';
import { answerTo, inProgress, leakedSecrets, scanMessage, scanResultReplies } from './support/slack-records.js';
import { waitFor, waitForMore } from './support/wait.js';

const NORTHWIND = SEED.projects.northwind.id;
/** A fourth channel besides the fixtures' three. */
const PRODUCT = 'C07PRODUCT4';

describe('kill -9 and restart on the same SQLite store', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let dir: string;
  /** Every process this file started, dead or alive, for the file's secret scan. */
  const started: RadarProcess[] = [];

  beforeAll(async () => {
    await buildRadar();
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack();
    dir = mkdtempSync(join(tmpdir(), 'radar-chaos-'));
  }, BUILD_TIMEOUT_MS);
  afterEach(async () => {
    expectNoViolations(slack);
    for (const radar of started) await radar.stop();
    sandbox.control.setSpeed(1000);
  });
  // The file's own secret scan: every log line of every process it started, every Slack call.
  afterAll(async () => {
    try {
      if (started.length > 0) {
        expect(started.every((radar) => radar.logs.length > 0)).toBe(true);
        expect(leakedSecrets(processSecrets(sandbox), slack, started.flatMap((radar) => radar.logs))).toEqual([]);
      }
    } finally {
      await slack?.close();
      await sandbox?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  });

  /** Options for a Radar process on a fresh store of this file (or the given one). */
  const storeOptions = () => ({ storeUrl: `sqlite://${join(dir, `${randomUUID()}.sqlite`)}`, storePrefix: '' });
  const spawn = async (options: Omit<RadarProcessOptions, 'sandbox' | 'slack'>) => {
    const radar = await spawnRadar({ ...options, name: `${options.name}-${randomUUID().slice(0, 6)}`, sandbox, slack });
    started.push(radar);
    return radar;
  };
  const expectHealthy = (radar: RadarProcess) => {
    expect(radar.alive()).toBe(true);
    // The real entry logs what escaped every handler; none of it may have happened.
    expect(radar.logged('unhandled rejection')).toEqual([]);
    expect(radar.logged('uncaught exception; Radar keeps serving')).toEqual([]);
    expect(radar.logged('unhandled error in a Slack listener')).toEqual([]);
  };

  it('a scan running when Radar is killed is finished by the next process, with exactly one result', async () => {
    // An agent-adoption scan runs 45 s at speed 1: 1.5 s here, so it is still running at the kill.
    sandbox.control.setSpeed(30);
    const store = storeOptions();
    const first = await spawn({ name: 'scan-a', ...store });
    const domain = 'killed-mid-scan.example.com';
    const ack = await first.driver.command(`scan agents ${domain}`, { channel: CHANNELS.intel });
    expect(ack.status).toBe(200);
    const { ts } = await waitFor(() => scanMessage(slack, CHANNELS.intel, domain), 'the scan message');
    await waitFor(() => (scanMessage(slack, CHANNELS.intel, domain)?.text.endsWith(': running') ? true : undefined), 'the scan to be running');
    await first.kill9();
    const updatesAtKill = slack.callsTo('chat.update').filter((c) => c.args.ts === ts).length;
    expect(scanMessage(slack, CHANNELS.intel, domain)?.text).toMatch(/: running$/);
    expect(scanResultReplies(slack, CHANNELS.intel, ts)).toEqual([]);

    const second = await spawn({ name: 'scan-b', ...store });
    await waitFor(() => (scanResultReplies(slack, CHANNELS.intel, ts).length > 0 && !inProgress(scanMessage(slack, CHANNELS.intel, domain)!) ? true : undefined), 'the new process to post the outcome');

    const message = scanMessage(slack, CHANNELS.intel, domain)!;
    expect(inProgress(message)).toBe(false);
    expect(replyText({ args: { text: message.text, blocks: message.blocks } })).toContain(`Agent adoption: ${domain}`);
    expect(slack.callsTo('chat.update').filter((c) => c.args.ts === ts).length).toBeGreaterThan(updatesAtKill);
    const replies = scanResultReplies(slack, CHANNELS.intel, ts);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.metadata?.event_payload).toMatchObject({ scan_id: expect.stringMatching(/^scan_/) });
    // The scan was started once: the new process followed it, it did not start another.
    expect(sandbox.control.requests().filter((r) => r.method === 'POST' && r.path.startsWith('/v1/tools/agent-adoption')).length).toBe(1);
    expectHealthy(second);
  });

  it('a digest cycle cut by a kill reaches every channel exactly once after a restart', async () => {
    const channels = [CHANNELS.intel, CHANNELS.general, CHANNELS.private, PRODUCT];
    const store = storeOptions();
    // Polls every second; a claim left by the dead process goes stale after 2.5 s.
    const options = { ...store, env: { DIGEST_INTERVAL_SECONDS: '1' }, timing: { digestClaimTtlMs: 2_500 } };
    const first = await spawn({ name: 'digest-a', ...options });
    for (const channel of channels) {
      const ack = await first.driver.command('bind northwind', { channel });
      expect(replyText(await answerTo(slack, ack))).toContain('Northwind CRM');
    }

    // The first two digest posts are held by Slack: one lands after 1.5 s (after the kill, before
    // the claim goes stale), the other never does (the request died with the process).
    const postsBefore = slack.callsTo('chat.postMessage').length;
    slack.delayNext('chat.postMessage', 1_500);
    slack.delayNext('chat.postMessage', 60_000);
    const edition = await publish({ sandbox }, NORTHWIND, { opened: 1 });
    const digestPosts = () => slack.callsTo('chat.postMessage').slice(postsBefore).filter((c) => c.args.metadata !== undefined);
    const held = await waitFor(() => (digestPosts().length >= 2 ? digestPosts().slice(0, 2).map((c) => String(c.args.channel)) : undefined), 'two held digest posts');
    const through = channels.filter((c) => !held.includes(c));
    // Synchronisation only: the kill comes once the other posts are posted and recorded (the log line follows the record).
    await waitFor(() => (first.logged('digest posted').length === through.length ? true : undefined), 'the other channels to get their digest');
    await first.kill9();
    expect(channels.map((c) => digestsIn({ slack }, c, edition.runId).length)).toEqual(channels.map((c) => (through.includes(c) ? 1 : 0)));

    const second = await spawn({ name: 'digest-b', ...options });
    await waitFor(() => (channels.every((c) => digestsIn({ slack }, c, edition.runId).length > 0) ? true : undefined), 'every channel to have the digest');
    // Run until quiet: two more polls of the project post nothing more.
    await waitForMore(() => historyReads({ sandbox }, NORTHWIND), 2, 'two more digest polls');

    expect(channels.map((c) => digestsIn({ slack }, c, edition.runId).length)).toEqual([1, 1, 1, 1]);
    // The post that landed after the kill was found (not posted again), the one that never landed
    // was posted: one digest each, and the store records each channel's one message.
    const digestPostsTo = (channel: string) =>
      slack.callsTo('chat.postMessage').filter((c) => c.args.channel === channel && (c.args.metadata as { event_payload?: { run_id?: string } } | undefined)?.event_payload?.run_id === edition.runId);
    expect(digestPostsTo(held[0]!)).toHaveLength(1);
    expect(digestPostsTo(held[1]!)).toHaveLength(2);
    expectHealthy(second);
    await second.stop();
    const opened = await openStore(store.storeUrl);
    try {
      const ledger = createDigestLedger(opened);
      for (const channel of channels) {
        const [digest] = digestsIn({ slack }, channel, edition.runId);
        expect(await ledger.get({ teamId: TEAM.id, channelId: channel, runId: edition.runId })).toMatchObject({ state: 'posted', ts: digest?.ts });
      }
    } finally {
      await opened.close();
    }
  });
});
