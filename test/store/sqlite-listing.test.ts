/**
 * Listing a namespace on SQLite (`sqlite-store.ts`): a range of the primary key instead of LIKE,
 * which read the whole table. What it lists must be exactly the namespace's rows, as before,
 * whatever the neighbouring namespaces and the characters in the keys (the speed is in the doc
 * comment of `keyRange`, measured, not asserted here).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.js';
import { openStore, type Store } from '../../src/store/open-store.js';

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
});
