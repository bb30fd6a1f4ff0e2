/**
 * The sandbox's HTTP core: a plain `node:http` server that routes JSON requests to the route modules and
 * applies the spec's cross-cutting rules (auth, plan, rate limits, error envelope), plus injected faults,
 * the request log and the control surface under `/__sandbox/`.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import type { Logger } from '../log.js';
import { bulkProjectRoutes } from './control/bulk-projects.js';
import { SandboxClock } from './control/clock.js';
import type { SandboxControl } from './control/control.js';
import { FaultSet } from './control/faults.js';
import { publishRun, publishRunRoutes } from './control/publish-run.js';
import type { Fault } from './control/faults.js';
import { RequestLog } from './control/request-log.js';
import { controlRoutes } from './control/routes.js';
import { authenticate, presentedKey } from './http/auth.js';
import { parseJsonBody, readBody } from './http/body.js';
import { RateLimiter } from './http/rate-limit.js';
import { JSON_CONTENT_TYPE, errorBody, sendJson } from './http/respond.js';
import { Router } from './http/router.js';
import { SANDBOX_KEYS, SANDBOX_ORGS } from './keys.js';
import type { SandboxKeys } from './keys.js';
import { renderDocsPage } from './docs/html.js';
import { buildOpenApiDocument } from './docs/openapi.js';
import type { OpenApiDocument } from './docs/openapi.js';
import { answerMismatch, validated } from './docs/validate.js';
import { allRoutes, seedEditionTickets } from './routes/index.js';
import { TicketBoards } from './tickets/boards.js';
import { ticketRoutes } from './tickets/routes.js';
import { seedBoards } from './tickets/seed.js';
import { styledAnswer } from './style/index.js';
import type { SandboxStyle } from './style/index.js';
import { SandboxHttpError } from './types.js';
import type { Route, SandboxState } from './types.js';

export interface SandboxOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to listen on; loopback by default. */
  host?: string;
  /** Speed multiplier for spec durations (default 1). */
  speed?: number;
  /** Requests a minute per key on rate-limited routes (default 120). */
  rateLimitPerMinute?: number;
  /** The sandbox clock's starting reading, epoch ms (default: real time). */
  now?: number;
  /** Receives unexpected handler errors (500s). */
  logger?: Logger;
  /**
   * House style of the answers where the spec is silent (default `default`); `alt` re-dresses every read's
   * answer with other choices (src/sandbox/style/alt.ts), carrying the same facts.
   */
  style?: SandboxStyle;
}

export interface Sandbox {
  /** The house style it answers in. */
  style: SandboxStyle;
  /** The service root, e.g. `http://127.0.0.1:4010`; every spec path is relative to it. */
  url: string;
  keys: SandboxKeys;
  control: SandboxControl;
  /** The live state; a reset replaces it, so read it through this property each time. */
  readonly state: SandboxState;
  /** The route table (service and control routes), which the served document is generated from. */
  readonly routes: readonly Route[];
  close(): Promise<void>;
}

const MALFORMED_BODY = '<html><body><h1>502 Bad Gateway</h1></body></html>';

/** The route modules' routes; the one place the core learns about them. */
export function mountRoutes(state: SandboxState): Route[] {
  return allRoutes(state);
}

const healthRoute = (now: () => number): Route => ({
  method: 'GET',
  pattern: '/v1/health',
  scope: 'none',
  doc: { summary: 'Reachability; no key required.', response: z.object({ item: z.object({ timestamp: z.string() }) }) },
  handler: () => ({ body: { item: { timestamp: new Date(now()).toISOString() } } }),
});

/** Spec 9: the machine-readable description and a readable page, no key required (like health). */
const docsRoutes = (served: () => unknown): Route[] => [
  {
    method: 'GET',
    pattern: '/v1/docs/openapi.json',
    scope: 'none',
    doc: {
      summary: 'This document (OpenAPI 3.1).',
      response: z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
    },
    handler: () => ({ body: served() }),
  },
  {
    method: 'GET',
    pattern: '/v1/docs',
    scope: 'none',
    doc: { summary: 'This document as a readable page.', response: z.string(), contentType: 'text/html; charset=utf-8' },
    handler: () => ({ body: renderDocsPage(served()) }),
  },
];

interface World {
  state: SandboxState;
  routes: readonly Route[];
  router: Router;
  /** Generated from the routes on first request. */
  document: () => OpenApiDocument;
}

/** Starts a sandbox with fresh seed data. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const style = options.style ?? 'default';
  const clock = new SandboxClock(options.now);
  const faults = new FaultSet();
  const log = new RequestLog();
  const limiter = new RateLimiter(options.rateLimitPerMinute ?? 120, clock.now);
  let describedAs: unknown = null;

  const control: SandboxControl = {
    addFault: (spec) => faults.add(spec),
    faults: () => faults.list(),
    clearFaults: () => faults.clear(),
    advanceClock: (ms) => clock.advance(ms),
    setSpeed: (speed) => {
      world.state.speed = speed;
    },
    requests: () => log.list(),
    clearRequests: () => log.clear(),
    setDescription: (document) => {
      describedAs = document ?? null;
    },
    description: () => describedAs ?? world.document(),
    publishRun: (projectId, request) => publishRun(world.state, projectId, request),
    reset: () => {
      world = buildWorld(world.state.speed);
      describedAs = null;
      faults.clear();
      log.clear();
      limiter.clear();
    },
  };

  const buildWorld = (speed: number): World => {
    const boards = new TicketBoards(clock.now);
    seedBoards(boards, clock.now());
    const state: SandboxState = { speed, now: clock.now, orgs: SANDBOX_ORGS.map((o) => ({ ...o })), board: boards };
    // Every edition's tickets are on the board from the start, like the service's (spec 2.6: every move lands on the board).
    seedEditionTickets(state);
    const routes = [
      healthRoute(clock.now),
      ...docsRoutes(() => control.description()),
      ...controlRoutes(control, clock.now),
      ...bulkProjectRoutes(state, boards),
      ...publishRunRoutes(state),
      ...ticketRoutes(boards),
      ...mountRoutes(state),
    ];
    let document: OpenApiDocument | undefined;
    return { state, routes, router: new Router(routes), document: () => (document ??= buildOpenApiDocument(routes)) };
  };
  let world = buildWorld(options.speed ?? 1);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = req.method ?? 'GET';
    const logged = !url.pathname.startsWith('/__sandbox/');
    const received = logged ? log.tick() : 0;
    let sentBody: unknown;
    const record = (status: number | null): void => {
      if (!logged) return;
      log.record({
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        keyId: presentedKey(req.headers)?.id ?? null,
        status,
        time: new Date(clock.now()).toISOString(),
        received,
        answered: log.tick(),
        ...(sentBody !== undefined ? { body: sentBody } : {}),
      });
    };
    const answer = (status: number, body: unknown, headers?: Record<string, string>): void => {
      record(status);
      sendJson(res, status, body, headers);
    };

    try {
      const text = await readBody(req);
      if (logged && text !== '') sentBody = parseLoggedBody(text);
      const fault = logged ? faults.take(method, url.pathname) : undefined;
      if (fault && (await applyFault(fault, req, res, record))) return;

      const match = world.router.match(method, url.pathname);
      if (!match) throw new SandboxHttpError(404, 'not_found', `No endpoint ${method} ${url.pathname}`);
      const { route, params } = match;
      const caller = route.scope === 'none' ? null : authenticate(req.headers, route, world.state.orgs);
      if (route.rateLimited && caller) limiter.take(caller.key.id);
      const body = parseJsonBody(text);
      if (route.doc) validated(route.doc, url.searchParams, body);
      const result = await route.handler({
        params,
        query: url.searchParams,
        body,
        org: caller?.org ?? null,
        keyScope: caller?.key.scope ?? null,
        now: clock.now,
      });
      const status = result.status ?? 200;
      if (route.doc?.contentType) {
        record(status);
        const text = String(result.body);
        res.writeHead(status, { ...result.headers, 'content-type': route.doc.contentType, 'content-length': Buffer.byteLength(text) });
        res.end(text);
        return;
      }
      if (route.doc && status < 300) {
        const mismatch = answerMismatch(route.doc.response, result.body);
        if (mismatch) throw new SandboxHttpError(500, 'internal_error', `The sandbox's answer to ${method} ${route.pattern} does not match its own description: ${mismatch}`);
      }
      answer(status, status < 300 ? styledAnswer(style, route, result.body) : result.body, result.headers);
    } catch (error) {
      if (error instanceof SandboxHttpError) {
        answer(error.status, errorBody(error.status, error.code, error.message), error.headers);
        return;
      }
      options.logger?.error('sandbox handler failed', { method, path: url.pathname, error });
      answer(500, errorBody(500, 'internal_error', 'The sandbox failed to answer'));
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  // A client closes an idle connection first (undici after 4 s): a server closing it at the same
  // moment (Node's default, 5 s) races a request sent on it into ECONNRESET on a busy machine.
  server.keepAliveTimeout = 65_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    style,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    keys: SANDBOX_KEYS,
    control,
    get state() {
      return world.state;
    },
    get routes() {
      return world.routes;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Applies an injected fault; true when it answered (or dropped) the request, false for latency. */
async function applyFault(
  fault: Fault,
  req: IncomingMessage,
  res: ServerResponse,
  record: (status: number | null) => void,
): Promise<boolean> {
  switch (fault.kind) {
    case 'latency':
      await delay(fault.latencyMs ?? 0);
      return false;
    case 'reset':
      record(null);
      req.socket.destroy();
      return true;
    case 'malformed':
      record(200);
      res.writeHead(200, { 'content-type': JSON_CONTENT_TYPE });
      res.end(MALFORMED_BODY);
      return true;
    case 'status': {
      const status = fault.status ?? 500;
      const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
      record(status);
      sendJson(res, status, errorBody(status, fault.code ?? 'internal_error', 'Injected fault'), headers);
      return true;
    }
  }
}

/** A request body as the request log keeps it: parsed JSON, or absent when it is not JSON. */
function parseLoggedBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
