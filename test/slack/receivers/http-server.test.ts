/**
 * The edge server on its own (stub routes, real loopback HTTP): handler errors become 500s, health
 * failures 503s, slow clients are cut off by the header and request timeouts, connections over the
 * cap are refused, and the request listener never throws whatever method or target it is handed.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket, connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { createLogger } from '../../../src/log.js';
import { createEdgeListener, pathOf, startHttpServer, type HttpServerOptions, type RunningServer } from '../../../src/slack/receivers/http-server.js';
import { createSlackGate } from '../../../src/slack/receivers/slack-gate.js';
import { rawRequest, requestHead } from './raw-http.js';

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function capture() {
  const lines: string[] = [];
  return { lines, logger: createLogger({ level: 'debug', sink: (l) => lines.push(l), secrets: ['the-signing-secret'] }) };
}

async function start(options: Partial<HttpServerOptions> = {}) {
  const { lines, logger } = capture();
  const server = await startHttpServer({ port: 0, host: '127.0.0.1', health: async () => ({ ok: true }), logger, ...options });
  servers.push(server);
  return { server, lines, url: server.url };
}

/** A TCP connection to `url` from `localAddress` (any of 127.0.0.0/8 on loopback). */
function openFrom(url: string, localAddress: string): Promise<Socket> {
  const { port } = new URL(url);
  return new Promise<Socket>((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress }, () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Everything the server sends on `socket` until it closes it. */
function answerOf(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', () => undefined);
  });
}


describe('the edge server', () => {
  it('without a Slack route (Socket Mode health server), /slack/events is unknown', async () => {
    const { url } = await start();
    const res = await fetch(`${url}/slack/events`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found' });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it("one client address over its share waits for its turn, unread, while another address's requests are answered", async () => {
    const { url } = await start({ limits: { maxConnectionsPerClient: 5 } });
    const held = await Promise.all(Array.from({ length: 5 }, () => openFrom(url, '127.0.0.2')));
    // Its sixth is accepted but not read: no answer while its five are open.
    const sixth = await openFrom(url, '127.0.0.2');
    const sixthAnswer = answerOf(sixth);
    sixth.write(requestHead('GET /healthz HTTP/1.1', { connection: 'close' }));
    // Another address is answered meanwhile.
    const other = await openFrom(url, '127.0.0.3');
    const otherAnswer = answerOf(other);
    other.write(requestHead('GET /healthz HTTP/1.1', { connection: 'close' }));
    expect(await otherAnswer).toMatch(/^HTTP\/1\.1 200 /);
    expect(sixth.bytesRead).toBe(0);
    // One of its five closes: the sixth is served.
    held[0]!.destroy();
    expect(await sixthAnswer).toMatch(/^HTTP\/1\.1 200 /);
    for (const s of held) s.destroy();
  });

  it('closing the server closes the connections waiting for their turn too', async () => {
    const { lines, logger } = capture();
    // Started by hand: closed by the test, not afterEach. A wait of a minute, so only closing can end it.
    const server = await startHttpServer({ port: 0, host: '127.0.0.1', health: async () => ({ ok: true }), logger, limits: { maxConnectionsPerClient: 1, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 } });
    const held = await openFrom(server.url, '127.0.0.2');
    const waiting = await openFrom(server.url, '127.0.0.2');
    const waitingClosed = answerOf(waiting);
    held.on('error', () => undefined);
    await server.close();
    expect(await waitingClosed).toBe('');
    expect(lines.filter((l) => l.includes('"error"'))).toEqual([]);
  });

  it('while a client has connections waiting, its answers say Connection: close and close theirs, so the waiting ones are served', async () => {
    // Kept alive for a minute: only the answers' closing can let the third in.
    const { url } = await start({ limits: { maxConnectionsPerClient: 2, keepAliveTimeoutMs: 60_000 } });
    const first = await Promise.all([openFrom(url, '127.0.0.2'), openFrom(url, '127.0.0.2')]);
    const third = await openFrom(url, '127.0.0.2');
    const thirdAnswer = answerOf(third);
    third.write(requestHead('GET /healthz HTTP/1.1', { connection: 'close' }));
    const answers = first.map((s) => answerOf(s));
    // Kept-alive requests on the two served connections, sent after the third connected (the server
    // takes connections and data in the order they arrive, so the third is waiting by then).
    for (const s of first) s.write(requestHead('GET /healthz HTTP/1.1'));
    for (const answer of await Promise.all(answers)) {
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer.toLowerCase()).toContain('connection: close');
    }
    expect(await thirdAnswer).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('keeps a reserve for /healthz: past maxConnections health is answered, anything else is 503', async () => {
    const slack = (async (_req, res) => {
      res.writeHead(200);
      res.end();
    }) as HttpServerOptions['slack'];
    const { url } = await start({ slack, limits: { maxConnections: 2, healthReserve: 2 } });
    // The served connections, each from its own address (no share is hit).
    const held = [await openFrom(url, '127.0.0.4'), await openFrom(url, '127.0.0.5')];
    const health = await openFrom(url, '127.0.0.3');
    const healthAnswer = answerOf(health);
    health.write(requestHead('GET /healthz HTTP/1.1'));
    const answer = await healthAnswer;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    const command = await openFrom(url, '127.0.0.3');
    const commandAnswer = answerOf(command);
    command.write(requestHead('POST /slack/events HTTP/1.1', { 'content-length': 0 }));
    expect(await commandAnswer).toMatch(/^HTTP\/1\.1 503 [^]*"server_busy"/);
    for (const s of held) s.destroy();
  });

  it('a trusted proxy is not held to a share; its requests are counted by the client X-Forwarded-For names (its last untrusted hop)', async () => {
    const hanging: (() => void)[] = [];
    const slack = ((_req, res) =>
      new Promise<void>((resolve) => {
        hanging.push(() => {
          res.writeHead(200, { 'content-length': 0 });
          res.end();
          resolve();
        });
      })) as HttpServerOptions['slack'];
    const { url } = await start({ slack, trustedProxies: ['127.0.0.0/30'], limits: { maxConnectionsPerClient: 1 } });
    const post = async (from: string, forwardedFor: string) => {
      const socket = await openFrom(url, from);
      const answer = answerOf(socket);
      socket.write(requestHead('POST /slack/events HTTP/1.1', { 'content-length': 0, 'x-forwarded-for': forwardedFor, connection: 'close' }));
      return answer;
    };
    // 9.9.9.9's first request is under way (the proxy holds two connections: no share for it).
    const first = post('127.0.0.2', '9.9.9.9');
    await vi.waitFor(() => expect(hanging).toHaveLength(1));
    // Its second, even behind a hop it wrote itself, is refused at once; another client goes through.
    expect(await post('127.0.0.2', '1.2.3.4, 9.9.9.9')).toMatch(/^HTTP\/1\.1 503 [^]*"server_busy"/);
    expect(await post('127.0.0.2', '9.9.9.9, 127.0.0.1')).toMatch(/^HTTP\/1\.1 503 /);
    const second = post('127.0.0.2', '8.8.8.8');
    await vi.waitFor(() => expect(hanging).toHaveLength(2));
    for (const release of hanging) release();
    expect(await first).toMatch(/^HTTP\/1\.1 200 /);
    expect(await second).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('closes an idle kept-alive connection after keepAliveTimeoutMs', async () => {
    const { url } = await start({ limits: { keepAliveTimeoutMs: 50 } });
    const { port } = new URL(url);
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect({ host: '127.0.0.1', port: Number(port) }, () => resolve(s));
      s.on('error', reject);
    });
    const closed = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write(requestHead('GET /healthz HTTP/1.1'));
    // Answered, kept alive, then closed by the server once idle (the test waits for the close).
    expect(await closed).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('a Slack handler that throws or rejects answers 500 with a small body, logged, and the server keeps serving', async () => {
    let mode: 'throw' | 'reject' = 'throw';
    const { url, lines } = await start({
      slack: (() => {
        if (mode === 'throw') throw new Error('listener bug');
        return Promise.reject(new Error('async listener bug'));
      }) as HttpServerOptions['slack'],
    });
    for (const m of ['throw', 'reject'] as const) {
      mode = m;
      const res = await fetch(`${url}/slack/events`, { method: 'POST', body: 'x' });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: 'internal' });
    }
    expect(lines.filter((l) => l.includes('"HTTP request failed"'))).toHaveLength(2);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('health: 503 with the report when ok is false, when the report throws, and when it takes too long', async () => {
    let health: () => Promise<{ ok: boolean; [k: string]: unknown }> = async () => ({ ok: false, store: { reachable: false } });
    const { url } = await start({ health: () => health(), limits: { healthTimeoutMs: 50 } });
    let res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, store: { reachable: false } });
    health = async () => {
      throw new Error('boom');
    };
    res = await fetch(`${url}/healthz`);
    expect([res.status, await res.json()]).toEqual([503, { ok: false }]);
    health = () => new Promise(() => {});
    res = await fetch(`${url}/healthz`);
    expect([res.status, await res.json()]).toEqual([503, { ok: false }]);
  });

  it('cuts off a client that sends its headers too slowly (408) and one that sends its body too slowly (408)', async () => {
    const { lines, logger } = capture();
    const slack = createSlackGate({ signingSecret: 'the-signing-secret', dispatch: async () => {}, logger });
    const { url } = await start({ slack, limits: { headersTimeoutMs: 200, requestTimeoutMs: 200, connectionsCheckingIntervalMs: 20 } });
    // Headers never finished (no blank line).
    const slowHeaders = await rawRequest(url, 'GET /healthz HTTP/1.1\r\nhost: x\r\n', { untilClosed: true });
    expect(slowHeaders.status).toBe(408);
    expect(JSON.parse(slowHeaders.body)).toEqual({ error: 'request_timeout' });
    // Headers that pass the gate, then 10 of the 100 bytes announced.
    const slowBody = await rawRequest(
      url,
      requestHead('POST /slack/events HTTP/1.1', {
        'content-length': 100,
        'x-slack-signature': `v0=${'0'.repeat(64)}`,
        'x-slack-request-timestamp': Math.floor(Date.now() / 1000),
      }) + '0123456789',
      { untilClosed: true },
    );
    expect(slowBody.status).toBe(408);
    expect(slowBody.closed).toBe(true);
    expect(lines.some((l) => l.includes('ended before its body'))).toBe(true);
  });

  it('refuses connections over the cap and serves again once they close', async () => {
    const { url, server, lines } = await start({ limits: { maxConnections: 2, healthReserve: 0 } });
    const { port } = new URL(url);
    const open = () =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port: Number(port) }, () => resolve(socket));
        socket.on('error', reject);
      });
    const held = [await open(), await open()];
    // The third is accepted by the kernel, then closed by the server without a byte.
    const third = await open();
    const received = await new Promise<number>((resolve) => {
      let bytes = 0;
      third.on('data', (d: Buffer) => (bytes += d.length));
      third.on('close', () => resolve(bytes));
      third.write(requestHead('GET /healthz HTTP/1.1'));
    });
    expect(received).toBe(0);
    expect(lines.some((l) => l.includes('refused connections over the cap'))).toBe(true);
    for (const s of held) s.destroy();
    // Wait until the server has seen both close (no fixed sleep).
    for (;;) {
      const count = await new Promise<number>((resolve, reject) => server.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));
      if (count === 0) break;
      await new Promise((r) => setImmediate(r));
    }
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});

describe('pathOf', () => {
  it('takes the path of origin-form and absolute-form targets and never throws', () => {
    expect(pathOf('/healthz?x=1')).toBe('/healthz');
    expect(pathOf('/slack/events#frag')).toBe('/slack/events');
    expect(pathOf('http://h/healthz?x')).toBe('/healthz');
    expect(pathOf('*')).toBe('*');
    expect(pathOf(undefined)).toBe('');
    fc.assert(fc.property(fc.string(), (s) => typeof pathOf(s) === 'string'));
  });
});

describe('the request listener', () => {
  it('never throws and always answers, whatever the method and target', async () => {
    const { logger } = capture();
    const listener = createEdgeListener({
      health: async () => ({ ok: true }),
      slack: async (_req, res) => {
        res.writeHead(200);
        res.end();
      },
      logger,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'OPTIONS', 'DELETE', 'PROPFIND', '', 'get'), fc.string()),
        fc.oneof(fc.constantFrom('/healthz', '/slack/events', '//', '*', '/%', 'http://[::1', '/healthz?%'), fc.string(), fc.webUrl()),
        async (method, target) => {
          const req = new IncomingMessage(new Socket());
          req.method = method;
          req.url = target;
          const res = new ServerResponse(req);
          expect(() => listener(req, res)).not.toThrow();
          // Without a socket nothing is flushed: wait (a few turns at most) until the answer has ended.
          for (let turn = 0; turn < 50 && !res.writableEnded; turn++) await new Promise((r) => setImmediate(r));
          expect(res.writableEnded).toBe(true);
          expect([200, 404, 405]).toContain(res.statusCode);
        },
      ),
      { numRuns: 300 },
    );
  });
});
