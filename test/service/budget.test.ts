import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKeyBudget, endpointGroup, isRateLimitHold, runInBackground } from '../../src/service/budget.js';
import { createServiceClient, isServiceError, type ServiceClient } from '../../src/service/index.js';
import { startSandbox, type Sandbox, TICKET_SEED } from '../../src/sandbox/index.js';

const TICKETS = '/v1/projects/prj_northwind/tickets';
const PRICING = '/v1/projects/prj_northwind/pricing';
const NORTHWIND = TICKET_SEED.projects.northwind;

describe('endpoint groups (spec 8)', () => {
  it.each([
    ['/v1/tools/fetch-url', 'tools'],
    ['/v1/tools/trust-signals/scans/scan_1', 'tools'],
    ['/v1/projects/prj_1/tickets', 'tickets'],
    ['/v1/projects/prj_1/tickets/tkt_1/comments', 'tickets'],
    ['/v1/projects/prj_1/tickets/labels', 'tickets'],
    ['/v1/projects/prj_1/pricing', 'core'],
    ['/v1/projects/prj_1', 'core'],
    ['/v1/projects', 'core'],
  ])('%s draws on %s', (path, group) => expect(endpointGroup(path)).toBe(group));
});

describe('one budget per throttled group, on the sandbox', () => {
  let sandbox: Sandbox;
  let nowMs = Date.parse('2026-03-02T09:00:00Z');
  let service: ServiceClient;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    service = createServiceClient({
      baseUrl: sandbox.url,
      apiKey: sandbox.keys.readWrite,
      now: () => new Date(nowMs),
      retry: { attempts: 4, minDelayMs: 1, maxDelayMs: 5, maxTotalMs: 2_000, maxRetryAfterMs: 50 },
    });
  });
  afterEach(() => sandbox.control.reset());
  afterAll(async () => {
    await service.close();
    await sandbox.close();
  });

  const sent = (path: string) => sandbox.control.requests().filter((r) => r.path === path).length;
  const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e);

  it('a 429 with Retry-After: 5 on tickets stops ticket calls for 5 s while pricing reads go on', async () => {
    sandbox.control.addFault({ path: TICKETS, kind: 'status', status: 429, code: 'rate_limit_exceeded', retryAfter: 5, times: 1 });
    const first = await failure(service.listTickets(NORTHWIND));
    expect(isServiceError(first) && first.status).toBe(429);
    expect(sent(TICKETS)).toBe(1);
    expect(service.budget('tickets').pausedForMs).toBe(5_000);

    // While the pause holds: ticket calls are refused unsent, at once; other groups go on.
    nowMs += 4_000;
    const held = await failure(service.listTickets(NORTHWIND));
    expect(isRateLimitHold(held)).toBe(true);
    expect(isServiceError(held) && held.code).toBe('rate_limit_exceeded');
    expect(isServiceError(held) && held.retryAfterMs).toBe(1_000);
    await failure(service.createTicket(NORTHWIND, { title: 'Held', status: 'triage' }));
    expect(sent(TICKETS)).toBe(1);
    await service.getPricing(NORTHWIND);
    await service.getPricing(NORTHWIND);
    expect(sent(PRICING)).toBe(2);
    expect(service.budget('tools').pausedForMs).toBe(0);

    // Once the 5 s have passed on the client's clock, tickets are sent again.
    nowMs += 1_000;
    expect((await service.listTickets(NORTHWIND)).items.length).toBeGreaterThan(0);
    expect(sent(TICKETS)).toBe(2);
  });

  it('a pause within the caller’s budget is waited out, then the request is sent once', async () => {
    sandbox.control.addFault({ path: TICKETS, kind: 'status', status: 429, code: 'rate_limit_exceeded', times: 1 });
    // No Retry-After: a 1 s pause, longer than this client's 50 ms budget, so it comes back at once...
    await failure(service.listTickets(NORTHWIND));
    nowMs += 1_000;
    // ...and a Retry-After of 0 is no pause at all: the retry sends it again.
    sandbox.control.addFault({ path: TICKETS, kind: 'status', status: 429, code: 'rate_limit_exceeded', retryAfter: 0, times: 1 });
    await service.listTickets(NORTHWIND);
    expect(sent(TICKETS)).toBe(3);
  });

  it('background work is not retried after a 429: its owner reschedules', async () => {
    sandbox.control.addFault({ path: '/v1/tools/', kind: 'status', status: 429, code: 'rate_limit_exceeded', retryAfter: 0, times: 1 });
    const e = await failure(runInBackground(() => service.getTrustSignalsScan('scan_000000000000')));
    expect(isServiceError(e) && e.status).toBe(429);
    expect(sandbox.control.requests()).toHaveLength(1);
  });
});

describe('a person before queued background work, on the sandbox', () => {
  it('an interactive scan start is sent before the background polls waiting at the gate', async () => {
    const sandbox = await startSandbox({ port: 0, speed: 1000, rateLimitPerMinute: 1_000_000 });
    const service = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite, groupConcurrency: 2, retry: false });
    try {
      const started = await service.startTrustSignalsScan('queued-example.com');
      sandbox.control.clearRequests();
      sandbox.control.addFault({ method: 'GET', path: '/v1/tools/trust-signals/scans/', kind: 'latency', latencyMs: 60 });
      // Ten background polls: with two slots per group, background work gets one of them, so nine wait.
      const polls = Array.from({ length: 10 }, () => runInBackground(() => service.getTrustSignalsScan(started.id)));
      // Until nine are queued at the gate (a limiter that queued none would never get here: the test times out).
      while (service.budget('tools').waiting.background < 9) await new Promise((r) => setImmediate(r));
      expect(service.budget('tools').waiting.background).toBe(9);
      await service.startTrustSignalsScan('person-example.com');
      await Promise.all(polls);
      const order = sandbox.control.requests().map((r) => r.method);
      expect(order).toHaveLength(11);
      // Sent (and answered) before every poll that was waiting: at most the one in flight came first.
      expect(order.indexOf('POST')).toBeLessThanOrEqual(1);
    } finally {
      await service.close();
      await sandbox.close();
    }
  });
});

describe('the priority gate', () => {
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  };
  const ctx = { endpoint: 'GET /v1/tools/x', path: '/v1/tools/x' };

  it('lets a waiting interactive request in before every waiting background one, and keeps a slot for people', async () => {
    const budget = createKeyBudget({ concurrency: 3, now: () => 0 });
    const order: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const run = (name: string, priority: 'interactive' | 'background') => {
      const d = deferred();
      gates.set(name, d);
      return budget.run('tools', priority, ctx, async () => {
        order.push(name);
        await d.promise;
      });
    };
    const all = [run('b1', 'background'), run('b2', 'background'), run('b3', 'background'), run('b4', 'background')];
    await new Promise((r) => setImmediate(r));
    // Background holds at most 2 of the 3 slots: the third is a person's.
    expect(order).toEqual(['b1', 'b2']);
    all.push(run('i1', 'interactive'));
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['b1', 'b2', 'i1']);
    all.push(run('i2', 'interactive'));
    expect(budget.snapshot('tools').waiting).toEqual({ interactive: 1, background: 2 });
    gates.get('b1')?.resolve();
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['b1', 'b2', 'i1', 'i2']);
    for (const d of gates.values()) d.resolve();
    await new Promise((r) => setImmediate(r));
    for (const d of gates.values()) d.resolve();
    await Promise.all(all);
    expect(order).toEqual(['b1', 'b2', 'i1', 'i2', 'b3', 'b4']);
    expect(budget.snapshot('tools')).toMatchObject({ inFlight: 0, waiting: { interactive: 0, background: 0 } });
  });

  it('core reads never wait at a gate', async () => {
    const budget = createKeyBudget({ concurrency: 1, now: () => 0 });
    budget.pause('tools', 60_000);
    budget.pause('core', 60_000);
    await expect(budget.run('core', 'background', ctx, async () => 'read')).resolves.toBe('read');
    await expect(budget.run('tools', 'interactive', ctx, async () => 'sent')).rejects.toSatisfy(isRateLimitHold);
  });
});
