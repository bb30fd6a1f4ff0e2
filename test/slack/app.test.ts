/**
 * The Bolt app in HTTP mode: signatures verified, acks before slow answers, /healthz, and bindings
 * that survive a restart (SQLite) and are shared by replicas (Redis).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerTo, expectNoViolations } from '../support/fake-slack.js';
import { CHANNELS } from '../support/slack-fixtures.js';
import { BOT_TOKEN, SIGNING_SECRET, replyText, startRadarHarness, type RadarHarness } from '../support/radar-harness.js';

/** Longer than Slack's 3 s ack window: an ack that waited for the service could not come first. */
const SERVICE_LATENCY_MS = 4_000;

describe('Radar over HTTP', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
  });
  afterEach(() => {
    h.sandbox.control.clearFaults();
    expectNoViolations(h.slack);
  });
  // The file's own secret scan, whatever ran and in whatever order: every log line and every Slack
  // payload this harness produced.
  afterAll(async () => {
    if (!h) return;
    try {
      const everything = `${h.logs.join('\n')}\n${JSON.stringify(h.slack.calls.map((c) => c.args))}`;
      for (const secret of [h.sandbox.keys.readWrite, SIGNING_SECRET, BOT_TOKEN]) expect(everything).not.toContain(secret);
      expect(h.logs.length).toBeGreaterThan(0);
    } finally {
      await h.stop();
    }
  });

  const commandBody = (text: string, responseUrl: string) =>
    new URLSearchParams({
      command: '/radar',
      text,
      team_id: 'T0RADAR001',
      channel_id: CHANNELS.general,
      user_id: 'U07ALICE01',
      user_name: 'alice',
      response_url: responseUrl,
      trigger_id: '1.2.3',
    }).toString();

  it('refuses unsigned, wrongly signed and replayed (older than 5 minutes) requests, and nothing reaches the service', async () => {
    h.sandbox.control.clearRequests();
    const responseUrl = h.slack.responseUrl();
    const body = commandBody('projects', responseUrl);
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const unsigned = await h.driver.raw(body, headers);
    const wrong = await h.driver.raw(body, { ...headers, ...h.driver.sign(`${body}x`) });
    const stale = await h.driver.raw(body, { ...headers, ...h.driver.sign(body, Math.floor(Date.now() / 1000) - 6 * 60) });
    for (const ack of [unsigned, wrong, stale]) expect(ack.status).toBe(401);
    const good = await h.driver.raw(body, { ...headers, ...h.driver.sign(body) });
    expect(good.status).toBe(200);
    expect(replyText(await answerTo(h.slack, { responseUrl }))).toContain('Projects (');
    expect(h.sandbox.control.requests().filter((r) => r.path === '/v1/projects')).toHaveLength(1);
  });

  it('acks at once while the service is slow; the answer follows through response_url', async () => {
    // The sandbox holds its answer to the projects read for longer than Slack waits for an ack; it
    // logs a request when it answers, so an empty log means the service has not answered yet.
    h.sandbox.control.addFault({ path: '/v1/projects', kind: 'latency', latencyMs: SERVICE_LATENCY_MS });
    h.sandbox.control.clearRequests();
    const projectReads = () => h.sandbox.control.requests().filter((r) => r.path === '/v1/projects');
    const ack = await h.driver.command('projects', { channel: CHANNELS.general });
    expect(ack.status).toBe(200);
    // The ack came back while the service was still holding the read: nothing answered yet, and
    // nothing sent to this command's response_url.
    expect(projectReads()).toEqual([]);
    expect(h.answersTo(ack)).toEqual([]);
    // Then this command's own answer arrives, built from the read the service released.
    const answer = await h.answerTo(ack);
    expect(projectReads()).toHaveLength(1);
    expect(replyText(answer)).toContain('Northwind CRM');
  }, SERVICE_LATENCY_MS + 15_000);

  it('answers /healthz with store and service reachability, never waiting for the service probe', async () => {
    // The service probe starts beside the store probe and is not waited for: until it has finished
    // once, the service's reachability is null ("not checked yet"), never a guess.
    const read = async () => {
      const res = await fetch(`${h.radar.url}/healthz`);
      expect(res.status).toBe(200);
      return (await res.json()) as { service: { reachable: boolean | null; checkedAt: string | null } };
    };
    const first = await read();
    expect(first).toMatchObject({ ok: true, mode: 'http', store: { kind: 'sqlite', reachable: true } });
    expect([null, true]).toContain(first.service.reachable);
    const later = await vi.waitFor(async () => {
      const body = await read();
      expect(body.service.reachable).not.toBeNull();
      return body;
    });
    expect(later).toEqual({
      ok: true,
      mode: 'http',
      store: { kind: 'sqlite', reachable: true },
      service: { reachable: true, checkedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown },
    });
  });

  it('keeps bindings across a restart on the SQLite store', async () => {
    await h.command('bind quarry', { channel: CHANNELS.intel });
    await h.restart();
    const text = replyText(await h.command('status', { channel: CHANNELS.intel }));
    expect(text).toContain('bound to *Quarry Pay*');
  });
});

describe.skipIf(!process.env.REDIS_URL)('replicas sharing a Redis store', () => {
  let a: RadarHarness;
  let b: RadarHarness;
  beforeAll(async () => {
    const storeUrl = process.env.REDIS_URL ?? '';
    a = await startRadarHarness({ storeUrl });
    b = await startRadarHarness({ storeUrl, storePrefix: a.storePrefix, sandbox: a.sandbox, slack: a.slack });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('a binding made through one instance is seen by the other', async () => {
    const channel = `C${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
    await a.command('bind lumen', { channel });
    const text = replyText(await b.command('status', { channel }));
    expect(text).toContain('bound to *Lumen Docs*');
    expect(replyText(await b.command('unbind', { channel }))).toContain('no longer bound');
    expect(replyText(await a.command('status', { channel }))).toContain("isn't bound");
  });
});
