import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { authenticate } from '../../src/sandbox/http/auth.js';
import { Router } from '../../src/sandbox/http/router.js';
import { SANDBOX_KEYS, SANDBOX_ORGS, API_KEYS } from '../../src/sandbox/keys.js';
import { SandboxHttpError } from '../../src/sandbox/types.js';
import type { Route } from '../../src/sandbox/types.js';
import { errorCode, sandboxClient } from './client.js';

const TICKETS = '/v1/projects/prj_northwind/tickets';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
  sandbox = await startSandbox();
  api = sandboxClient(sandbox);
});
afterAll(() => sandbox.close());

describe('keys', () => {
  it('are 40 characters with the live prefix, distinct and stable', () => {
    const keys = Object.values(SANDBOX_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^svc_live_[0-9a-f]{31}$/);
    expect(SANDBOX_KEYS.readWrite).toBe('svc_live_062357d78b7f9dbf25c9715103aea2b');
  });
});

describe('HTTP conventions', () => {
  it('serves health without a key, with the sandbox clock timestamp', async () => {
    const res = await api.anonymous<{ item: { timestamp: string } }>('GET', '/v1/health');
    expect(res.status).toBe(200);
    expect(Math.abs(Date.parse(res.body.item.timestamp) - Date.now())).toBeLessThan(5_000);
  });

  it('answers unknown paths 404 not_found in the error envelope', async () => {
    const res = await api.get('/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String), status: 404 } });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers a malformed JSON body 400 invalid_parameters', async () => {
    const res = await api.post(TICKETS, '{"title": ');
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe('invalid_parameters');
  });
});

describe('authentication (spec 5)', () => {
  it('401 api_key_missing without the header', async () => {
    const res = await api.anonymous('GET', TICKETS);
    expect([res.status, errorCode(res)]).toEqual([401, 'api_key_missing']);
  });

  it('401 api_key_invalid for a malformed or unknown key', async () => {
    for (const key of ['nonsense', 'svc_live_' + 'f'.repeat(31)]) {
      const res = await api.get(TICKETS, key);
      expect([res.status, errorCode(res)]).toEqual([401, 'api_key_invalid']);
    }
  });

  it('401 api_key_revoked and api_key_expired', async () => {
    const revoked = await api.get(TICKETS, sandbox.keys.revoked);
    const expired = await api.get(TICKETS, sandbox.keys.expired);
    expect([revoked.status, errorCode(revoked)]).toEqual([401, 'api_key_revoked']);
    expect([expired.status, errorCode(expired)]).toEqual([401, 'api_key_expired']);
  });

  it('403 insufficient_scope for a read key on a write, while it still reads', async () => {
    const write = await api.post(TICKETS, { title: 'x', status: 'todo' }, sandbox.keys.readOnly);
    expect([write.status, errorCode(write)]).toEqual([403, 'insufficient_scope']);
    expect((await api.get(TICKETS, sandbox.keys.readOnly)).status).toBe(200);
  });

  it('402 subscription_required on a needsPlan route for an org without a plan', () => {
    const tool: Route = { method: 'POST', pattern: '/v1/tools/x', scope: 'read', needsPlan: true, handler: () => ({ body: {} }) };
    const noPlan = () => authenticate({ 'svc-api-key': SANDBOX_KEYS.noPlan }, tool, SANDBOX_ORGS);
    expect(noPlan).toThrow(SandboxHttpError);
    expect(noPlan).toThrow(expect.objectContaining({ status: 402, code: 'subscription_required' }));
    expect(authenticate({ 'svc-api-key': SANDBOX_KEYS.readWrite }, tool, SANDBOX_ORGS).org.id).toBe('org_acme');
  });

  it('402 subscription_required over HTTP on a scan tool for the org without a plan', async () => {
    const res = await api.post('/v1/tools/trust-signals/scans', { domain: 'example.com' }, sandbox.keys.noPlan);
    expect([res.status, errorCode(res)]).toEqual([402, 'subscription_required']);
  });

  it('lets the board work without a plan, and hides another org’s project as 404', async () => {
    const own = await api.get('/v1/projects/prj_noplan_site/tickets', sandbox.keys.noPlan);
    expect(own.status).toBe(200);
    const cross = await api.get(TICKETS, sandbox.keys.otherOrg);
    expect([cross.status, errorCode(cross)]).toEqual([404, 'project_not_found']);
  });

  it('names every key with an org that exists', () => {
    for (const key of API_KEYS) expect(SANDBOX_ORGS.some((o) => o.id === key.orgId)).toBe(true);
  });
});

describe('rate limiting (spec 8)', () => {
  it('answers 429 rate_limit_exceeded with Retry-After past the limit, per key, until the window ends', async () => {
    const lab = await startSandbox({ rateLimitPerMinute: 3, now: Date.UTC(2026, 0, 1, 12, 0, 15) });
    try {
      const client = sandboxClient(lab);
      for (let i = 0; i < 3; i++) expect((await client.get(TICKETS)).status).toBe(200);
      const limited = await client.get(TICKETS);
      expect([limited.status, errorCode(limited)]).toEqual([429, 'rate_limit_exceeded']);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(44);
      expect(retryAfter).toBeLessThanOrEqual(45);
      // Another key has its own window; core reads are not throttled.
      expect((await client.get(TICKETS, lab.keys.readOnly)).status).toBe(200);
      expect((await client.get('/v1/health')).status).toBe(200);
      lab.control.advanceClock(retryAfter * 1000);
      expect((await client.get(TICKETS)).status).toBe(200);
    } finally {
      await lab.close();
    }
  });
});

describe('router', () => {
  const handler = () => ({ body: {} });
  it('prefers literal segments over parameters, whatever the registration order', () => {
    const byId: Route = { method: 'GET', pattern: '/p/:id/tickets/:ticketId', scope: 'none', handler };
    const labels: Route = { method: 'GET', pattern: '/p/:id/tickets/labels', scope: 'none', handler };
    const router = new Router([byId, labels]);
    expect(router.match('GET', '/p/1/tickets/labels')?.route).toBe(labels);
    expect(router.match('GET', '/p/1/tickets/tkt_1')).toEqual({ route: byId, params: { id: '1', ticketId: 'tkt_1' } });
    expect(router.match('POST', '/p/1/tickets/labels')).toBeUndefined();
  });

  it('refuses two routes answering the same method and shape', () => {
    const a: Route = { method: 'GET', pattern: '/x/:a', scope: 'none', handler };
    const b: Route = { method: 'GET', pattern: '/x/:b', scope: 'none', handler };
    expect(() => new Router([a, b])).toThrow(/Two sandbox routes/);
  });
});
