/**
 * A stand-in of Slack's Socket Mode on loopback, for tests that run Radar with `SLACK_APP_TOKEN`.
 *
 * Its `apiUrl` is what Radar gets as `SLACK_API_URL`: `apps.connections.open` is answered here (the
 * app token must arrive as `Authorization: Bearer xapp-…`, else `not_authed` / `invalid_auth`, as
 * Slack answers), and every other Web API method is passed on unchanged to the fake Slack
 * (fake-slack.ts), which records and referees it as in HTTP-mode tests. The URL it hands out is a
 * one-use `ws://127.0.0.1:PORT/link/?ticket=…&app_id=…`; the WebSocket there speaks Slack's protocol:
 *
 *   - on connect it sends `{ type: 'hello', num_connections, debug_info, connection_info: { app_id } }`
 *     (or holds it until `sendHello()` with `{ hello: 'manual' }`);
 *   - `send(envelope)` sends `{ envelope_id, type, payload, accepts_response_payload }` on the live
 *     connection and resolves with the app's ack `{ envelope_id, payload? }`, matched by envelope id,
 *     and how many ms it took; `command` and `messageShortcut` build the payloads Slack sends (the
 *     same field sets as slack-driver.ts: a slash command is its form fields as a JSON object, an
 *     interactive payload the JSON object itself);
 *   - `disconnect('refresh_requested')` sends Slack's `{ type: 'disconnect', reason }`; the app is
 *     expected to call `apps.connections.open` again (`opens()` counts them).
 *
 * Every HTTP call (headers included) and every WebSocket text frame is recorded, so tests can scan
 * them for the app token.
 *
 *   const fake = await startFakeSlack();
 *   const socket = await startSocketModeStandin({ appToken: APP_TOKEN, webApiUrl: fake.url });
 *   // SLACK_API_URL: socket.apiUrl, SLACK_APP_TOKEN: APP_TOKEN
 *   const ack = await socket.command('help', { responseUrl: fake.responseUrl() });
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WebSocketServer, type WebSocket } from 'ws';
import { API_APP_ID, CHANNELS, TEAM, USERS, channelName, userName } from './slack-fixtures.js';
import type { MessageRef } from './slack-driver.js';

export interface StandinOptions {
  /** The app-level token `apps.connections.open` must be called with. */
  appToken: string;
  /** The fake Slack's Web API base URL (`fake.url`), where every other method goes. */
  webApiUrl: string;
  appId?: string;
  /** 'manual': hold each connection's `hello` until `sendHello()` (default 'auto'). */
  hello?: 'auto' | 'manual';
}

/** One HTTP request the stand-in received. */
export interface StandinHttpCall {
  /** The Web API method, e.g. `apps.connections.open`, `chat.postMessage`. */
  method: string;
  headers: Record<string, string>;
  body: string;
  /** Answered here (`apps.connections.open`) or passed on to the fake Slack. */
  handledBy: 'standin' | 'fake-slack';
  status: number;
  response: string;
}

/** One WebSocket text frame: `out` from Slack to the app, `in` from the app. */
export interface StandinFrame {
  direction: 'in' | 'out';
  /** Which connection (1 for the first `hello`, 2 after a reconnect…). */
  connection: number;
  data: string;
}

export type EnvelopeType = 'slash_commands' | 'interactive' | 'events_api';

export interface Envelope {
  envelope_id?: string;
  type: EnvelopeType;
  payload: Record<string, unknown>;
  accepts_response_payload: boolean;
  retry_attempt?: number;
  retry_reason?: string;
}

export interface SocketAck {
  envelopeId: string;
  /** The ack frame's `payload` (Bolt sends `{}` for a plain ack). */
  payload: unknown;
  /** Milliseconds from sending the envelope to receiving its ack (Slack gives up after 3,000). */
  ms: number;
  /** Which connection carried it. */
  connection: number;
}

export interface SocketModeStandin {
  /** `SLACK_API_URL` for Radar (ends in `/api/`). */
  readonly apiUrl: string;
  readonly appId: string;
  readonly httpCalls: readonly StandinHttpCall[];
  readonly frames: readonly StandinFrame[];
  /** How many times `apps.connections.open` has been answered with a URL. */
  opens(): number;
  /** How many connections have been greeted with `hello`. */
  connections(): number;
  /** Resolves once the `n`th connection has been greeted with `hello`. */
  waitForConnection(n: number): Promise<void>;
  /** Resolves once `apps.connections.open` has been answered with a URL `n` times. */
  waitForOpens(n: number): Promise<void>;
  /** With `{ hello: 'manual' }`: greets the waiting connection(s), and from then on each new one. */
  sendHello(): void;
  /** Sends an envelope on the live connection (waiting for one) and resolves with its ack. */
  send(envelope: Envelope): Promise<SocketAck>;
  /** `/radar {text}` as a `slash_commands` envelope; `responseUrl` is where the answer goes. */
  command(text: string, options: { responseUrl: string; user?: string; channel?: string }): Promise<SocketAck>;
  /** A message shortcut (`message_action`) as an `interactive` envelope. */
  messageShortcut(callbackId: string, options: { message: MessageRef; responseUrl: string; channel?: string; user?: string }): Promise<SocketAck & { triggerId: string }>;
  /** Sends Slack's `disconnect` frame on the live connection; resolves when the app has closed it. */
  disconnect(reason?: 'refresh_requested' | 'warning' | 'link_disabled'): Promise<void>;
  close(): Promise<void>;
}

interface Connection {
  number: number;
  socket: WebSocket;
  greeted: boolean;
  closed: Promise<void>;
}

const VERIFICATION_TOKEN = 'legacy-verification-token';

export async function startSocketModeStandin(options: StandinOptions): Promise<SocketModeStandin> {
  const appId = options.appId ?? API_APP_ID;
  const target = options.webApiUrl.endsWith('/') ? options.webApiUrl : `${options.webApiUrl}/`;
  const httpCalls: StandinHttpCall[] = [];
  const frames: StandinFrame[] = [];
  const tickets = new Set<string>();
  const pendingAcks = new Map<string, { sentAt: number; connection: number; resolve: (ack: SocketAck) => void; reject: (e: Error) => void }>();
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const until = (condition: () => boolean) =>
    new Promise<void>((resolve) => {
      if (condition()) return resolve();
      const check = () => {
        if (!condition()) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
    });

  let opens = 0;
  let connectionCount = 0;
  let helloCount = 0;
  /** Set by `sendHello()`: a connection whose WebSocket opens after it is greeted on arrival. */
  let helloReleased = false;
  let live: Connection | null = null;
  const connections = new Set<Connection>();
  let origin = '';

  const wss = new WebSocketServer({ noServer: true });
  const sendFrame = (connection: Connection, message: Record<string, unknown>) => {
    const data = JSON.stringify(message);
    frames.push({ direction: 'out', connection: connection.number, data });
    connection.socket.send(data);
  };
  const greet = (connection: Connection) => {
    if (connection.greeted || connection.socket.readyState !== connection.socket.OPEN) return;
    connection.greeted = true;
    sendFrame(connection, {
      type: 'hello',
      num_connections: 1,
      debug_info: { host: 'applink-standin-1', build_number: 1, approximate_connection_time: 18060 },
      connection_info: { app_id: appId },
    });
    helloCount += 1;
    live = connection;
    notify();
  };

  wss.on('connection', (socket: WebSocket) => {
    connectionCount += 1;
    let onClose: () => void = () => {};
    const connection: Connection = { number: connectionCount, socket, greeted: false, closed: new Promise((resolve) => (onClose = resolve)) };
    connections.add(connection);
    socket.on('message', (raw, isBinary) => {
      if (isBinary) return;
      const data = Buffer.isBuffer(raw) ? raw.toString('utf8') : Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.from(raw).toString('utf8');
      frames.push({ direction: 'in', connection: connection.number, data });
      let message: { envelope_id?: unknown; payload?: unknown };
      try {
        message = JSON.parse(data) as typeof message;
      } catch {
        return;
      }
      const pending = typeof message.envelope_id === 'string' ? pendingAcks.get(message.envelope_id) : undefined;
      if (!pending || typeof message.envelope_id !== 'string') return;
      pendingAcks.delete(message.envelope_id);
      pending.resolve({ envelopeId: message.envelope_id, payload: message.payload, ms: Math.round(performance.now() - pending.sentAt), connection: pending.connection });
    });
    socket.on('close', () => {
      connections.delete(connection);
      if (live === connection) live = null;
      for (const [id, pending] of pendingAcks) {
        if (pending.connection !== connection.number) continue;
        pendingAcks.delete(id);
        pending.reject(new Error(`connection ${connection.number} closed before envelope ${id} was acked`));
      }
      onClose();
      notify();
    });
    if (options.hello !== 'manual' || helloReleased) greet(connection);
  });

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error: 'standin_error', detail: String(error) }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const match = /^\/api\/([\w.]+)$/.exec(url.pathname);
    const body = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[key] = value;
    const method = match?.[1] ?? url.pathname;
    const record = (handledBy: StandinHttpCall['handledBy'], status: number, response: string) => {
      httpCalls.push({ method, headers, body, handledBy, status, response });
      notify();
    };

    if (method === 'apps.connections.open') {
      const token = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
      let answer: Record<string, unknown>;
      if (token === undefined) answer = { ok: false, error: 'not_authed' };
      else if (token !== options.appToken) answer = { ok: false, error: 'invalid_auth' };
      else {
        const ticket = randomUUID();
        tickets.add(ticket);
        opens += 1;
        answer = { ok: true, url: `${origin.replace(/^http/, 'ws')}/link/?ticket=${ticket}&app_id=${appId}` };
      }
      const text = JSON.stringify(answer);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(text);
      record('standin', 200, text);
      return;
    }

    if (!match) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error: 'not_found' }));
      record('standin', 404, '');
      return;
    }

    // Every other Web API method goes to the fake Slack as it came.
    const forwarded: Record<string, string> = {};
    if (headers['content-type']) forwarded['content-type'] = headers['content-type'];
    if (headers.authorization) forwarded.authorization = headers.authorization;
    const upstream = await fetch(`${target}${method}${url.search}`, {
      method: req.method ?? 'POST',
      headers: forwarded,
      ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body }),
    });
    const text = await upstream.text();
    const answerHeaders: Record<string, string> = { 'Content-Type': upstream.headers.get('content-type') ?? 'application/json' };
    const retryAfter = upstream.headers.get('retry-after');
    if (retryAfter) answerHeaders['Retry-After'] = retryAfter;
    res.writeHead(upstream.status, answerHeaders);
    res.end(text);
    record('fake-slack', upstream.status, text);
  }

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', origin);
    const ticket = url.searchParams.get('ticket') ?? '';
    if (url.pathname !== '/link/' || !tickets.delete(ticket)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const isOpen = (c: Connection | null): c is Connection => c !== null && c.socket.readyState === c.socket.OPEN;
  const liveConnection = async (): Promise<Connection> => {
    await until(() => isOpen(live));
    if (!isOpen(live)) throw new Error('no live connection');
    return live;
  };

  const standin: SocketModeStandin = {
    apiUrl: `${origin}/api/`,
    appId,
    httpCalls,
    frames,
    opens: () => opens,
    connections: () => helloCount,
    waitForConnection: (n) => until(() => helloCount >= n),
    waitForOpens: (n) => until(() => opens >= n),
    sendHello() {
      // The app may have asked apps.connections.open and not yet opened the WebSocket it names.
      helloReleased = true;
      for (const connection of connections) greet(connection);
    },
    async send(envelope) {
      const connection = await liveConnection();
      const envelopeId = envelope.envelope_id ?? randomUUID();
      return new Promise<SocketAck>((resolve, reject) => {
        pendingAcks.set(envelopeId, { sentAt: performance.now(), connection: connection.number, resolve, reject });
        sendFrame(connection, { ...envelope, envelope_id: envelopeId });
      });
    },
    command(text, { responseUrl, user = USERS.alice, channel = CHANNELS.general }) {
      return standin.send({
        type: 'slash_commands',
        accepts_response_payload: true,
        payload: {
          token: VERIFICATION_TOKEN,
          team_id: TEAM.id,
          team_domain: TEAM.domain,
          channel_id: channel,
          channel_name: channelName(channel),
          user_id: user,
          user_name: userName(user),
          command: '/radar',
          text,
          api_app_id: appId,
          is_enterprise_install: 'false',
          response_url: responseUrl,
          trigger_id: triggerId(),
        },
      });
    },
    async messageShortcut(callbackId, { message, responseUrl, channel = CHANNELS.general, user = USERS.alice }) {
      const trigger = triggerId();
      const ack = await standin.send({
        type: 'interactive',
        accepts_response_payload: false,
        payload: {
          type: 'message_action',
          token: VERIFICATION_TOKEN,
          api_app_id: appId,
          team: { id: TEAM.id, domain: TEAM.domain },
          user: { id: user, username: userName(user), name: userName(user), team_id: TEAM.id },
          enterprise: null,
          is_enterprise_install: false,
          action_ts: (Date.now() / 1000).toFixed(6),
          callback_id: callbackId,
          trigger_id: trigger,
          response_url: responseUrl,
          channel: { id: channel, name: channelName(channel) },
          message_ts: message.ts,
          message: { type: 'message', user: message.user ?? USERS.bob, text: message.text ?? '', ...message },
        },
      });
      return { ...ack, triggerId: trigger };
    },
    async disconnect(reason = 'refresh_requested') {
      const connection = await liveConnection();
      live = null; // Slack sends nothing more on a connection it asked the app to leave.
      sendFrame(connection, { type: 'disconnect', reason, debug_info: { host: 'applink-standin-1' } });
      await connection.closed;
    },
    async close() {
      for (const pending of pendingAcks.values()) pending.reject(new Error('stand-in closed'));
      pendingAcks.clear();
      for (const connection of connections) connection.socket.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standin;
}

function triggerId(): string {
  return `${Math.floor(Date.now() / 1000)}.${TEAM.id.slice(1)}.${randomBytes(16).toString('hex')}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
