import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import type { RequestLogEntry, Sandbox } from '../../src/sandbox/index.js';
import { errorCode, sandboxClient } from './client.js';

const TICKETS = '/v1/projects/prj_northwind/tickets';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
  sandbox = await startSandbox();
  api = sandboxClient(sandbox);
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.control.reset());

describe('faults', () => {
  it("'status' answers the envelope with the status, code and Retry-After, for `times` requests", async () => {
    const added = await api.anonymous<{ item: { id: string } }>('POST', '/__sandbox/faults', {
      path: '/v1/projects/prj_northwind/tickets',
      kind: 'status',
      status: 503,
      code: 'service_unavailable',
      retryAfter: 7,
      times: 2,
    });
    expect(added.body.item.id).toMatch(/^flt_/);
    for (let i = 0; i < 2; i++) {
      const res = await api.get(TICKETS);
      expect([res.status, errorCode(res), res.headers.get('retry-after')]).toEqual([503, 'service_unavailable', '7']);
    }
    expect((await api.get(TICKETS)).status).toBe(200);
  });

  it('matches by method, and by a regex path starting with ^', async () => {
    sandbox.control.addFault({ method: 'POST', path: '^/v1/projects/[^/]+/tickets$', kind: 'status', status: 500 });
    expect((await api.get(TICKETS)).status).toBe(200);
    expect((await api.post(TICKETS, { title: 'x', status: 'todo' })).status).toBe(500);
    expect((await api.post(`${TICKETS}/labels`, { name: 'x', color: '#000000' })).status).toBe(200);
  });

  it("'reset' destroys the socket without an answer", async () => {
    sandbox.control.addFault({ path: '/v1/health', kind: 'reset', times: 1 });
    await expect(fetch(`${sandbox.url}/v1/health`)).rejects.toThrow(TypeError);
    expect((await fetch(`${sandbox.url}/v1/health`)).status).toBe(200);
    expect(sandbox.control.requests().map((r) => r.status)).toEqual([null, 200]);
  });

  it("'malformed' answers 200 with a body that is not JSON", async () => {
    sandbox.control.addFault({ path: '/v1/health', kind: 'malformed' });
    const res = await fetch(`${sandbox.url}/v1/health`);
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow(SyntaxError);
  });

  it("'latency' delays the real answer", async () => {
    sandbox.control.addFault({ path: '/v1/health', kind: 'latency', latencyMs: 150 });
    const started = performance.now();
    const res = await api.anonymous('GET', '/v1/health');
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('DELETE /__sandbox/faults clears them; control routes are never faulted', async () => {
    sandbox.control.addFault({ path: '/', kind: 'status', status: 500 });
    expect((await api.anonymous('GET', '/v1/health')).status).toBe(500);
    expect((await api.anonymous('GET', '/__sandbox/faults')).body).toMatchObject({ items: [{ kind: 'status', path: '/' }] });
    expect((await api.anonymous('DELETE', '/__sandbox/faults')).status).toBe(200);
    expect((await api.anonymous('GET', '/v1/health')).status).toBe(200);
  });

  it('refuses a malformed fault', async () => {
    for (const body of [{ kind: 'status' }, { path: '/', kind: 'explode' }, { path: '^(', kind: 'reset' }]) {
      const res = await api.anonymous('POST', '/__sandbox/faults', body);
      expect([res.status, errorCode(res)]).toEqual([400, 'invalid_parameters']);
    }
  });
});

describe('clock and speed', () => {
  it('moves the sandbox clock forward, and everything it writes follows', async () => {
    const before = Date.parse((await api.get<{ item: { timestamp: string } }>('/v1/health')).body.item.timestamp);
    const moved = await api.anonymous<{ item: { now: string } }>('POST', '/__sandbox/clock', { advanceMs: 3 * 86_400_000 });
    expect(Date.parse(moved.body.item.now) - before).toBeGreaterThanOrEqual(3 * 86_400_000);
    const created = await api.post<{ item: { createdAt: string } }>(TICKETS, { title: 'Later', status: 'todo' });
    expect(Date.parse(created.body.item.createdAt) - before).toBeGreaterThanOrEqual(3 * 86_400_000);
  });

  it('sets the speed on the state the route modules read', async () => {
    const res = await api.anonymous('POST', '/__sandbox/speed', { speed: 500 });
    expect(res.body).toEqual({ item: { speed: 500 } });
    expect(sandbox.state.speed).toBe(500);
    expect((await api.anonymous('POST', '/__sandbox/speed', { speed: 0 })).status).toBe(400);
  });
});

describe('request log', () => {
  it('records service calls with method, path, query, key id (never the key) and status', async () => {
    await api.get(`${TICKETS}?status=todo&closed=all`);
    await api.get(TICKETS, sandbox.keys.revoked);
    await api.anonymous('GET', '/__sandbox/requests');
    const res = await api.anonymous<{ items: RequestLogEntry[] }>('GET', '/__sandbox/requests');
    expect(res.body.items).toEqual([
      { method: 'GET', path: TICKETS, query: { status: 'todo', closed: 'all' }, keyId: 'key_acme_rw', status: 200, time: expect.any(String), received: expect.any(Number), answered: expect.any(Number) },
      { method: 'GET', path: TICKETS, query: {}, keyId: 'key_acme_revoked', status: 401, time: expect.any(String), received: expect.any(Number), answered: expect.any(Number) },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(sandbox.keys.readWrite);
    await api.anonymous('DELETE', '/__sandbox/requests');
    expect(sandbox.control.requests()).toEqual([]);
  });
});

describe('reset', () => {
  it('restores the seed board and clears faults', async () => {
    const seeded = (await api.get<{ total: number }>(`${TICKETS}?closed=all`)).body.total;
    await api.post(TICKETS, { title: 'Temporary', status: 'todo' });
    sandbox.control.addFault({ path: '/v1/projects', kind: 'status', status: 500 });
    expect((await api.anonymous('POST', '/__sandbox/reset')).status).toBe(200);
    expect((await api.get<{ total: number }>(`${TICKETS}?closed=all`)).body.total).toBe(seeded);
    expect(sandbox.state.board.ticketIds('prj_northwind')).toHaveLength(seeded);
  });
});
