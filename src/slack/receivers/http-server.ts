/**
 * Radar's HTTP edge: one node:http server for HTTP mode (with the Slack route) and for the health
 * server of Socket Mode (without it). Only `POST /slack/events` reaches the Slack gate and Bolt;
 * `GET`/`HEAD /healthz` answer health (503 when the replica cannot serve); anything else is a 404
 * or a 405 with `Allow`, each with a small JSON body. No method, path, header or body can end the
 * process: a handler's error becomes a 500, a request Node cannot parse a 400 (431, 408), each
 * logged through Radar's redacting logger. Slow clients are cut off by header and request
 * timeouts, and connections are shared fairly between clients with a reserve for health
 * (`connection-shares.ts`). Port 0 picks a free port (tests); `url` says which.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '../../log.js';
import { trustedProxies } from './client-address.js';
import { shareConnections, socketCeiling } from './connection-shares.js';
import { hasBody, sendJson } from './json-response.js';
import { SLACK_EVENTS_PATH, type RequestHandler } from './slack-gate.js';

export { SLACK_EVENTS_PATH };

export const HEALTH_PATH = '/healthz';

export interface HealthReport {
  ok: boolean;
  [key: string]: unknown;
}

export interface HttpLimits {
  /** Time a client has to send the request headers. */
  headersTimeoutMs: number;
  /** Time a client has to send the whole request. */
  requestTimeoutMs: number;
  /** How often Node checks those two timeouts. */
  connectionsCheckingIntervalMs: number;
  /**
   * Idle time of a kept-alive connection: a few seconds, so idle connections cannot hold the cap
   * (behind a load balancer that reuses connections, set its idle timeout below this).
   */
  keepAliveTimeoutMs: number;
  /** Connections served at once, every client together; past it the health reserve, then new ones are closed. */
  maxConnections: number;
  /**
   * Connections one client address may have served at once (`connection-shares.ts`), so one client
   * cannot fill `maxConnections` and lock the others out; its further connections wait unread for
   * their turn (a burst flows through, idle ones are closed to make room). A trusted proxy's
   * connections are not held to it; their requests are counted by forwarded client instead. 0 turns
   * shares off (HTTP_CONNECTIONS_PER_CLIENT).
   */
  maxConnectionsPerClient: number;
  /** Connections past `maxConnections` that answer `/healthz` only, so health is answered under saturation. */
  healthReserve: number;
  /**
   * Connections the kernel may hold until Radar accepts them (capped by `net.core.somaxconn`).
   * Node's default, 511, let half of a burst of 1,000 connections be dropped at the handshake, and
   * their clients tried again only a second later.
   */
  listenBacklog: number;
  /** Time `/healthz` waits for the health report before answering 503. */
  healthTimeoutMs: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 10_000,
  connectionsCheckingIntervalMs: 1_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
  maxConnectionsPerClient: 512,
  healthReserve: 16,
  listenBacklog: 1024,
  healthTimeoutMs: 3_000,
};

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export interface HttpServerOptions {
  port: number;
  /** Interface to listen on (default all). */
  host?: string;
  health: () => Promise<HealthReport>;
  /** The Slack route, `POST /slack/events` (HTTP mode only): the Slack gate. */
  slack?: RequestHandler;
  /**
   * Pages a browser opens, by path, answered to GET only (OAuth mode: `/slack/install` and
   * `/slack/oauth_redirect`, `../oauth.ts`); a handler's error is a 500 like any other.
   */
  pages?: ReadonlyMap<string, Handler>;
  logger: Logger;
  limits?: Partial<HttpLimits>;
  /** Addresses and CIDR ranges of trusted proxies (TRUSTED_PROXIES): only their X-Forwarded-For is read. */
  trustedProxies?: readonly string[];
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** The path of a request target, without query or fragment; never throws. */
export function pathOf(target: string | undefined): string {
  if (!target) return '';
  if (target.startsWith('/')) {
    const end = target.search(/[?#]/);
    return end === -1 ? target : target.slice(0, end);
  }
  // Absolute form (`GET http://host/healthz`), or `*` and other oddities.
  try {
    return new URL(target).pathname;
  } catch {
    return target;
  }
}

/** The request listener: routing and error containment. Exported so tests can prove it never throws. */
export function createEdgeListener(options: Pick<HttpServerOptions, 'health' | 'slack' | 'pages' | 'logger' | 'limits'>): (req: IncomingMessage, res: ServerResponse) => void {
  const { logger } = options;
  const limits = { ...DEFAULT_HTTP_LIMITS, ...options.limits };

  const health: Handler = async (req, res) => {
    let report: HealthReport;
    let timer: NodeJS.Timeout | undefined;
    try {
      report = await Promise.race([
        Promise.resolve().then(options.health),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`the health report took longer than ${limits.healthTimeoutMs} ms`)), limits.healthTimeoutMs);
        }),
      ]);
    } catch (error) {
      logger.warn('health report failed', { error });
      report = { ok: false };
    } finally {
      clearTimeout(timer);
    }
    sendJson(req, res, report.ok === true ? 200 : 503, report);
  };

  const routes = new Map<string, Map<string, Handler>>([[HEALTH_PATH, new Map([['GET', health], ['HEAD', health]])]]);
  if (options.slack) routes.set(SLACK_EVENTS_PATH, new Map([['POST', options.slack]]));
  for (const [path, page] of options.pages ?? []) {
    if (routes.has(path)) throw new Error(`the HTTP edge serves ${path} already`);
    routes.set(path, new Map([['GET', page]]));
  }

  return (req, res) => {
    const fail = (error: unknown) => {
      try {
        logger.error('HTTP request failed', { method: req.method, path: pathOf(req.url), error });
        if (!res.headersSent) sendJson(req, res, 500, { error: 'internal' }, { close: true });
        else res.destroy();
      } catch {
        res.destroy();
      }
    };
    try {
      // Stream errors (a client that vanished) must never become uncaught 'error' events.
      req.on('error', (error) => logger.debug('HTTP request stream error', { error }));
      res.on('error', (error) => logger.debug('HTTP response stream error', { error }));

      const route = routes.get(pathOf(req.url));
      if (!route) {
        sendJson(req, res, 404, { error: 'not_found' }, { close: hasBody(req) });
        return;
      }
      const handler = route.get(req.method ?? '');
      if (!handler) {
        sendJson(req, res, 405, { error: 'method_not_allowed' }, { close: hasBody(req), headers: { allow: [...route.keys()].join(', ') } });
        return;
      }
      const result = handler(req, res);
      if (result) result.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

/** What Node answers itself, for requests it cannot parse (or that are too slow), as small JSON. */
function clientErrorHandler(logger: Logger) {
  return (error: NodeJS.ErrnoException, duplex: Duplex) => {
    const socket = duplex as Socket;
    try {
      if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) {
        socket.destroy();
        return;
      }
      const [status, name] =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'headers_too_large']
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'request_timeout']
            : [400, 'bad_request'];
      logger.info('refused a request Node could not take', { status, code: error.code });
      const body = JSON.stringify({ error: name });
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
      socket.once('finish', () => socket.destroy());
    } catch {
      socket.destroy();
    }
  };
}

/** Starts the edge: `/healthz`, the Slack route and pages when given, and nothing else. */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningServer> {
  const { logger } = options;
  const limits = { ...DEFAULT_HTTP_LIMITS, ...options.limits };
  const edge = createEdgeListener(options);
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.connectionsCheckingIntervalMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
    },
  );
  const shares = shareConnections(server, {
    limits: { ...limits, waitTimeoutMs: limits.headersTimeoutMs },
    trusted: trustedProxies(options.trustedProxies),
    logger,
    isHealth: (req) => pathOf(req.url) === HEALTH_PATH,
  });
  const listener = shares.wrap(edge);
  server.on('request', listener);
  // `Expect: 100-continue`: Node would invite the body before any check; the Slack gate sends
  // `100 Continue` itself once the headers have passed, and every refusal goes out without it.
  server.on('checkContinue', listener);
  // The hard ceiling of sockets: served, the health reserve and those waiting for their turn.
  server.maxConnections = socketCeiling({ ...limits, waitTimeoutMs: limits.headersTimeoutMs });
  server.on('clientError', clientErrorHandler(logger));

  // Connections refused at the hard ceiling, logged at most once every 10 seconds.
  let dropped = 0;
  let lastDropLog = 0;
  server.on('drop', () => {
    dropped++;
    if (Date.now() - lastDropLog >= 10_000) {
      lastDropLog = Date.now();
      logger.warn('refused connections over the cap', { maxConnections: server.maxConnections, dropped });
      dropped = 0;
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host ?? '0.0.0.0', backlog: limits.listenBacklog }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => logger.error('HTTP server error', { error }));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        shares.closeWaiting();
      }),
  };
}
