/**
 * The Bolt app in HTTP mode: signatures verified, acks before slow answers, /healthz, and bindings
 * that survive a restart (SQLite) and are shared by replicas (Redis).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations } from '../support/fake-slack.js';
import { CHANNELS } from '../support/slack-fixtures.js';
import { BOT_TOKEN, SIGNING_SECRET, replyText, startRadarHarness, type RadarHarness } from '../support/radar-harness.js';

describe('Radar over HTTP', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
  });
  afterEach(() => {
    h.sandbox.control.clearFaults();
    expectNoViolations(h.slack);
  });
  afterAll(() => h?.stop());

  const commandBody = (text: string) =>
    new URLSearchParams({
      command: '/radar',
      text,
      team_id: 'T0RADAR001',
      channel_id: CHANNELS.general,
      user_id: 'U07ALICE01',
      user_name: 'alice',
      response_url: h.slack.responseUrl(),
      trigger_id: '1.2.3',
    }).toString();

  it('refuses unsigned, wrongly signed and replayed (older than 5 minutes) requests, and nothing reaches the service', async () => {
    h.sandbox.control.clearRequests();
    const body = commandBody('projects');
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const unsigned = await h.driver.raw(body, headers);
    const wrong = await h.driver.raw(body, { ...headers, ...h.driver.sign(`${body}x`) });
    const stale = await h.driver.raw(body, { ...headers, ...h.driver.sign(body, Math.floor(Date.now() / 1000) - 6 * 60) });
    for (const ack of [unsigned, wrong, stale]) expect(ack.status).toBe(401);
    const good = await h.driver.raw(body, { ...headers, ...h.driver.sign(body) });
    expect(good.status).toBe(200);
    await h.slack.waitForCall('response_url', (c) => replyText(c).includes('Projects ('));
    expect(h.sandbox.control.requests().filter((r) => r.path === '/v1/projects')).toHaveLength(1);
  });

  it('acks at once while the service is slow; the answer follows through response_url', async () => {
    h.sandbox.control.addFault({ path: '/v1/projects', kind: 'latency', latencyMs: 800 });
    const before = h.responses().length;
    const ack = await h.driver.command('projects', { channel: CHANNELS.general });
    expect(ack.status).toBe(200);
    // The ack came back before the service answered: no response has been sent yet.
    expect(h.responses().length).toBe(before);
    const answer = await h.nextResponse();
    expect(replyText(answer)).toContain('Northwind CRM');
  });

  it('answers /healthz with store and service reachability', async () => {
    const res = await fetch(`${h.radar.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, mode: 'http', store: { kind: 'sqlite', reachable: true }, service: { reachable: true } });
  });

  it('writes no secret into any log line or Slack message', async () => {
    await h.command('status', { channel: CHANNELS.general });
    const everything = `${h.logs.join('\n')}\n${JSON.stringify(h.slack.calls.map((c) => c.args))}`;
    for (const secret of [h.sandbox.keys.readWrite, SIGNING_SECRET, BOT_TOKEN]) expect(everything).not.toContain(secret);
    expect(h.logs.length).toBeGreaterThan(0);
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
