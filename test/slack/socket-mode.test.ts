/**
 * Socket Mode, end to end on loopback: Radar started through `startRadar` with SLACK_APP_TOKEN, its
 * Slack API (SLACK_API_URL) the Socket Mode stand-in, which answers apps.connections.open, speaks
 * Slack's WebSocket protocol and passes every other Web API call to the fake Slack.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startRadar, type RadarInstance, type StartOptions } from '../../src/radar.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { CALLBACK_IDS } from '../../src/slack/ids.js';
import type { WebApiCall } from '../../src/slack/local-web-api/index.js';
import { loadBlockKitSchema } from '../support/block-kit-schema.js';
import { ackAnswer, expectNoViolations, startFakeSlack, type FakeSlack } from '../support/fake-slack.js';
import { BOT_TOKEN, TEST_RETRY, TEST_TIMING, replyText } from '../support/radar-harness.js';
import { CHANNELS, USERS } from '../support/slack-fixtures.js';
import { startSocketModeStandin, type SocketModeStandin, type StandinOptions } from '../support/socket-mode-standin.js';

const APP_TOKEN = 'xapp-1-A0STANDIN1-1234567890123-0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a6978';
const SLACK_ACK_MS = 3_000;

interface World {
  sandbox: Sandbox;
  fake: FakeSlack;
  standin: SocketModeStandin;
  logs: string[];
  tempDir: string;
  start(options?: { env?: Record<string, string>; timing?: StartOptions['timing']; logSink?: (line: string) => void }): Promise<RadarInstance>;
  close(): Promise<void>;
}

async function world(standinOptions: Partial<StandinOptions> = {}): Promise<World> {
  const sandbox = await startSandbox({ port: 0, speed: 1000 });
  const fake = await startFakeSlack();
  // The fake's referee compiles Slack's Block Kit schema on first use, holding this process's event
  // loop for a second or two; done here, it cannot delay a pong and make the client drop its socket.
  loadBlockKitSchema();
  const standin = await startSocketModeStandin({ appToken: APP_TOKEN, webApiUrl: fake.url, ...standinOptions });
  const tempDir = mkdtempSync(join(tmpdir(), 'radar-socket-'));
  const logs: string[] = [];
  let closed = false;
  return {
    sandbox,
    fake,
    standin,
    logs,
    tempDir,
    start: ({ env = {}, timing = {}, logSink } = {}) =>
      startRadar(
        loadConfig({
          SLACK_BOT_TOKEN: BOT_TOKEN,
          SLACK_APP_TOKEN: APP_TOKEN,
          SLACK_API_URL: standin.apiUrl,
          SVC_BASE_URL: sandbox.url,
          SVC_API_KEY: sandbox.keys.readWrite,
          STORE_URL: `sqlite://${join(tempDir, `${randomUUID()}.sqlite`)}`,
          PORT: '0',
          LOG_LEVEL: 'debug',
          ...env,
        }),
        {
          logSink: (line) => {
            logs.push(line);
            logSink?.(line);
          },
          // A shorter ping timeout makes the client's wait before reconnecting 2 s instead of 5 s.
          timing: { ...TEST_TIMING, socketPingTimeoutMs: 2_000, ...timing },
          serviceRetry: TEST_RETRY,
        },
      ),
    async close() {
      if (closed) return;
      closed = true;
      await standin.close();
      await fake.close();
      await sandbox.close();
      rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

/** Posts a message into the fake Slack as the bot (so a shortcut's permalink finds it); resolves to its ts. */
async function postMessage(fake: FakeSlack, channel: string, text: string): Promise<string> {
  const res = await fetch(`${fake.url}chat.postMessage`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${BOT_TOKEN}`, 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ channel, text }),
  });
  const body = (await res.json()) as { ok: boolean; ts?: string };
  if (!body.ok || !body.ts) throw new Error('could not post the test message');
  return body.ts;
}

/** `/healthz`'s body; its status must agree with `ok` (200 when this replica can serve, else 503). */
async function healthz(radar: RadarInstance | string): Promise<Record<string, unknown>> {
  const base = typeof radar === 'string' ? radar : radar.url;
  const res = await fetch(`${base}/healthz`);
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status).toBe(body.ok === true ? 200 : 503);
  return body;
}

/** An Events API envelope: `app_home_opened` by `user`, as Slack sends it and (retry > 0) retries it in a new envelope with the same event_id. */
function homeOpened(appId: string, user: string, eventId: string, retry: number) {
  return {
    envelope_id: `env-${randomUUID()}`,
    type: 'events_api' as const,
    accepts_response_payload: false,
    ...(retry > 0 ? { retry_attempt: retry, retry_reason: 'timeout' } : {}),
    payload: {
      team_id: 'T0RADAR001',
      api_app_id: appId,
      event: { type: 'app_home_opened', user, channel: `D0${user.slice(1)}`, tab: 'home', event_ts: `${Date.now() / 1000}` },
      type: 'event_callback',
      event_id: eventId,
      event_time: Math.floor(Date.now() / 1000),
    },
  };
}

describe('Socket Mode', () => {
  let w: World;
  let radar: RadarInstance;
  let responseCount = 0;

  /** `/radar text` over the socket: acked under 3 s, answered in the ack's payload or at its own response_url. */
  async function command(text: string, options: { channel?: string; user?: string } = {}): Promise<WebApiCall> {
    const id = `socket-command-${++responseCount}`;
    const ack = await w.standin.command(text, { responseUrl: w.fake.responseUrl(id), ...options });
    expect(ack.ms).toBeLessThan(SLACK_ACK_MS);
    return ackAnswer({ body: ack.payload }) ?? w.fake.waitForCall('response_url', (c) => c.responseUrlId === id);
  }

  beforeAll(async () => {
    w = await world();
    radar = await w.start();
  });
  afterEach(() => expectNoViolations(w.fake));
  afterAll(async () => {
    await radar?.stop();
    await w?.close();
  });

  it('opens its connection through SLACK_API_URL with the app token, and /healthz says connected', async () => {
    expect(radar.mode).toBe('socket');
    const opens = w.standin.httpCalls.filter((c) => c.method === 'apps.connections.open');
    expect(opens).toHaveLength(1);
    expect(opens[0]?.headers.authorization).toBe(`Bearer ${APP_TOKEN}`);
    expect(w.standin.connections()).toBe(1);
    // Bot-token calls reached the fake Slack through the same URL.
    expect(w.fake.calls.some((c) => c.method === 'auth.test' && c.token === BOT_TOKEN)).toBe(true);

    expect(await healthz(radar)).toMatchObject({ ok: true, mode: 'socket', socket: { state: 'connected', connections: 1 } });
    // The service probe is never waited for; once it has finished, the body says what it found.
    await vi.waitFor(async () => expect(await healthz(radar)).toMatchObject({ service: { reachable: true } }));
  });

  it('acks /radar help with the help itself (the envelope’s response payload), nothing at the response_url', async () => {
    const reply = await command('help');
    expect(reply.method).toBe('ack');
    expect(replyText(reply)).toContain('Radar: competitive intelligence in Slack');
    expect(reply.args.response_type).toBe('ephemeral');
  });

  it('acks /radar projects and answers with the service’s projects', async () => {
    const reply = await command('projects', { channel: CHANNELS.general });
    expect(replyText(reply)).toContain('Northwind CRM');
    expect(replyText(reply)).toContain('Lumen Docs');
  });

  it('opens the right modal for each message shortcut within 3 s of the envelope', async () => {
    expect(replyText(await command('bind northwind', { channel: CHANNELS.intel }))).toContain('now bound to *Northwind CRM*');
    const modals = [
      [CALLBACK_IDS.ticketFromMessage, CALLBACK_IDS.ticketModal],
      [CALLBACK_IDS.commentFromMessage, CALLBACK_IDS.commentModal],
    ] as const;
    for (const [shortcut, modal] of modals) {
      const text = `Attio launched a cheaper plan (${shortcut})`;
      const ts = await postMessage(w.fake, CHANNELS.intel, text);
      const sentAt = Date.now();
      const ack = await w.standin.messageShortcut(shortcut, {
        channel: CHANNELS.intel,
        message: { ts, text, user: USERS.bob },
        responseUrl: w.fake.responseUrl(`socket-shortcut-${shortcut}`),
      });
      expect(ack.ms).toBeLessThan(SLACK_ACK_MS);
      const opened = await w.fake.waitForCall('views.open', (c) => c.args.trigger_id === ack.triggerId);
      expect(opened.at - sentAt).toBeLessThan(SLACK_ACK_MS);
      expect(opened.args.view).toMatchObject({ type: 'modal', callback_id: modal });
    }
  });

  it('after Slack asks for a refresh, opens a new connection and keeps answering', async () => {
    // One connection so far: none dropped on its own (a dropped one would lose envelopes, as with Slack).
    expect(w.standin.connections()).toBe(1);
    expect(w.standin.opens()).toBe(1);
    await w.standin.disconnect('refresh_requested');
    await w.standin.waitForOpens(2);
    await w.standin.waitForConnection(2);
    const reopened = w.standin.httpCalls.filter((c) => c.method === 'apps.connections.open');
    expect(reopened.at(-1)?.headers.authorization).toBe(`Bearer ${APP_TOKEN}`);

    const id = `socket-after-refresh`;
    const ack = await w.standin.command('projects', { responseUrl: w.fake.responseUrl(id) });
    expect(ack.connection).toBe(2);
    expect(ack.ms).toBeLessThan(SLACK_ACK_MS);
    expect(replyText(await w.fake.waitForCall('response_url', (c) => c.responseUrlId === id))).toContain('Northwind CRM');
    expect(await healthz(radar)).toMatchObject({ ok: true, socket: { state: 'connected', connections: 2 } });
  });

  it('never writes the app token to a log line, a frame, or any call but apps.connections.open’s Authorization header', () => {
    expect(w.logs.length).toBeGreaterThan(0);
    expect(w.logs.some((line) => line.includes('Socket Mode: connecting to Slack'))).toBe(true);
    expect(w.logs.filter((line) => line.includes(APP_TOKEN))).toEqual([]);

    expect(w.standin.frames.length).toBeGreaterThan(0);
    expect(w.standin.frames.filter((f) => f.data.includes(APP_TOKEN))).toEqual([]);

    for (const call of w.standin.httpCalls) {
      const { authorization, ...otherHeaders } = call.headers;
      expect(JSON.stringify({ ...call, headers: otherHeaders })).not.toContain(APP_TOKEN);
      if (call.method === 'apps.connections.open') expect(authorization).toBe(`Bearer ${APP_TOKEN}`);
      else expect(authorization ?? '').not.toContain(APP_TOKEN);
    }
    expect(w.fake.calls.filter((c) => JSON.stringify(c).includes(APP_TOKEN))).toEqual([]);
  });

  it('an envelope delivered twice, with a reconnect between, is acknowledged twice and acted on once', async () => {
    const id = `socket-twice-${randomUUID()}`;
    const envelope = {
      envelope_id: `env-${randomUUID()}`,
      type: 'slash_commands' as const,
      accepts_response_payload: true,
      // `projects` is answered at the response_url (help travels in the ack): each action is counted there.
      payload: { command: '/radar', text: 'projects', team_id: 'T0RADAR001', channel_id: CHANNELS.general, user_id: USERS.alice, user_name: 'alice', response_url: w.fake.responseUrl(id), trigger_id: `1.2.${randomUUID()}` },
    };
    await w.standin.send(envelope);
    await w.fake.waitForCall('response_url', (c) => c.responseUrlId === id);
    const opened = w.standin.connections();
    await w.standin.disconnect();
    await w.standin.waitForConnection(opened + 1);
    await w.standin.send(envelope);
    // A later command answered at its response_url comes after anything the second delivery could have done.
    expect(replyText(await command('projects'))).toContain('Northwind CRM');
    expect(w.fake.responses.filter((c) => c.responseUrlId === id)).toHaveLength(1);
    expect(w.logs.filter((l) => l.includes('ignored a Socket Mode envelope delivered again'))).toHaveLength(1);
  });

  it('an event retried in a new envelope, with a reconnect between, is acted on once (claimed by its event_id)', async () => {
    const user = USERS.carol;
    const eventId = `Ev${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
    // Slack retries an event in a new envelope, with the same event_id.
    const event = (retry: number) => homeOpened(w.standin.appId, user, eventId, retry);
    const published = () => w.fake.calls.filter((c) => c.method === 'views.publish' && c.args.user_id === user);
    await w.standin.send(event(0));
    await w.fake.waitForCall('views.publish', (c) => c.args.user_id === user, { timeoutMs: 10_000 });
    const opened = w.standin.connections();
    await w.standin.disconnect();
    await w.standin.waitForConnection(opened + 1);
    const ack = await w.standin.send(event(1));
    expect(ack.payload ?? {}).toEqual({});
    // Either the retry is dropped as a redelivery, or (without the event_id claim) it reaches the
    // Home tab, whose once-a-minute throttle then says so.
    const dropped = (l: string) => l.includes('ignored a Socket Mode event delivered again') && l.includes(eventId);
    const reachedHome = (l: string) => l.includes('refreshed less than a minute ago') && l.includes(user);
    await vi.waitFor(() => expect(w.logs.some((l) => dropped(l) || reachedHome(l))).toBe(true), { timeout: 10_000 });
    expect(w.logs.filter(dropped)).toHaveLength(1);
    expect(w.logs.filter(reachedHome)).toEqual([]);
    expect(published()).toHaveLength(1);
  });

  it('acknowledges and drops a malformed envelope with one log line each, and keeps answering', async () => {
    const logged = () => w.logs.filter((l) => l.includes('acknowledged and dropped a malformed Socket Mode envelope')).length;
    const before = logged();
    const slash = { command: '/radar', team_id: 'T0RADAR001', channel_id: CHANNELS.general, user_id: USERS.alice, text: 'help', response_url: w.fake.responseUrl('never') };
    const malformed = [
      { type: 'slash_commands' as const, payload: null as unknown as Record<string, unknown> },
      { type: 'slash_commands' as const, payload: { ...slash, text: ['a', 'b'] } },
      { type: 'slash_commands' as const, payload: { ...slash, response_url: undefined } },
      { type: 'interactive' as const, payload: { type: 'view_submission', user: { id: USERS.alice }, view: { callback_id: 'x' } } },
      { type: 'events_api' as const, payload: { type: 'event_callback' } },
    ];
    for (const envelope of malformed) {
      const ack = await w.standin.send({ ...envelope, accepts_response_payload: false });
      expect(ack.payload ?? {}).toEqual({});
    }
    expect(logged() - before).toBe(malformed.length);
    expect(w.fake.responses.filter((c) => c.responseUrlId === 'never')).toEqual([]);
    expect(replyText(await command('help'))).toContain('/radar');
  });
});

describe('Socket Mode when Slack cannot be reached at start', () => {
  let w: World;
  afterAll(() => w?.close());

  it('refuses a wrong app token with one line naming SLACK_APP_TOKEN, without the token', async () => {
    w = await world({ appToken: 'xapp-1-A0OTHER-the-token-slack-knows' });
    const error = await w.start().then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/apps\.connections\.open at http:\/\/127\.0\.0\.1:\d+\/api\/.*invalid_auth.*SLACK_APP_TOKEN/);
    expect(error?.message).not.toContain('\n');
    expect(error?.message).not.toContain(APP_TOKEN);
    expect(w.logs.filter((line) => line.includes(APP_TOKEN))).toEqual([]);
    await w.close();
  });

  it('reports socket: connecting on /healthz until Slack says hello, then starts', async () => {
    w = await world({ hello: 'manual' });
    let healthUrl: (url: string) => void = () => {};
    const healthSeen = new Promise<string>((resolve) => (healthUrl = resolve));
    const starting = w.start({
      logSink: (line) => {
        if (line.includes('Socket Mode: connecting to Slack')) healthUrl((JSON.parse(line) as { health: string }).health.replace(/\/healthz$/, ''));
      },
    });
    const base = await healthSeen;
    await w.standin.waitForOpens(1);
    expect(await healthz(base)).toMatchObject({ ok: false, mode: 'socket', socket: { state: 'connecting', connections: 0 } });

    w.standin.sendHello();
    const radar = await starting;
    expect(await healthz(radar)).toMatchObject({ ok: true, socket: { state: 'connected', connections: 1 } });
    await radar.stop();
    await w.close();
  });

  it('fails start with one line after socketConnectTimeoutMs when the connection never completes', async () => {
    w = await world({ hello: 'manual' });
    const error = await w.start({ timing: { socketConnectTimeoutMs: 300 } }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/^Socket Mode did not connect to Slack within 0\.3 s \(apps\.connections\.open at http:\/\/127\.0\.0\.1:\d+\/api\//);
    expect(error?.message).not.toContain('\n');
    expect(w.standin.opens()).toBe(1);
    await w.close();
  });
});

/**
 * An event Slack retries after the replica that took it has gone: a restart on the same SQLite file,
 * and (with REDIS_URL) another replica on the same Redis, find the event_id's claim in the store,
 * where no memory of this process could.
 */
describe('Socket Mode redelivery across a restart and a replica', () => {
  const stores = [
    { name: 'a restart on the same SQLite file', url: (w: World) => `sqlite://${join(w.tempDir, 'shared.sqlite')}`, skip: false },
    { name: 'another replica on the same Redis', url: () => process.env.REDIS_URL ?? '', skip: !process.env.REDIS_URL },
  ];
  for (const store of stores) {
    it.skipIf(store.skip)(`an event retried after ${store.name} is acted on once`, async () => {
      const w = await world();
      const env = { STORE_URL: store.url(w), STORE_PREFIX: `socket-redo-${randomUUID().slice(0, 8)}`, BACKGROUND_JOBS: 'in-process' };
      let first: RadarInstance | undefined;
      let second: RadarInstance | undefined;
      try {
        const user = USERS.carol;
        const eventId = `Ev${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
        const event = (retry: number) => homeOpened(w.standin.appId, user, eventId, retry);
        const published = () => w.fake.calls.filter((c) => c.method === 'views.publish' && c.args.user_id === user);
        first = await w.start({ env });
        await w.standin.send(event(0));
        await w.fake.waitForCall('views.publish', (c) => c.args.user_id === user);
        const opened = w.standin.connections();
        // The second process connects; the first goes (a restart, or a replica taken out), so the
        // retry can only reach the second, whose memory never saw the event.
        second = await w.start({ env });
        await first.stop();
        first = undefined;
        await w.standin.waitForConnection(opened + 1);
        await w.standin.send(event(1));
        const dropped = (l: string) => l.includes('ignored a Socket Mode event delivered again') && l.includes(eventId);
        // Without the claim the retry reaches the Home tab, whose throttle (kept in the store) says so.
        const reachedHome = (l: string) => l.includes('refreshed less than a minute ago') && l.includes(user);
        await vi.waitFor(() => expect(w.logs.some(dropped) || w.logs.some(reachedHome) || published().length > 1).toBe(true), { timeout: 30_000 });
        expect(w.logs.filter(dropped)).toHaveLength(1);
        expect(w.logs.filter(reachedHome)).toEqual([]);
        expect(published()).toHaveLength(1);
      } finally {
        await first?.stop();
        await second?.stop();
        await w.close();
      }
    });
  }
});
