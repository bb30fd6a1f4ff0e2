/**
 * Entries written by `update` with a ttl expire (both backends), and the Redis store lists a
 * namespace through its index: never a keyspace scan once the index is built, expired or vanished
 * entries dropping out of it, entries from before the index found by its one-time backfill.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { openStore } from '../../src/store/backends/open-store.js';
import type { Store } from '../../src/store/backends/open-store.js';
import { PLACE_KINDS, REDIS_URL } from './places.js';
import type { Place } from './places.js';

/** Polls `check` until it holds: no deadline but the test's timeout (a ttl never enforced fails the test). */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

for (const kind of PLACE_KINDS) {
  describe.skipIf(kind.skip)(`update with a ttl on ${kind.name}`, () => {
    let place: Place;
    beforeEach(() => {
      place = kind.create();
    });
    afterEach(async () => {
      vi.useRealTimers();
      await place.cleanup();
    });

    it('expires entries written with a ttl, keeps those without, and sets the ttl afresh on each write', async () => {
      const store = await place.open();
      await store.update('ttl-test', 'short', () => ({ n: 1 }), { ttlMs: 1_500 });
      await store.update('ttl-test', 'renewed', () => ({ n: 1 }), { ttlMs: 1_500 });
      await store.update('ttl-test', 'forever', () => ({ n: 1 }));
      await store.update<{ n: number }>('ttl-test', 'renewed', (current) => ({ n: (current?.n ?? 0) + 1 }), { ttlMs: 60_000 });
      expect((await store.list<{ n: number }>('ttl-test')).length).toBe(3);
      // The 1.5 s ttl passes on the clock that enforces it: SQLite's expiries are the process's clock, which
      // is moved forward (Date only); Redis expires on its own clock, so there the test waits for 'short' to go.
      if (kind.name === 'sqlite') {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 1_600);
      } else {
        await until(async () => (await store.keyv('ttl-test').get('short')) === undefined);
      }
      expect(await store.keyv('ttl-test').get('short')).toBeUndefined();
      expect(await store.keyv('ttl-test').get('renewed')).toEqual({ n: 2 });
      expect((await store.entries<{ n: number }>('ttl-test')).map((e) => e.key).sort()).toEqual(['forever', 'renewed']);
      // An update of an expired entry starts from nothing.
      expect((await store.update<{ n: number }>('ttl-test', 'short', (current) => ({ n: (current?.n ?? 0) + 10 }))).value).toEqual({ n: 10 });
    });

    it('refuses a ttl that is not a positive number', async () => {
      const store = await place.open();
      await expect(store.update('ttl-test', 'k', () => 1, { ttlMs: 0 })).rejects.toThrow(RangeError);
      await expect(store.update('ttl-test', 'k', () => 1, { ttlMs: Number.NaN })).rejects.toThrow(RangeError);
    });
  });
}

describe.skipIf(!REDIS_URL)('the Redis namespace index', () => {
  const url = REDIS_URL!;
  let admin: Redis;
  let prefix: string;
  const opened: Store[] = [];
  const open = async (storeUrl = url) => {
    const store = await openStore(storeUrl, { namespacePrefix: prefix });
    opened.push(store);
    return store;
  };
  const index = (namespace: string) => `${prefix}${namespace}:index`;

  beforeEach(async () => {
    admin = new Redis(url);
    prefix = `test-${randomUUID().slice(0, 8)}-`;
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
    const keys: string[] = [];
    for await (const batch of admin.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>) keys.push(...batch);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it('lists without scanning the keyspace: a Redis user refused SCAN lists, writes and deletes', async () => {
    // The first listing of a namespace builds its index (a one-time scan for entries from before it).
    const first = await open();
    await first.update('things', 'a', () => 'A');
    expect(await first.list('things')).toEqual(['A']);

    const user = `radar-test-noscan-${randomUUID().slice(0, 8)}`;
    const password = randomUUID();
    await admin.call('ACL', 'SETUSER', user, 'on', `>${password}`, '~*', '&*', '+@all', '-scan', '-keys');
    try {
      const noScan = new URL(url);
      noScan.username = user;
      noScan.password = password;
      const store = await open(noScan.toString());
      await store.update('things', 'b', () => 'B');
      await store.keyv('things').set('c', 'C');
      await store.keyv('things').delete('a');
      expect((await store.list<string>('things')).sort()).toEqual(['B', 'C']);
      expect((await store.entries<string>('things')).map((e) => e.key).sort()).toEqual(['b', 'c']);
      expect(await admin.zcard(index('things'))).toBe(2);
    } finally {
      await admin.call('ACL', 'DELUSER', user);
    }
  });

  it('drops expired and vanished entries from the index', async () => {
    const store = await open();
    await store.update('things', 'short', () => 1, { ttlMs: 1_000 });
    await store.keyv('things').set('short-too', 2, 1_000);
    await store.update('things', 'kept', () => 3);
    await store.keyv('things').set('removed-by-hand', 4);
    expect(await store.list('things')).toHaveLength(4);
    expect(await admin.zcard(index('things'))).toBe(4);

    await admin.del(`${prefix}things::removed-by-hand`);
    // Until Redis has expired both ttl'd keys (on its own clock): only then must the index drop them.
    await until(async () => (await admin.exists(`${prefix}things::short`, `${prefix}things::short-too`)) === 0);
    expect(await store.list('things')).toEqual([3]);
    expect(await admin.zrange(index('things'), 0, -1)).toEqual([`${prefix}things::kept`]);
  });

  it('a write drops members expired by then, so a namespace never listed keeps a small index', async () => {
    const store = await open();
    await Promise.all([0, 1, 2, 3, 4].map((i) => store.update('ledger-like', `k${i}`, () => i, { ttlMs: 1_000 })));
    expect(await admin.zcard(index('ledger-like'))).toBe(5);
    await until(async () => (await admin.exists(...[0, 1, 2, 3, 4].map((i) => `${prefix}ledger-like::k${i}`))) === 0);
    await store.update('ledger-like', 'fresh', () => 'x', { ttlMs: 60_000 });
    expect(await admin.zrange(index('ledger-like'), 0, -1)).toEqual([`${prefix}ledger-like::fresh`]);
  });

  it('finds entries written before the index existed, once, and remembers it did', async () => {
    // As Radar wrote them before the index: a plain SET of Keyv's JSON, no index entry.
    await admin.set(`${prefix}things::old-1`, JSON.stringify({ value: { n: 1 } }));
    await admin.set(`${prefix}things::old-2`, JSON.stringify({ value: { n: 2 } }), 'PX', 60_000);
    const store = await open();
    await store.update('things', 'new', () => ({ n: 3 }));
    expect((await store.entries<{ n: number }>('things')).map((e) => e.key).sort()).toEqual(['new', 'old-1', 'old-2']);
    expect(await admin.exists(`${index('things')}-built`)).toBe(1);
    // Another replica (or a restart) does not scan again: a key slipped in behind the index is not seen.
    await admin.set(`${prefix}things::sneaked-in`, JSON.stringify({ value: { n: 4 } }));
    const other = await open();
    expect((await other.list('things')).length).toBe(3);
  });
});
