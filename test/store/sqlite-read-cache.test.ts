/**
 * The SQLite store's read cache (`sqlite-store.ts`): a value this process read is read again from
 * memory, but never one a write has replaced, never one a cleared namespace or an expired ttl has
 * dropped, and never past a file deleted under the store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../src/log.js';
import { StoreUnavailableError } from '../../src/store/errors.js';
import { openStore, type Store } from '../../src/store/open-store.js';

describe('the SQLite store’s read cache', () => {
  let dir: string;
  let file: string;
  let store: Store;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'radar-read-cache-'));
    file = join(dir, 'radar.sqlite');
    store = await openStore(`sqlite://${file}`, { logger: silentLogger, commandTimeoutMs: 500 });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never leaves a replaced value behind, whatever the order reads and writes overlap in', async () => {
    const keyv = store.keyv('bindings');
    for (let round = 0; round < 50; round++) {
      await keyv.set('T1:C1', `old-${round}`);
      expect(await keyv.get('T1:C1')).toBe(`old-${round}`);
      // A read started before the write, one started during it, and the write itself.
      const [before, , during] = await Promise.all([keyv.get('T1:C1'), keyv.set('T1:C1', `new-${round}`), keyv.get('T1:C1')]);
      expect([`old-${round}`, `new-${round}`]).toContain(before);
      expect([`old-${round}`, `new-${round}`]).toContain(during);
      expect(await keyv.get('T1:C1')).toBe(`new-${round}`);
    }
    await keyv.delete('T1:C1');
    expect(await keyv.get('T1:C1')).toBeUndefined();
  });

  it('reads nothing back from a cleared namespace, a claim, or an update', async () => {
    const keyv = store.keyv('bindings');
    await keyv.set('a', 1);
    expect(await keyv.get('a')).toBe(1);
    await keyv.clear();
    expect(await keyv.get('a')).toBeUndefined();
    await store.update<number>('bindings', 'b', () => 1);
    expect(await keyv.get('b')).toBe(1);
    await store.update<number>('bindings', 'b', (n) => (n ?? 0) + 1);
    expect(await keyv.get('b')).toBe(2);
    expect(await store.claim('seen', 'x', 60_000)).toBe(true);
    expect(await store.claim('seen', 'x', 60_000)).toBe(false);
  });

  it('drops a value whose ttl has passed, as the file would', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-01-01T00:00:00Z') });
    const keyv = store.keyv('submissions');
    await keyv.set('v', 'held', 1_000);
    expect(await keyv.get('v')).toBe('held');
    vi.setSystemTime(Date.parse('2026-01-01T00:00:02Z'));
    expect(await keyv.get('v')).toBeUndefined();
  });

  it('still finds a file deleted under it, for a value already read', async () => {
    const keyv = store.keyv('bindings');
    await keyv.set('T1:C1', 'bound');
    expect(await keyv.get('T1:C1')).toBe('bound');
    rmSync(file);
    const error = await keyv.get('T1:C1').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as StoreUnavailableError).fault).toBe('file_missing');
    expect(store.available).toBe(false);
  });
});
