/**
 * Listing a namespace on SQLite (`sqlite-store.ts`): a range of the primary key instead of LIKE,
 * which read the whole table. What it lists must be exactly the namespace's rows, as before,
 * whatever the neighbouring namespaces and the characters in the keys (the speed is in the doc
 * comment of `keyRange`, measured, not asserted here). Each listing, and each read of a key, sees
 * every write finished before it was asked for.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.js';
import { openStore, type Store } from '../../src/store/backends/open-store.js';

describe('listing a namespace on SQLite', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore('sqlite://:memory:', { logger: silentLogger });
  });
  afterEach(() => store.close());

  it('lists exactly its own rows, beside namespaces whose names begin the same, and clears only them', async () => {
    const keys = ['a', 'B', '50%_off', 'with:colon', 'z~', 'ü'];
    for (const key of keys) await store.keyv('bindings').set(key, key);
    await store.keyv('bindings-old').set('a', 'neighbour');
    await store.keyv('bindingsx').set('a', 'neighbour');
    await store.keyv('binding').set('a', 'neighbour');
    expect((await store.entries<string>('bindings')).map((e) => e.key).sort()).toEqual([...keys].sort());
    expect(await store.list('bindings-old')).toEqual(['neighbour']);
    await store.keyv('bindings').clear();
    expect(await store.list('bindings')).toEqual([]);
    expect((await Promise.all(['bindings-old', 'bindingsx', 'binding'].map((n) => store.list(n)))).flat()).toEqual(['neighbour', 'neighbour', 'neighbour']);
  });

  it('shows each listing every write finished before it was asked for, while writes are under way', async () => {
    const finished: string[] = [];
    const checks: Promise<void>[] = [];
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 120; i++) {
      const key = `k${String(i).padStart(3, '0')}`;
      const write = store.update('things', key, () => ({ i })).then(() => {
        finished.push(key);
      });
      writes.push(write);
      const mustSee = [...finished];
      checks.push(
        store.entries('things').then((listing) => {
          const keys = new Set(listing.map((e) => e.key));
          expect(mustSee.filter((k) => !keys.has(k))).toEqual([]);
        }),
      );
      if (i % 7 === 0) await write;
    }
    await Promise.all(checks);
    expect(finished.length).toBeGreaterThan(0);
    // Every write finished (not only every seventh, awaited above): all 120 rows are listed.
    await Promise.all(writes);
    expect((await store.entries('things')).length).toBe(120);
  });

  it('shows each read of a key the last write finished before it was asked for', async () => {
    for (const namespace of ['things', 'scan-starts']) {
      let finished = -1;
      const checks: Promise<void>[] = [];
      for (let i = 0; i < 120; i++) {
        const write = store.update(namespace, 'k', () => ({ i })).then(() => {
          finished = Math.max(finished, i);
        });
        const mustSee = finished;
        checks.push(
          store.keyv(namespace).get('k').then((value) => {
            expect((value as { i: number } | undefined)?.i ?? -1).toBeGreaterThanOrEqual(mustSee);
          }),
        );
        if (i % 7 === 0) await write;
      }
      await Promise.all(checks);
      expect(await store.keyv(namespace).get('k')).toEqual({ i: 119 });
    }
  });
});
