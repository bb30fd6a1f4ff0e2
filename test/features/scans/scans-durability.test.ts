import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/store/backends/open-store.js';
import { createPendingScansRepo, type PendingScan } from '../../../src/store/pending-scans.js';
import { SCAN_RESULT_EVENT } from '../../../src/features/scans/scan-messages.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { BOT_TOKEN, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { eventually, finished, followerOf, resultReplies, SCAN_TIMING, scanRequests, startScan, updatesOf } from './scan-helpers.js';

const HOUR = 3_600_000;

/** Starts a scan on the sandbox directly, as a Radar that has since died would have. */
async function sandboxScan(h: RadarHarness, domain: string): Promise<string> {
  const res = await fetch(`${h.sandbox.url}/v1/tools/trust-signals/scans`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'SVC-API-Key': h.sandbox.keys.readWrite },
    body: JSON.stringify({ domain }),
  });
  return ((await res.json()) as { item: { id: string } }).item.id;
}

/** Posts to the fake Slack as Radar's bot would have. */
async function slackPost(h: RadarHarness, args: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${h.slack.url}chat.postMessage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${BOT_TOKEN}` },
    body: JSON.stringify(args),
  });
  return ((await res.json()) as { ts: string }).ts;
}

function pendingRecord(fields: Pick<PendingScan, 'scanId' | 'domain' | 'messageTs'> & Partial<PendingScan>): PendingScan {
  const now = new Date().toISOString();
  return {
    kind: 'trust',
    teamId: 'T07LOCAL',
    channelId: CHANNELS.intel,
    startedBy: USERS.carol,
    startedAt: now,
    includeFixPrompts: false,
    lastStatus: 'running',
    pollCount: 3,
    nextPollAt: now,
    ...fields,
  };
}

describe('scans survive restarts and crashes', () => {
  let h: RadarHarness | undefined;
  afterEach(async () => {
    if (h) expectNoViolations(h.slack);
    await h?.stop();
    h = undefined;
  });

  it('resumes a scan after a restart mid-scan and posts its result exactly once', async () => {
    // Speed 50: an agent-adoption scan runs for 900 ms.
    h = await startRadarHarness({ speed: 50, timing: SCAN_TIMING });
    const ts = await startScan(h, 'scan agents lumen-example.dev');
    await eventually(() => updatesOf(h!.slack, ts).find((u) => u.includes('Running for')), 'the scan to be running');
    const pending = await h.radar.deps.pendingScans.listAll();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ kind: 'agents', domain: 'lumen-example.dev', channelId: CHANNELS.intel, messageTs: ts, startedBy: USERS.alice });

    await h.restart();
    const updatesBefore = updatesOf(h.slack, ts).length;
    const final = await finished(h, CHANNELS.intel, ts);

    expect(final).toContain('Agent adoption: lumen-example.dev');
    expect(updatesOf(h.slack, ts).length).toBeGreaterThan(updatesBefore);
    expect(resultReplies(h.slack, CHANNELS.intel, ts)).toHaveLength(1);
    expect(await h.radar.deps.pendingScans.listAll()).toEqual([]);
  });

  it('finds a thread reply posted just before a crash and does not post it again', async () => {
    h = await startRadarHarness({ speed: 1000, timing: SCAN_TIMING });
    const scanId = await sandboxScan(h, 'crashed-example.com');
    const ts = await slackPost(h, { channel: CHANNELS.intel, text: 'Trust-signals scan of crashed-example.com: running' });
    await slackPost(h, {
      channel: CHANNELS.intel,
      thread_ts: ts,
      text: 'Details of the trust-signals scan of crashed-example.com',
      metadata: { event_type: SCAN_RESULT_EVENT, event_payload: { scan_id: scanId } },
    });
    // The dead replica had marked the posting phase, posted the reply, and died before the rest.
    await h.radar.deps.pendingScans.put(pendingRecord({ scanId, domain: 'crashed-example.com', messageTs: ts, lastStatus: 'completed' }));
    await followerOf(h).tick?.();

    const final = await finished(h, CHANNELS.intel, ts);
    expect(final).toContain('Trust signals: crashed-example.com');
    expect(h.slack.callsTo('conversations.replies').some((c) => c.args.ts === ts)).toBe(true);
    expect(resultReplies(h.slack, CHANNELS.intel, ts)).toHaveLength(1);
  });

  it('posts the reply when the crash came before it reached Slack', async () => {
    h = await startRadarHarness({ speed: 1000, timing: SCAN_TIMING });
    const scanId = await sandboxScan(h, 'early-crash-example.com');
    const ts = await slackPost(h, { channel: CHANNELS.intel, text: 'Trust-signals scan of early-crash-example.com: running' });
    await h.radar.deps.pendingScans.put(pendingRecord({ scanId, domain: 'early-crash-example.com', messageTs: ts, lastStatus: 'completed' }));
    await followerOf(h).tick?.();

    await finished(h, CHANNELS.intel, ts);
    expect(resultReplies(h.slack, CHANNELS.intel, ts)).toHaveLength(1);
  });

  it('retries a failed post of the result without posting the thread reply twice', async () => {
    h = await startRadarHarness({ speed: 1000, timing: SCAN_TIMING });
    // Every update of the channel message fails twice in a row: the queued one and the result.
    h.slack.failNext('chat.update', { error: 'internal_error', times: 2 });
    const ts = await startScan(h, 'scan trust flaky-slack-example.com');
    const final = await finished(h, CHANNELS.intel, ts);
    expect(final).toContain('Trust signals: flaky-slack-example.com');
    expect(resultReplies(h.slack, CHANNELS.intel, ts)).toHaveLength(1);
  });

  it('says a scan has expired when Radar comes back after its expiresAt', async () => {
    h = await startRadarHarness({ speed: 1, timing: SCAN_TIMING });
    const ts = await startScan(h, 'scan agents sleepy-example.com');
    await eventually(() => updatesOf(h!.slack, ts).find((u) => u.includes('Queued')), 'the scan to be queued');
    await h.stopRadar();

    // A day passes while Radar is down: the service deletes the scan.
    h.sandbox.control.advanceClock(25 * HOUR);
    const store = await openStore(h.storeUrl, { namespacePrefix: h.storePrefix });
    const repo = createPendingScansRepo(store);
    const [scan] = await repo.listAll();
    // The record keeps the service's expiresAt from the start answer; Radar's clock is moved past it.
    const expiresAt = (scan as PendingScan & { expiresAt?: string }).expiresAt;
    expect(expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await repo.update(scan!.scanId, { startedAt: new Date(Date.now() - 25 * HOUR).toISOString(), expiresAt: new Date(Date.now() - HOUR).toISOString() } as Partial<PendingScan>);
    await store.close();

    await h.restart();
    const final = await finished(h, CHANNELS.intel, ts);
    expect(final).toContain('The result of this scan has expired: the service kept it until');
    expect(scanRequests(h).at(-1)).toMatchObject({ method: 'GET' });
  });

  it('says the service no longer knows a scan that vanished early', async () => {
    h = await startRadarHarness({ speed: 1, timing: SCAN_TIMING });
    const ts = await startScan(h, 'scan trust vanishing-example.com');
    await eventually(() => updatesOf(h!.slack, ts).find((u) => u.includes('Queued')), 'the scan to be queued');
    h.sandbox.control.advanceClock(25 * HOUR);
    const final = await finished(h, CHANNELS.intel, ts);
    expect(final).toMatch(/The monitoring service no longer knows scan `scan_[0-9a-f]+`/);
  });

  it('gives up on a scan still running past the bound, saying so and giving its id', async () => {
    h = await startRadarHarness({ speed: 1, timing: { ...SCAN_TIMING, scanGiveUpMs: 300 } });
    const ts = await startScan(h, 'scan agents slow-example.com');
    const final = await finished(h, CHANNELS.intel, ts);
    expect(final).toMatch(/The scan is still running after \d+ s, so Radar has stopped following it\. Its id is `scan_[0-9a-f]+`/);
    // Its expiresAt is a day away: the id reads it until then.
    expect(final).toMatch(/`\/radar scan scan_[0-9a-f]+` reads it until (<!date\^\d+\^[^|>]+\|[^>]+>|(\w{3} \d{1,2}, \d{4}|today|yesterday|tomorrow) \d{2}:\d{2})/);
    expect(resultReplies(h.slack, CHANNELS.intel, ts)).toEqual([]);
  });

  it('keeps polling through rate limiting and posts once', async () => {
    h = await startRadarHarness({ speed: 1000, timing: SCAN_TIMING });
    h.sandbox.control.addFault({ method: 'GET', path: '/v1/tools/trust-signals/scans/', kind: 'status', status: 429, code: 'rate_limit_exceeded', retryAfter: 0, times: 6 });
    const ts = await startScan(h, 'scan trust busy-example.com');
    const final = await finished(h, CHANNELS.intel, ts);
    expect(final).toContain('Trust signals: busy-example.com');
    expect(h.sandbox.control.requests().filter((r) => r.status === 429).length).toBe(6);
    expect(resultReplies(h.slack, CHANNELS.intel, ts)).toHaveLength(1);
  });
});
