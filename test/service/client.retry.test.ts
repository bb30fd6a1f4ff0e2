import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { createServiceClient, isServiceError } from '../../src/service/index.js';
import type { RetryPolicy, ServiceClient, ServiceError } from '../../src/service/index.js';
import { project, ticket } from './fixtures.js';
import { errorReply, freePort, startScriptedServer } from './scripted-server.js';
import type { RecordedRequest, Reply, ScriptedServer } from './scripted-server.js';
import { readable } from '../../src/service/tolerant.js';

const API_KEY = 'svc_live_abcdefghijklmnopqrstuvwxyz012345';
const FAST: Partial<RetryPolicy> = { attempts: 4, minDelayMs: 1, maxDelayMs: 5, maxTotalMs: 2_000, maxRetryAfterMs: 2_000 };

let servers: ScriptedServer[] = [];
let client: ServiceClient | undefined;

afterEach(async () => {
  await client?.close();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  client = undefined;
});

async function serve(
  script: readonly Reply[] | ((req: RecordedRequest, i: number) => Reply),
  extra: Partial<Parameters<typeof createServiceClient>[0]> = {},
): Promise<{ svc: ServiceClient; server: ScriptedServer }> {
  const server = await startScriptedServer(script);
  servers.push(server);
  client = createServiceClient({ baseUrl: server.url, apiKey: API_KEY, retry: FAST, ...extra });
  return { svc: client, server };
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const outcome = await promise.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  );
  if (!isServiceError(outcome)) throw outcome;
  return outcome;
}

const ok = (json: unknown): Reply => ({ status: 200, json });
const newTicket = { title: 'Answer the price cut', status: 'triage' } as const;

describe('reads are retried', () => {
  it('GET after a 503 and a 504, then succeeds; each retry is logged without the key', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'debug', sink: (l) => lines.push(l) });
    const { svc, server } = await serve(
      [errorReply(503, 'target_unreachable'), errorReply(504, 'gateway_timeout'), ok({ items: [project] })],
      { logger },
    );
    const projects = await svc.listProjects();
    expect(readable(projects).map((p) => p.id)).toEqual(['prj_1']);
    expect(server.requests).toHaveLength(3);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ level: 'warn', endpoint: 'GET /v1/projects', status: 503 });
    for (const line of lines) expect(line).not.toContain(API_KEY);
  });

  it.each([
    ['a plain 500 with the envelope', errorReply(500, 'internal_error')],
    ['a 500 whose body is not JSON', { status: 500, raw: 'Internal Server Error' } as Reply],
    ['a 501', errorReply(501, 'not_implemented')],
    ['a 507', errorReply(507, 'insufficient_storage')],
  ])('GET after %s (spec 7: any 5xx is transient), then succeeds', async (_label, first) => {
    const { svc, server } = await serve([first, ok({ items: [project] })]);
    expect(readable(await svc.listProjects()).map((p) => p.id)).toEqual(['prj_1']);
    expect(server.requests.map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('GET that keeps answering 500 gives up after the bounded attempts with the 500', async () => {
    const { svc, server } = await serve([errorReply(500, 'internal_error')]);
    const e = await failure(svc.listProjects());
    expect(e.status).toBe(500);
    expect(e.code).toBe('internal_error');
    expect(server.requests).toHaveLength(4);
  });

  it('GET after a socket closed before the answer', async () => {
    const { svc, server } = await serve([{ destroy: true }, ok({ items: [] })]);
    expect(await svc.listProjects()).toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after the bounded number of attempts with the last error', async () => {
    const { svc, server } = await serve([errorReply(502, 'bad_gateway')]);
    const e = await failure(svc.listProjects());
    expect(e.code).toBe('bad_gateway');
    expect(server.requests).toHaveLength(4);
  });

  it('stops retrying once the total time budget is spent', async () => {
    const { svc, server } = await serve([errorReply(503, 'target_unreachable')], {
      retry: { attempts: 50, minDelayMs: 40, maxDelayMs: 40, maxTotalMs: 200 },
    });
    await failure(svc.listProjects());
    // 50 attempts were allowed; 40 ms apart, a 200 ms budget leaves room for a handful.
    expect(server.requests.length).toBeGreaterThan(1);
    expect(server.requests.length).toBeLessThan(10);
  });

  it('does not retry a 4xx other than 429', async () => {
    const { svc, server } = await serve([errorReply(404, 'project_not_found'), ok({ items: [] })]);
    expect((await failure(svc.listProjects())).code).toBe('project_not_found');
    expect(server.requests).toHaveLength(1);
  });

  it('retry: false sends a call once', async () => {
    const { svc, server } = await serve([errorReply(503, 'target_unreachable'), ok({ items: [] })], { retry: false });
    await failure(svc.listProjects());
    expect(server.requests).toHaveLength(1);
  });
});

describe('writes are never repeated once they may have been sent', () => {
  it.each([
    ['500', errorReply(500, 'internal_error')],
    ['502', errorReply(502, 'bad_gateway')],
    ['503', errorReply(503, 'target_unreachable')],
    ['a closed socket', { destroy: true } as Reply],
  ])('POST after %s', async (_label, first) => {
    const { svc, server } = await serve([first, ok({ item: ticket })]);
    await failure(svc.createTicket('prj_1', newTicket));
    expect(server.requests).toHaveLength(1);
  });

  it('POST after a timeout', async () => {
    const { svc, server } = await serve([{ hang: true }, ok({ item: ticket })], { timeouts: { headersMs: 100 } });
    expect((await failure(svc.createTicket('prj_1', newTicket))).code).toBe('timeout');
    expect(server.requests).toHaveLength(1);
  });

  it('PATCH and DELETE after a 502', async () => {
    const { svc, server } = await serve([errorReply(502, 'bad_gateway')]);
    await failure(svc.moveTicket('prj_1', 'tkt_1', { status: 'todo' }));
    await failure(svc.deleteTicket('prj_1', 'tkt_1'));
    expect(server.requests.map((r) => r.method)).toEqual(['PATCH', 'DELETE']);
  });
});

describe('writes are repeated when nothing was processed', () => {
  it('POST after a 429', async () => {
    const { svc, server } = await serve([errorReply(429, 'rate_limit_exceeded'), ok({ item: ticket })]);
    const created = await svc.createTicket('prj_1', newTicket);
    expect(created.id).toBe('tkt_1');
    expect(server.requests).toHaveLength(2);
    expect(server.requests.map((r) => JSON.parse(r.body) as unknown)).toEqual([newTicket, newTicket]);
  });

  it('POST after a refused connection (the service comes up during the backoff)', async () => {
    const port = await freePort();
    let started: Promise<ScriptedServer> | undefined;
    const logger = createLogger({
      level: 'debug',
      sink: () => {
        started ??= startScriptedServer([ok({ item: ticket })], port).then((s) => {
          servers.push(s);
          return s;
        });
      },
    });
    client = createServiceClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: API_KEY,
      logger,
      retry: { attempts: 5, minDelayMs: 50, maxDelayMs: 100 },
    });
    const created = await client.createTicket('prj_1', newTicket);
    expect(created.id).toBe('tkt_1');
    const server = await started;
    expect(server?.requests).toHaveLength(1);
  });
});

describe('Retry-After', () => {
  function timed(replies: Reply[]): { script: (req: RecordedRequest, i: number) => Reply; times: number[] } {
    const times: number[] = [];
    return {
      times,
      script: (_req, i) => {
        times.push(performance.now());
        return replies[Math.min(i, replies.length - 1)] as Reply;
      },
    };
  }

  it('delta-seconds: the next attempt waits for it (capped by maxRetryAfterMs)', async () => {
    const { script, times } = timed([
      errorReply(429, 'rate_limit_exceeded', 'slow down', { 'retry-after': '1' }),
      ok({ items: [] }),
    ]);
    const { svc } = await serve(script, { retry: { ...FAST, maxRetryAfterMs: 200 } });
    await svc.listProjects();
    expect(times).toHaveLength(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(195);
  });

  it('HTTP-date: the next attempt waits for it (capped by maxRetryAfterMs)', async () => {
    const later = new Date(Date.now() + 5_000).toUTCString();
    const { script, times } = timed([
      errorReply(429, 'rate_limit_exceeded', 'slow down', { 'retry-after': later }),
      ok({ items: [] }),
    ]);
    const { svc } = await serve(script, { retry: { ...FAST, maxRetryAfterMs: 150 } });
    await svc.listProjects();
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(145);
  });

  it('a wait longer than the whole budget is not slept: the 429 comes back at once', async () => {
    const { svc, server } = await serve(
      [errorReply(429, 'rate_limit_exceeded', 'slow down', { 'retry-after': '60' }), ok({ items: [] })],
      { retry: { ...FAST, maxRetryAfterMs: 60_000, maxTotalMs: 1_000 } },
    );
    // Sleeping the 60 s first would outlast the test's timeout, so reaching these lines proves it was not slept.
    const e = await failure(svc.listProjects());
    expect(e.status).toBe(429);
    expect(e.retryAfterMs).toBe(60_000);
    expect(server.requests).toHaveLength(1);
  });
});
