import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { createServiceClient, isServiceError, ServiceError } from '../../src/service/index.js';
import type { ServiceClient } from '../../src/service/index.js';
import { project, ticket } from './fixtures.js';
import { errorReply, freePort, startScriptedServer } from './scripted-server.js';
import type { Reply, ScriptedServer } from './scripted-server.js';
import { isUnreadable } from '../../src/service/tolerant.js';

const API_KEY = 'svc_live_abcdefghijklmnopqrstuvwxyz012345';

let server: ScriptedServer | undefined;
let client: ServiceClient | undefined;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function serve(...replies: Reply[]): Promise<ServiceClient> {
  server = await startScriptedServer(replies);
  client = createServiceClient({ baseUrl: server.url, apiKey: API_KEY, retry: false });
  return client;
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const outcome = await promise.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  );
  if (!isServiceError(outcome)) throw outcome;
  return outcome;
}

function expectNoKey(e: unknown): void {
  for (const text of [String(e), (e as Error).stack ?? '', JSON.stringify(e), inspect(e, { depth: 10 })]) {
    expect(text).not.toContain(API_KEY);
  }
}

describe('error envelope -> ServiceError', () => {
  const cases = [
    [400, 'invalid_parameters'],
    [401, 'api_key_invalid'],
    [402, 'subscription_required'],
    [403, 'insufficient_scope'],
    [404, 'project_not_found'],
    [429, 'rate_limit_exceeded'],
    [500, 'internal_error'],
    [502, 'bad_gateway'],
    [503, 'target_unreachable'],
  ] as const;

  it.each(cases)('HTTP %i %s keeps code, status, message and endpoint', async (status, code) => {
    const svc = await serve(errorReply(status, code, `the service says ${code}`));
    const e = await failure(svc.getPricing('prj 1/x'));
    expect(e).toBeInstanceOf(ServiceError);
    expect(e.code).toBe(code);
    expect(e.status).toBe(status);
    expect(e.message).toBe(`the service says ${code}`);
    expect(e.endpoint).toBe('GET /v1/projects/{projectId}/pricing');
    expect(e.path).toBe('/v1/projects/prj%201%2Fx/pricing');
    expect(server?.requests).toHaveLength(1);
    expectNoKey(e);
  });

  it('carries Retry-After on a 429 as milliseconds', async () => {
    const svc = await serve(errorReply(429, 'rate_limit_exceeded', 'slow down', { 'retry-after': '7' }));
    const e = await failure(svc.listTickets('prj_1'));
    expect(e.retryAfterMs).toBe(7000);
  });

  it('toString names the code, status and endpoint', async () => {
    const svc = await serve(errorReply(404, 'no_data_available', 'no completed run'));
    const e = await failure(svc.getDimension('prj_1', 'content'));
    expect(String(e)).toBe('ServiceError [no_data_available, 404] GET /v1/projects/{projectId}/content: no completed run');
  });
});

describe('unexpected_response', () => {
  it('a 2xx body that is not JSON', async () => {
    const svc = await serve({ status: 200, raw: '<html>maintenance</html>' });
    const e = await failure(svc.listProjects());
    expect(e.code).toBe('unexpected_response');
    expect(e.status).toBe(200);
    expect(e.issuePath).toEqual([]);
    expectNoKey(e);
  });

  it('a 5xx body that is not JSON', async () => {
    const svc = await serve({ status: 502, raw: '<html>Bad gateway</html>' });
    const e = await failure(svc.listProjects());
    expect(e.code).toBe('unexpected_response');
    expect(e.status).toBe(502);
  });

  it('a 4xx JSON body that is not the envelope, with the path that broke', async () => {
    const svc = await serve({ status: 404, json: { error: { message: 'no code here' } } });
    const e = await failure(svc.listProjects());
    expect(e.code).toBe('unexpected_response');
    expect(e.status).toBe(404);
    expect(e.issuePath).toEqual(['error', 'code']);
  });

  it('a 2xx body breaking a required part of the shape names the zod issue path', async () => {
    const svc = await serve({ status: 200, json: { item: { ...ticket, number: 'six' } } });
    const e = await failure(svc.getTicket('prj_1', 'tkt_1'));
    expect(e.code).toBe('unexpected_response');
    expect(e.issuePath).toEqual(['item', 'number']);
    expect(e.message).toContain('item.number');
    expect(e.cause).toBeDefined();
    expectNoKey(e);
  });

  it('null where the spec never allows it is refused, not coerced: a required field fails the read, another is unreadable', async () => {
    const required = await serve({ status: 200, json: { item: { ...ticket, number: null } } });
    expect((await failure(required.getTicket('prj_1', 'tkt_1'))).issuePath).toEqual(['item', 'number']);
    const svc = await serve({ status: 200, json: { item: { ...ticket, commentCount: null } } });
    const read = await svc.getTicket('prj_1', 'tkt_1');
    expect(isUnreadable(read.commentCount)).toBe(true);
  });

  it('a list item breaking its shape is an unreadable item; the rest of the list reads', async () => {
    const svc = await serve({ status: 200, json: { items: [project, { ...project, competitorCount: 'six' }, { id: 'prj_9' }] } });
    const [first, second, third] = await svc.listProjects();
    expect(first).toMatchObject({ id: project.id });
    expect(isUnreadable(second) ? 'item' : isUnreadable(second?.competitorCount) ? 'part' : 'read').toBe('part');
    expect(isUnreadable(third) && third.raw).toEqual({ id: 'prj_9' });
  });

  it('a missing envelope key', async () => {
    const svc = await serve({ status: 200, json: { items: [] } });
    const e = await failure(svc.getTicket('prj_1', 'tkt_1'));
    expect(e.issuePath).toEqual(['item']);
  });

  it('a 3xx is not followed', async () => {
    const svc = await serve({ status: 302, headers: { location: 'http://127.0.0.1:1/' } });
    const e = await failure(svc.listProjects());
    expect(e.code).toBe('unexpected_response');
    expect(e.status).toBe(302);
  });
});

describe('no response', () => {
  it('a refused connection is network_error with status null', async () => {
    const port = await freePort();
    client = createServiceClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: API_KEY, retry: false });
    const e = await failure(client.listProjects());
    expect(e.code).toBe('network_error');
    expect(e.status).toBeNull();
    expect(e.message).toContain('ECONNREFUSED');
    expectNoKey(e);
  });

  it('a socket closed before the answer is network_error', async () => {
    const svc = await serve({ destroy: true });
    const e = await failure(svc.listProjects());
    expect(e.code).toBe('network_error');
    expect(e.status).toBeNull();
  });

  it('no headers within headersMs is timeout', async () => {
    server = await startScriptedServer([{ hang: true }]);
    client = createServiceClient({ baseUrl: server.url, apiKey: API_KEY, retry: false, timeouts: { headersMs: 100 } });
    const e = await failure(client.listProjects());
    expect(e.code).toBe('timeout');
    expect(e.status).toBeNull();
    expectNoKey(e);
  });
});

describe('refused before sending', () => {
  it.each(['', '.', '..'])('an id of %j is invalid_parameters and nothing is sent', async (id) => {
    const svc = await serve({ status: 200, json: { item: ticket } });
    const e = await failure(svc.getTicket('prj_1', id));
    expect(e.code).toBe('invalid_parameters');
    expect(e.status).toBeNull();
    expect(e.message).toContain('ticketId');
    expect(server?.requests).toHaveLength(0);
  });
});

describe('the API key', () => {
  it('is redacted from a service message that echoes it', async () => {
    const svc = await serve(errorReply(401, 'api_key_revoked', `key ${API_KEY} was revoked`));
    const e = await failure(svc.listProjects());
    expect(e.message).toBe('key [redacted] was revoked');
    expectNoKey(e);
  });

  it('is sent as SVC-API-Key and appears in no log line and no error rendering', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'debug', sink: (l) => lines.push(l) });
    server = await startScriptedServer([errorReply(503, 'target_unreachable'), errorReply(401, 'api_key_revoked')]);
    client = createServiceClient({
      baseUrl: server.url,
      apiKey: API_KEY,
      logger,
      retry: { attempts: 2, minDelayMs: 1, maxDelayMs: 1 },
    });
    const e = await failure(client.listProjects());
    expect(e.code).toBe('api_key_revoked');
    expect(server.requests.map((r) => r.headers['svc-api-key'])).toEqual([API_KEY, API_KEY]);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain(API_KEY);
    expectNoKey(e);
  });
});
