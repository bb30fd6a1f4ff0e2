/**
 * Slack faults from the fake Web API, through the real app, on paths the feature tests leave out:
 * rate limits with Retry-After on digests, `/radar digest now` and scan results; a channel that
 * vanishes mid-scan; a bot token Slack rejects for a whole cycle; a Slack that answers slowly.
 * Every time: no unhandled rejection, no crash, nothing posted twice, nothing lost.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../src/sandbox/seed.js';
import type { WebApiCall } from '../../src/slack/local-web-api/index.js';
import { expectNoViolations } from '../support/fake-slack.js';
import { BOT_TOKEN, SIGNING_SECRET, replyText, startRadarHarness, type RadarHarness } from '../support/radar-harness.js';
import { CHANNELS, TEAM } from '../support/slack-fixtures.js';
import { digestsIn, poller, publish } from '../features/digest/support.js';
import { finished, resultReplies, SCAN_TIMING, startScan } from '../features/scans/scan-helpers.js';
import { leakedSecrets } from './support/slack-records.js';
import { waitFor } from './support/wait.js';

const NORTHWIND = SEED.projects.northwind.id;
/** Digest cycles run when a test ticks. */
const TICK_ONLY = { DIGEST_INTERVAL_SECONDS: '3600' };

const runIdOf = (call: WebApiCall) => (call.args.metadata as { event_payload?: { run_id?: string } } | undefined)?.event_payload?.run_id;

describe('Slack faults', () => {
  let h: RadarHarness;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(() => {
    process.on('unhandledRejection', onRejection);
  });
  afterAll(() => {
    process.off('unhandledRejection', onRejection);
  });
  beforeEach(async () => {
    h = await startRadarHarness({ env: TICK_ONLY, timing: SCAN_TIMING });
  });
  afterEach(async () => {
    try {
      expectNoViolations(h.slack);
      expect(rejections).toEqual([]);
      expect(h.logs.filter((line) => line.includes('unhandled error in a Slack listener'))).toEqual([]);
      // This test's own secret scan: everything its harness logged and sent, whatever ran before.
      expect(h.logs.length).toBeGreaterThan(0);
      expect(leakedSecrets([BOT_TOKEN, SIGNING_SECRET, ...Object.values(h.sandbox.keys)], h.slack, h.logs)).toEqual([]);
    } finally {
      await h.stop();
    }
  });

  const bind = async (channel: string) => expect(replyText(await h.command('bind northwind', { channel }))).toContain('Northwind CRM');
  const digestCalls = (runId: string) => h.slack.callsTo('chat.postMessage').filter((c) => runIdOf(c) === runId);

  it('ratelimited with Retry-After on a digest post: the client waits as told, and each channel gets it once', async () => {
    await bind(CHANNELS.intel);
    await bind(CHANNELS.general);
    const edition = await publish(h, NORTHWIND);
    h.slack.failNext('chat.postMessage', { error: 'ratelimited', retryAfter: 1 });
    await poller(h).tick();

    expect([CHANNELS.intel, CHANNELS.general].map((c) => digestsIn(h, c, edition.runId).length)).toEqual([1, 1]);
    // The refused post was sent again no sooner than Retry-After said.
    const attempts = digestCalls(edition.runId);
    expect(attempts).toHaveLength(3);
    const [refused] = attempts;
    const retried = attempts.find((c) => c !== refused && c.args.channel === refused?.args.channel);
    expect(retried!.at - refused!.at).toBeGreaterThanOrEqual(950);
    await poller(h).tick();
    expect(digestCalls(edition.runId)).toHaveLength(3);
  });

  it('ratelimited past the client’s retries on a scan’s result: it lands once, and the message shows it', async () => {
    // A trust-signals scan runs 250 ms here: time to set the faults once it has been announced.
    h.sandbox.control.setSpeed(20);
    const ts = await startScan(h, 'scan trust throttled-slack.example.com');
    // Four refusals in a row beat the client's three retries: the follower tries again on its own.
    h.slack.failNext('chat.postMessage', { error: 'ratelimited', retryAfter: 0, times: 4, channel: CHANNELS.intel });
    h.slack.failNext('chat.update', { error: 'ratelimited', retryAfter: 0, times: 6 });
    const final = await finished(h, CHANNELS.intel, ts);

    expect(final).toContain('Trust signals: throttled-slack.example.com');
    expect(resultReplies(h.slack, CHANNELS.intel, ts)).toHaveLength(1);
    // The outcome was tried again past Slack's refusals: every refused call was followed by another.
    expect(h.slack.callsTo('chat.postMessage').filter((c) => c.args.channel === CHANNELS.intel && c.args.thread_ts === ts).length).toBeGreaterThanOrEqual(5);
    expect(h.slack.callsTo('chat.update').filter((c) => c.args.ts === ts).length).toBeGreaterThanOrEqual(7);
  });

  it('digest now refused with not_in_channel says so in one sentence; once invited it posts, and the poller does not repeat it', async () => {
    await bind(CHANNELS.intel);
    const edition = await publish(h, NORTHWIND);
    h.slack.failNext('chat.postMessage', { error: 'not_in_channel', channel: CHANNELS.intel });
    expect(replyText(await h.command('digest now', { channel: CHANNELS.intel }))).toContain('Radar is not a member of this channel');
    expect(await h.radar.deps.digestLedger.get({ teamId: TEAM.id, channelId: CHANNELS.intel, runId: edition.runId })).toBeUndefined();

    expect(replyText(await h.command('digest now', { channel: CHANNELS.intel }))).toContain('Posted the digest');
    await poller(h).tick();
    expect(digestsIn(h, CHANNELS.intel, edition.runId)).toHaveLength(1);
  });

  it('digest now rate limited past the retries answers one sentence and logs why; and the poller then posts the edition once', async () => {
    await bind(CHANNELS.intel);
    const edition = await publish(h, NORTHWIND);
    h.slack.failNext('chat.postMessage', { error: 'ratelimited', retryAfter: 0, times: 4 });
    const reply = replyText(await h.command('digest now', { channel: CHANNELS.intel }));
    // Slack's refusal is not one the person can act on: the generic sentence, and the details in the log.
    expect(reply).toContain('Something went wrong while Radar tried to run `/radar digest`; it has been logged.');
    expect(h.logs.some((line) => line.includes('/radar digest failed') && line.includes('A rate limit was exceeded'))).toBe(true);
    expect(digestsIn(h, CHANNELS.intel, edition.runId)).toHaveLength(0);

    await poller(h).tick();
    await poller(h).tick();
    expect(digestsIn(h, CHANNELS.intel, edition.runId)).toHaveLength(1);
  });

  it('a channel deleted mid-scan (channel_not_found): the scan is dropped and logged, and other scans still finish', async () => {
    const gone = await startScan(h, 'scan trust deleted-channel.example.com', { channel: CHANNELS.private });
    h.slack.denyChannel(CHANNELS.private, 'channel_not_found');
    const kept = await startScan(h, 'scan trust kept-channel.example.com', { channel: CHANNELS.intel });

    expect(await finished(h, CHANNELS.intel, kept)).toContain('Trust signals: kept-channel.example.com');
    await waitFor(async () => ((await h.radar.deps.pendingScans.listAll()).length === 0 ? true : undefined), 'no scan left pending');
    expect(h.logs.some((line) => line.includes('can no longer be posted to; dropping the scan') && line.includes('channel_not_found'))).toBe(true);
    expect(resultReplies(h.slack, CHANNELS.private, gone)).toEqual([]);
    expect(resultReplies(h.slack, CHANNELS.intel, kept)).toHaveLength(1);
  });

  it('invalid_auth for a whole cycle: every channel marked failing and logged; the next cycle delivers each once', async () => {
    await bind(CHANNELS.intel);
    await bind(CHANNELS.general);
    const edition = await publish(h, NORTHWIND);
    h.slack.failNext('chat.postMessage', { error: 'invalid_auth', times: 2 });
    await poller(h).tick();

    for (const channel of [CHANNELS.intel, CHANNELS.general]) {
      expect(digestsIn(h, channel)).toHaveLength(0);
      expect((await h.radar.deps.digestSettings.get(TEAM.id, channel))?.failing?.reason).toContain('invalid_auth');
    }
    expect(h.logs.filter((line) => line.includes('marking it failing') && line.includes('invalid_auth'))).toHaveLength(2);

    await poller(h).tick();
    await poller(h).tick();
    for (const channel of [CHANNELS.intel, CHANNELS.general]) {
      expect(digestsIn(h, channel, edition.runId)).toHaveLength(1);
      expect((await h.radar.deps.digestSettings.get(TEAM.id, channel))?.failing).toBeNull();
    }
  });

  it('a slow Slack: a cycle started while a digest post is held does not post it again', async () => {
    // Bolt's WebClient has no request timeout configured, so a slow answer is waited for.
    await bind(CHANNELS.intel);
    const edition = await publish(h, NORTHWIND);
    h.slack.delayNext('chat.postMessage', 1_000);
    const held = poller(h).tick();
    await h.slack.waitForCall('chat.postMessage', (c) => runIdOf(c) === edition.runId);
    await Promise.all([held, poller(h).tick()]);
    await poller(h).tick();

    expect(digestsIn(h, CHANNELS.intel, edition.runId)).toHaveLength(1);
    expect(digestCalls(edition.runId)).toHaveLength(1);
  });
});
