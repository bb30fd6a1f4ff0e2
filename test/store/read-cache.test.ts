/** The SQLite store's read cache (`read-cache.ts`): values kept by key, never a value a write replaced. */
import { describe, expect, it } from 'vitest';
import { createReadCache } from '../../src/store/read-cache.js';
import { openStore } from '../../src/store/open-store.js';
import { createBindingsRepo, type BindingInput } from '../../src/store/bindings.js';

describe('the read cache', () => {
  it('keeps a value read at the current version: a stored string, or a key found absent (null)', () => {
    const cache = createReadCache(10);
    cache.fill('ns:a', '{"value":1}', cache.version('ns:a'));
    cache.fill('ns:b', undefined, cache.version('ns:b'));
    cache.fill('ns:c', { not: 'a stored string' }, cache.version('ns:c'));
    expect(cache.get('ns:a')).toBe('{"value":1}');
    expect(cache.get('ns:b')).toBeNull();
    expect(cache.get('ns:c')).toBeUndefined();
    expect(cache.get('ns:d')).toBeUndefined();
    // A key kept as absent is forgotten by a write like any other.
    cache.forget('ns:b');
    expect(cache.get('ns:b')).toBeUndefined();
  });

  it('does not keep a value whose read overlapped a write of its key', () => {
    const cache = createReadCache(10);
    const seen = cache.version('ns:a');
    // A write starts and ends while the read is under way: what the read found may be the old value.
    cache.forget('ns:a');
    cache.forget('ns:a');
    cache.fill('ns:a', '"old"', seen);
    expect(cache.get('ns:a')).toBeUndefined();
    // A read started after the write keeps what it found.
    cache.fill('ns:a', '"new"', cache.version('ns:a'));
    expect(cache.get('ns:a')).toBe('"new"');
  });

  it('forgets a key on write, a namespace on clear, and the oldest value past its size', () => {
    const cache = createReadCache(2);
    for (const key of ['ns:a', 'ns:b', 'other:c']) cache.fill(key, `"${key}"`, cache.version(key));
    expect(cache.get('ns:a')).toBeUndefined();
    expect(cache.get('ns:b')).toBe('"ns:b"');
    cache.forget('ns:b');
    expect(cache.get('ns:b')).toBeUndefined();
    cache.fill('ns:b', '"b"', cache.version('ns:b'));
    const during = cache.version('ns:b');
    cache.forgetPrefix('ns:');
    expect(cache.get('ns:b')).toBeUndefined();
    expect(cache.get('other:c')).toBe('"other:c"');
    // A read that began before the clear does not put its value back.
    cache.fill('ns:b', '"b"', during);
    expect(cache.get('ns:b')).toBeUndefined();
  });

  it('never outlives the versions it forgets for space: a read begun before still misses', () => {
    const cache = createReadCache(1);
    const seen = cache.version('ns:a');
    for (let i = 0; i < 10; i++) cache.forget(`ns:k${i}`);
    cache.forget('ns:a');
    cache.fill('ns:a', '"old"', seen);
    expect(cache.get('ns:a')).toBeUndefined();
  });
});

describe('bindings read through the SQLite store', () => {
  const binding = (projectId: string): BindingInput => ({
    teamId: 'T1',
    channelId: 'C1',
    projectId,
    projectName: projectId,
    boundBy: 'U1',
    boundAt: '2025-01-01T00:00:00.000Z',
    digestsEnabled: true,
    lastSeenRunId: null,
    failing: null,
  });

  it('reads every write back, once cached, after an update, a removal and a clear', async () => {
    const store = await openStore('sqlite://:memory:');
    try {
      const bindings = createBindingsRepo(store);
      await bindings.set(binding('p1'));
      expect(await bindings.get('T1', 'C1')).toMatchObject({ projectId: 'p1' });
      expect(await bindings.get('T1', 'C1')).toMatchObject({ projectId: 'p1' });
      await bindings.set(binding('p2'));
      expect(await bindings.get('T1', 'C1')).toMatchObject({ projectId: 'p2' });
      // A read and a write at once: the read that follows both finds the write.
      const [, during] = await Promise.all([bindings.set(binding('p3')), bindings.get('T1', 'C1')]);
      expect(['p2', 'p3']).toContain(during?.projectId);
      expect(await bindings.get('T1', 'C1')).toMatchObject({ projectId: 'p3' });
      expect(await bindings.remove('T1', 'C1')).toBe(true);
      expect(await bindings.get('T1', 'C1')).toBeUndefined();
      await bindings.set(binding('p4'));
      expect(await bindings.get('T1', 'C1')).toMatchObject({ projectId: 'p4' });
      await store.keyv('bindings').clear();
      expect(await bindings.get('T1', 'C1')).toBeUndefined();
      // Found absent (and kept so), then written: the write is read back.
      expect(await bindings.get('T1', 'C1')).toBeUndefined();
      await bindings.set(binding('p5'));
      expect(await bindings.get('T1', 'C1')).toMatchObject({ projectId: 'p5' });
    } finally {
      await store.close();
    }
  });
});
