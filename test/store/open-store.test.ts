import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../src/log.js';
import { openStore, StoreUnavailableError } from '../../src/store/backends/open-store.js';
import { PLACE_KINDS } from './places.js';
import type { Place } from './places.js';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger({ level: 'debug', sink: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }) };
}

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('openStore', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'radar-open-store-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('opens a SQLite file, creating its folder', async () => {
    const file = join(dir, 'data', 'deeper', 'radar.sqlite');
    const store = await openStore(`sqlite://${file}`);
    expect(store.kind).toBe('sqlite');
    expect(existsSync(file)).toBe(true);
    expect(await store.ping()).toBe(true);
    await store.close();
    expect(await store.ping()).toBe(false);
  });

  it('opens an in-memory SQLite store for tests', async () => {
    const store = await openStore('sqlite://:memory:');
    await store.keyv('bindings').set('k', { a: 1 });
    expect(await store.keyv('bindings').get('k')).toEqual({ a: 1 });
    await store.close();
  });

  it('refuses URLs it cannot serve, naming what it expects', async () => {
    await expect(openStore('postgres://localhost/radar')).rejects.toThrow(/sqlite:\/\/ or redis:\/\//);
    await expect(openStore('sqlite://')).rejects.toThrow(/needs a path/);
  });

  it('refuses to start against an unreachable Redis', async () => {
    const port = await closedPort();
    await expect(openStore(`redis://127.0.0.1:${port}`)).rejects.toThrow(/cannot connect to the Redis store/);
  });

  it('logs a store outage once instead of crashing, and the failing calls reject', async () => {
    const { lines, logger } = capturingLogger();
    const file = join(dir, 'radar.sqlite');
    const store = await openStore(`sqlite://${file}`, { logger });
    const keyv = store.keyv('bindings');
    await keyv.set('k', 1);
    rmSync(file);
    await expect(keyv.set('k', 2)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(keyv.get('k')).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(lines.filter((l) => l.msg === 'store unavailable')).toEqual([
      expect.objectContaining({ level: 'error', namespace: 'bindings', component: 'store', fault: 'file_missing' }),
    ]);
    await store.close();
    // Calls after close fail too, without being reported as an outage.
    await expect(keyv.get('k')).rejects.toMatchObject({ fault: 'closed' });
    expect(lines.filter((l) => l.msg === 'store unavailable')).toHaveLength(1);
  });

  it('refuses a command timeout that is not a positive number of milliseconds', async () => {
    await expect(openStore('sqlite://:memory:', { commandTimeoutMs: 0 })).rejects.toThrow(/timeout/);
  });

  it('refuses namespace names that would act as patterns', async () => {
    const store = await openStore('sqlite://:memory:');
    expect(() => store.keyv('bind_ings')).toThrow(/namespace/);
    expect(() => store.keyv('a*')).toThrow(/namespace/);
    await store.close();
    await expect(openStore('sqlite://:memory:', { namespacePrefix: 'x%' })).rejects.toThrow(/prefix/);
  });
});

for (const kind of PLACE_KINDS) {
  describe.skipIf(kind.skip)(`store primitives on ${kind.name}`, () => {
    let place: Place;
    beforeEach(() => {
      place = kind.create();
    });
    afterEach(() => place.cleanup());

    it('lists one namespace only', async () => {
      const store = await place.open();
      await store.keyv('alpha').set('1', { n: 1 });
      await store.keyv('alpha').set('2', { n: 2 });
      await store.keyv('alpha-beta').set('3', { n: 3 });
      await store.keyv('beta').set('1', { n: 4 });
      const values = await store.list<{ n: number }>('alpha');
      expect(values.map((v) => v.n).sort()).toEqual([1, 2]);
      expect(await store.list('empty')).toEqual([]);
    });

    it('applies every one of many concurrent updates to one entry', async () => {
      const store = await place.open();
      const increment = () => store.update<{ count: number }>('counters', 'c', (current) => ({ count: (current?.count ?? 0) + 1 }));
      await Promise.all(Array.from({ length: 40 }, increment));
      expect(await store.keyv('counters').get('c')).toEqual({ count: 40 });
    });

    it('writes, deletes or leaves an entry as the change function says', async () => {
      const store = await place.open();
      expect(await store.update('things', 'k', () => undefined)).toEqual({ value: undefined, written: false });
      expect(await store.keyv('things').has('k')).toBe(false);
      expect(await store.update('things', 'k', () => ({ v: 1 }))).toEqual({ value: { v: 1 }, written: true });
      expect(await store.update<{ v: number }>('things', 'k', () => undefined)).toEqual({ value: { v: 1 }, written: false });
      expect(await store.update('things', 'k', () => null)).toEqual({ value: undefined, written: true });
      expect(await store.keyv('things').get('k')).toBeUndefined();
    });

    if (kind.name === 'redis') {
      it('applies concurrent updates from two replicas', async () => {
        const [a, b] = await Promise.all([place.open(), place.open()]);
        const increment = (i: number) =>
          (i % 2 === 0 ? a : b).update<{ count: number }>('counters', 'c', (current) => ({ count: (current?.count ?? 0) + 1 }));
        await Promise.all(Array.from({ length: 40 }, (_, i) => increment(i)));
        expect(await b.keyv('counters').get('c')).toEqual({ count: 40 });
      });
    }
  });
}
