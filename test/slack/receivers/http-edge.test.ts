/**
 * Radar's HTTP edge end to end (Radar in HTTP mode through `startRadar`): odd methods, paths and
 * request lines get small answers and never stop the server; bodies are refused from their headers
 * before being read; a replayed signed request is acked once and dispatched once, across replicas
 * too; `/healthz` says whether this replica can serve.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { MiB, chunkedBody, rawRequest, requestHead } from './raw-http.js';
import { TRY_AGAIN } from '../../../src/slack/receivers/slack-gate.js';

const FORM = 'application/x-www-form-urlencoded';

/** A `/radar` command body answering to `responseUrl`, as Slack form-encodes it. */
const commandBody = (text: string, responseUrl: string) =>
  new URLSearchParams({
    command: '/radar',
    text,
    team_id: 'T0RADAR001',
    channel_id: CHANNELS.general,
    user_id: 'U07ALICE01',
    user_name: 'alice',
    response_url: responseUrl,
    trigger_id: `1.2.${randomUUID()}`,
  }).toString();

/** The Slack signature headers with a well-formed signature and a current timestamp (valid or not). */
const plausibleSignature = () => ({ 'x-slack-signature': `v0=${'0'.repeat(64)}`, 'x-slack-request-timestamp': Math.floor(Date.now() / 1000) });

describe('the HTTP edge', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness();
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  const url = () => h.radar.url ?? '';
  /** The server still answers a signed `/radar help` with its help text. */
  const stillServes = async () => expect(replyText(await h.command('help'))).toContain('/radar');

  describe('methods, paths and request lines', () => {
    it('GET /favicon.ico: 404 with a small JSON body', async () => {
      const res = await fetch(`${url()}/favicon.ico`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(await res.json()).toEqual({ error: 'not_found' });
      await stillServes();
    });

    it('HEAD /healthz: the health status with no body', async () => {
      const res = await rawRequest(url(), requestHead('HEAD /healthz HTTP/1.1', { connection: 'close' }), { head: true, untilClosed: true });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.body).toBe('');
      const viaFetch = await fetch(`${url()}/healthz`, { method: 'HEAD' });
      expect(viaFetch.status).toBe(200);
      expect(await viaFetch.text()).toBe('');
      await stillServes();
    });

    it('OPTIONS /slack/events: 405 allowing POST', async () => {
      const res = await fetch(`${url()}/slack/events`, { method: 'OPTIONS' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(await res.json()).toEqual({ error: 'method_not_allowed' });
      await stillServes();
    });

    it('PUT /healthz and GET /slack/events: 405 with Allow', async () => {
      const put = await fetch(`${url()}/healthz`, { method: 'PUT', body: 'x' });
      expect(put.status).toBe(405);
      expect(put.headers.get('allow')).toBe('GET, HEAD');
      const get = await fetch(`${url()}/slack/events`);
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
      await stillServes();
    });

    it.each([
      ['//', 404, '//'],
      ['//slack/events', 404, '//slack/events'],
      ['/%', 404, '/%'],
      ['/%ff%00', 404, '/%ff%00'],
      ['/slack/events/../healthz', 404, '/slack/events/../healthz'],
      ['/healthz/', 404, '/healthz/'],
      ['/healthz?probe=1&x=%zz', 200, '/healthz?probe=1&x=%zz'],
      ['an 8000-character path', 404, `/${'a'.repeat(8000)}`],
      ['*', 404, '*'],
      ['http://radar.test/healthz', 200, 'http://radar.test/healthz'],
      ['http://[::1/x', 404, 'http://[::1/x'],
    ])('a request to %s answers %i', async (_name, status, target) => {
      const res = await rawRequest(url(), requestHead(`GET ${target} HTTP/1.1`, { connection: 'close' }));
      expect(res.status).toBe(status);
      await stillServes();
    });

    it.each([
      ['an unknown method', 'FOO /healthz HTTP/1.1', 400],
      ['a lower-case method', 'get /healthz HTTP/1.1', 400],
      ['a WebDAV method on the Slack path', 'PROPFIND /slack/events HTTP/1.1', 405],
      ['M-SEARCH *', 'M-SEARCH * HTTP/1.1', 404],
      ['DELETE on health', 'DELETE /healthz HTTP/1.1', 405],
      ['a request line of garbage', '\u0001\u0002 hello there', 400],
      ['an unknown HTTP version', 'GET /healthz HTTP/7.3', 400],
    ])('%s (%j) answers %i', async (_name, line, status) => {
      const res = await rawRequest(url(), requestHead(line, { connection: 'close' }));
      expect(res.status).toBe(status);
      if (status === 400) expect(JSON.parse(res.body)).toEqual({ error: 'bad_request' });
      await stillServes();
    });

    it('a malformed header line and a bad content-length answer 400', async () => {
      for (const head of [
        'GET /healthz HTTP/1.1\r\nhost: x\r\nthis is not a header\r\n\r\n',
        'POST /slack/events HTTP/1.1\r\nhost: x\r\ncontent-length: -1\r\n\r\n',
        'POST /slack/events HTTP/1.1\r\nhost: x\r\ncontent-length: 5\r\ntransfer-encoding: chunked\r\n\r\n',
      ]) {
        const res = await rawRequest(url(), head);
        expect(res.status).toBe(400);
      }
      await stillServes();
    });
  });

  describe('bodies', () => {
    it('a declared body over 1 MiB answers 413 from the headers alone, and the connection is closed', async () => {
      // Only the head is sent: the server answers without waiting for the 2 MiB it announced.
      const res = await rawRequest(
        url(),
        requestHead('POST /slack/events HTTP/1.1', { 'content-type': FORM, 'content-length': 2 * MiB, ...plausibleSignature() }),
        { untilClosed: true },
      );
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ error: 'payload_too_large' });
      expect(res.closed).toBe(true);
      await stillServes();
    });

    it('a chunked body is cut off past 1 MiB: 413 and the connection closed', async () => {
      const res = await rawRequest(
        url(),
        requestHead('POST /slack/events HTTP/1.1', { 'content-type': FORM, 'transfer-encoding': 'chunked', ...plausibleSignature() }),
        { stream: chunkedBody(2 * MiB), untilClosed: true },
      );
      expect(res.status).toBe(413);
      expect(res.closed).toBe(true);
      expect(h.logs.some((l) => l.includes('body over 1048576 bytes'))).toBe(true);
      await stillServes();
    });

    it('an unsigned POST answers 401 without its body being read', async () => {
      // Neither body is ever sent: the answer comes from the headers.
      const unsigned: Record<string, string | number>[] = [
        { 'content-type': FORM, 'content-length': 1_000_000 },
        { 'content-type': FORM, 'transfer-encoding': 'chunked' },
        { 'content-type': FORM, 'content-length': 1_000_000, 'x-slack-request-timestamp': Math.floor(Date.now() / 1000) },
        { 'content-type': FORM, 'content-length': 1_000_000, 'x-slack-signature': `v0=${'0'.repeat(64)}` },
      ];
      for (const headers of unsigned) {
        const res = await rawRequest(url(), requestHead('POST /slack/events HTTP/1.1', headers), { untilClosed: true });
        expect(res.status).toBe(401);
        expect(JSON.parse(res.body)).toEqual({ error: 'unauthorized' });
      }
      await stillServes();
    });

    it('a timestamp more than 5 minutes in the past or the future answers 401 before the body is read', async () => {
      const nowSeconds = Math.floor(Date.now() / 1000);
      for (const timestamp of [nowSeconds - 6 * 60, nowSeconds + 6 * 60]) {
        const res = await rawRequest(
          url(),
          requestHead('POST /slack/events HTTP/1.1', {
            'content-type': FORM,
            'content-length': 500_000,
            'x-slack-signature': `v0=${'0'.repeat(64)}`,
            'x-slack-request-timestamp': timestamp,
          }),
          { untilClosed: true },
        );
        expect(res.status).toBe(401);
      }
      // Correctly signed, but from the future: refused all the same, and nothing answers it.
      const body = commandBody('help', h.slack.responseUrl(`future-${randomUUID()}`));
      const future = await h.driver.raw(body, { 'content-type': FORM, ...h.driver.sign(body, nowSeconds + 6 * 60) });
      expect(future.status).toBe(401);
      await stillServes();
    });
  });

  describe('malformed signed payloads', () => {
    it('a JSON null, a doubled text, a command without response_url, a submission without its view id: 400 each, one log line each', async () => {
      const logged = () => h.logs.filter((l) => l.includes('not a Slack payload')).length;
      const before = logged();
      const base = commandBody('help', h.slack.responseUrl(`malformed-${randomUUID()}`));
      const withoutUrl = new URLSearchParams(base);
      withoutUrl.delete('response_url');
      const bodies: [string, string][] = [
        ['null', 'application/json'],
        [`${base}&text=again`, FORM],
        [withoutUrl.toString(), FORM],
        [`payload=${encodeURIComponent(JSON.stringify({ type: 'view_submission', team: { id: 'T0RADAR001' }, user: { id: 'U07ALICE01' }, view: { callback_id: 'x' } }))}`, FORM],
      ];
      for (const [body, type] of bodies) expect((await h.driver.raw(body, { 'content-type': type, ...h.driver.sign(body) })).status).toBe(400);
      expect(logged() - before).toBe(bodies.length);
      await stillServes();
    });
  });

  describe('answers only to Slack', () => {
    it('an answer to a response_url on another host is dropped with one log line; the same URL on Slack’s host is answered', async () => {
      const id = `foreign-${randomUUID()}`;
      const slackUrl = h.slack.responseUrl(id);
      expect(new URL(slackUrl).hostname).toBe('127.0.0.1');
      // The same fake Slack by another name: reached if the host were not checked.
      const foreign = slackUrl.replace('//127.0.0.1:', '//localhost:');
      const body = commandBody('status', foreign);
      expect((await h.driver.raw(body, { 'content-type': FORM, ...h.driver.sign(body) })).status).toBe(200);
      await vi.waitFor(() => expect(h.logs.filter((l) => l.includes("not Slack's") && l.includes('localhost')).length).toBe(1));
      await stillServes();
      expect(h.slack.responses.filter((c) => c.responseUrlId === id)).toEqual([]);
    });
  });

  // These probe with `/radar status`, whose answer goes to the response_url (help's travels in the ack).
  describe('replays', () => {
    it('the same signed request twice: both acked 200, the second with no body and not dispatched', async () => {
      const id = `replay-${randomUUID()}`;
      const body = commandBody('status', h.slack.responseUrl(id));
      const headers = { 'content-type': FORM, ...h.driver.sign(body) };
      const first = await h.driver.raw(body, headers);
      const second = await h.driver.raw(body, headers);
      expect(first.status).toBe(200);
      expect(second).toMatchObject({ status: 200, body: '' });
      await h.slack.waitForCall('response_url', (c) => c.responseUrlId === id);
      // A later command is answered after anything the replay could have started.
      await stillServes();
      expect(h.slack.responses.filter((c) => c.responseUrlId === id)).toHaveLength(1);
      expect(h.logs.filter((l) => l.includes('ignored a replayed Slack request'))).toHaveLength(1);
    });

    it('a command delivered again with x-slack-retry-num (a fresh timestamp, so a new signature) is acked and acted on once', async () => {
      const id = `retry-${randomUUID()}`;
      const body = commandBody('status', h.slack.responseUrl(id));
      const first = await h.driver.raw(body, { 'content-type': FORM, ...h.driver.sign(body, Math.floor(Date.now() / 1000) - 2) });
      const again = await h.driver.raw(body, { 'content-type': FORM, ...h.driver.sign(body), 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' });
      expect([first.status, again.status]).toEqual([200, 200]);
      await h.slack.waitForCall('response_url', (c) => c.responseUrlId === id);
      await stillServes();
      expect(h.slack.responses.filter((c) => c.responseUrlId === id)).toHaveLength(1);
    });
  });
});

describe.skipIf(!process.env.REDIS_URL)('replays across replicas sharing a Redis store', () => {
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

  it('a request replayed to the second replica is acked but not dispatched', async () => {
    const id = `replica-replay-${randomUUID()}`;
    const body = commandBody('status', a.slack.responseUrl(id));
    const headers = { 'content-type': FORM, ...a.driver.sign(body) };
    expect((await a.driver.raw(body, headers)).status).toBe(200);
    await a.slack.waitForCall('response_url', (c) => c.responseUrlId === id);
    expect(await b.driver.raw(body, headers)).toMatchObject({ status: 200, body: '' });
    expect(replyText(await b.command('help'))).toContain('/radar');
    expect(a.slack.responses.filter((c) => c.responseUrlId === id)).toHaveLength(1);
    expect(b.logs.filter((l) => l.includes('ignored a replayed Slack request'))).toHaveLength(1);
  });
});

describe('/healthz', () => {
  let sandbox: Sandbox;
  let h: RadarHarness;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    h = await startRadarHarness({ sandbox });
  });
  afterAll(async () => {
    await h?.stop();
    await sandbox?.close().catch(() => {});
  });

  const health = async (method = 'GET') => {
    const res = await fetch(`${h.radar.url}/healthz`, { method });
    const text = await res.text();
    return { status: res.status, body: text === '' ? '' : (JSON.parse(text) as unknown) };
  };

  it('answers 200 while the service is down: the replica can still serve', async () => {
    await sandbox.close();
    // The first answer does not wait for the service probe (reachability null: not checked yet);
    // once the probe has finished, the answer says the service is unreachable, still with 200.
    const first = await health();
    expect(first).toMatchObject({ status: 200, body: { ok: true, store: { reachable: true } } });
    expect([null, false]).toContain((first.body as { service: { reachable: unknown } }).service.reachable);
    const later = await vi.waitFor(async () => {
      const answer = await health();
      expect((answer.body as { service: { reachable: unknown } }).service.reachable).not.toBeNull();
      return answer;
    });
    expect(later).toEqual({
      status: 200,
      body: { ok: true, mode: 'http', store: { kind: 'sqlite', reachable: true }, service: { reachable: false, checkedAt: expect.any(String) as unknown } },
    });
    expect(await health('HEAD')).toEqual({ status: 200, body: '' });
  });

  it('answers 503 with the same body when the store is unreachable; a command is told to try again in a moment, not acted on', async () => {
    await h.radar.deps.store.close();
    const res = await health();
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ ok: false, store: { kind: 'sqlite', reachable: false } });
    expect(await health('HEAD')).toEqual({ status: 503, body: '' });
    const ack = await h.driver.command('status');
    expect(ack).toMatchObject({ status: 200, body: { response_type: 'ephemeral', text: TRY_AGAIN } });
    // The sentence in the ack is its only answer: nothing went to its response_url.
    expect(h.answersTo(ack).map((c) => c.method)).toEqual(['ack']);
  });
});
