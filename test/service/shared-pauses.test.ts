/**
 * The service's per-key 429 pause across replicas (issue 32's leftovers): one client's 429 for a
 * key pauses that key's throttled group in every client sharing the store (two replicas on one
 * Redis), until its Retry-After: the other client's request is refused unsent. Other keys and the
 * core group go on. Without Redis the board is in memory: clients of one process share it.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { SEED } from '../../src/sandbox/seed.js';
import { createServiceClient, isRateLimitHold, isServiceError, type ServiceClient } from '../../src/service/index.js';
import { createServicePauses, SERVICE_PAUSES_NAMESPACE } from '../../src/store/service-pauses.js';
import { openStore } from '../../src/store/backends/open-store.js';
import type { Store } from '../../src/store/backends/store.js';
import { REDIS_URL, sqlitePlace, type Place } from '../store/places.js';

const PROJECT = SEED.projects.northwind.id;

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, speed: 1000 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => sandbox.control.reset());

const clients: ServiceClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});
function clientOf(apiKey: string, store: Store): ServiceClient {
  const client = createServiceClient({ baseUrl: sandbox.url, apiKey, retry: false, pauses: createServicePauses(store) });
  clients.push(client);
  return client;
}

/** A 429 with Retry-After on the next ticket read only. */
const throttleNextTicketRead = () => sandbox.control.addFault({ method: 'GET', path: '^/v1/projects/[^/]+/tickets', kind: 'status', status: 429, code: 'rate_limit_exceeded', retryAfter: 30, times: 1 });
const ticketReads = (from: number) => sandbox.control.requests().slice(from).filter((e) => /\/tickets/.test(e.path));

async function expectThrottledAcross(a: ServiceClient, b: ServiceClient, other: ServiceClient) {
  throttleNextTicketRead();
  const first = await a.listTickets(PROJECT, {}).catch((e: unknown) => e);
  expect(isServiceError(first) && first.status === 429 && !isRateLimitHold(first)).toBe(true);

  // The other client of the key (another replica) is paused too: refused unsent, the time left with it.
  const from = sandbox.control.requests().length;
  const held = await b.listTickets(PROJECT, {}).catch((e: unknown) => e);
  expect(isRateLimitHold(held)).toBe(true);
  expect((held as { retryAfterMs?: number }).retryAfterMs).toBeGreaterThan(0);
  expect(ticketReads(from)).toEqual([]);
  // The core group is never paused; another key is not paused.
  await expect(b.listProjects()).resolves.toBeDefined();
  await expect(other.listTickets(PROJECT, {})).resolves.toBeDefined();
  expect(ticketReads(from).map((e) => e.keyId)).toEqual(['key_acme_ro']);
}

describe.skipIf(!REDIS_URL)('a 429 pauses the key on every replica sharing Redis', () => {
  const prefix = `test-pauses-${randomUUID().slice(0, 8)}-`;
  let one: Store;
  let two: Store;
  beforeAll(async () => {
    one = await openStore(REDIS_URL ?? '', { namespacePrefix: prefix });
    two = await openStore(REDIS_URL ?? '', { namespacePrefix: prefix });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    const redis = new Redis(REDIS_URL ?? '');
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it("one replica's 429 holds the other's requests of that key until Retry-After; the entry names a fingerprint and expires with the pause", async () => {
    await expectThrottledAcross(clientOf(sandbox.keys.readWrite, one), clientOf(sandbox.keys.readWrite, two), clientOf(sandbox.keys.readOnly, two));
    const redis = new Redis(REDIS_URL ?? '');
    try {
      const keys = (await redis.keys(`${prefix}${SERVICE_PAUSES_NAMESPACE}:*`)).filter((k) => !k.endsWith(':index') && !k.includes('__index'));
      const entries = keys.filter((k) => /:[0-9a-f]{16}:tickets$/.test(k));
      expect(entries).toHaveLength(1);
      for (const key of keys) expect(key).not.toContain(sandbox.keys.readWrite);
      const ttl = await redis.pttl(entries[0] ?? '');
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(30_000);
      expect(await redis.get(entries[0] ?? '')).not.toContain(sandbox.keys.readWrite);
    } finally {
      await redis.quit();
    }
  });
});

describe('without Redis: the pause board is in memory', () => {
  let place: Place;
  let store: Store;
  beforeAll(async () => {
    place = sqlitePlace();
    store = await place.open();
  });
  afterAll(async () => {
    await place?.cleanup();
  });

  it('clients of one key in the process share a 429 pause; nothing of it is written to the SQLite file', async () => {
    await expectThrottledAcross(clientOf(sandbox.keys.readWrite, store), clientOf(sandbox.keys.readWrite, store), clientOf(sandbox.keys.readOnly, store));
    expect(await store.entries(SERVICE_PAUSES_NAMESPACE)).toEqual([]);
  });
});
