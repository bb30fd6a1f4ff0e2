/**
 * The replay guard over each real store (SQLite, and Redis when REDIS_URL is set): a signature is
 * first once, then a replay, for every store opened on the same data (replicas on Redis, a restart
 * on SQLite); a store that fails or hangs gives `unknown`, logged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, silentLogger } from '../../../src/log.js';
import { createReplayGuard } from '../../../src/slack/receivers/replay-guard.js';
import { PLACE_KINDS, REDIS_URL, redisPlace, sqlitePlace, type Place } from '../../store/places.js';

const sig = (c: string) => `v0=${c.repeat(64)}`;

describe.each(PLACE_KINDS.map((k) => [k.name, k] as const))('the replay guard on %s', (_name, kind) => {
  let place: Place | undefined;
  afterEach(async () => {
    await place?.cleanup();
    place = undefined;
  });

  it.skipIf(kind.skip)('a signature is first once, then a replay', async () => {
    place = kind.create();
    const guard = createReplayGuard({ store: await place.open(), logger: silentLogger });
    expect(await guard(sig('a'))).toBe('first');
    expect(await guard(sig('a'))).toBe('replay');
    expect(await guard(sig('b'))).toBe('first');
  });
});

describe.skipIf(!REDIS_URL)('the replay guard on two Redis replicas', () => {
  let place: Place | undefined;
  afterEach(async () => {
    await place?.cleanup();
    place = undefined;
  });

  it('both race for one signature: one is first, the other sees a replay', async () => {
    place = redisPlace();
    const a = createReplayGuard({ store: await place.open(), logger: silentLogger });
    const b = createReplayGuard({ store: await place.open(), logger: silentLogger });
    const verdicts = await Promise.all([a(sig('c')), b(sig('c'))]);
    expect(verdicts.sort()).toEqual(['first', 'replay']);
  });
});

describe('the replay guard on SQLite across a restart, and on a failing store', () => {
  let place: Place | undefined;
  afterEach(async () => {
    await place?.cleanup();
    place = undefined;
  });

  it('still drops a request replayed after a restart: the claim is in the file before the answer', async () => {
    place = sqlitePlace();
    const first = await place.open();
    expect(await createReplayGuard({ store: first, logger: silentLogger })(sig('d'))).toBe('first');
    await first.close();
    const after = createReplayGuard({ store: await place.open(), logger: silentLogger });
    expect(await after(sig('d'))).toBe('replay');
    expect(await after(sig('e'))).toBe('first');
  });

  it('answers unknown, logged, when the store throws or does not answer in time', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'warn', sink: (l) => lines.push(l) });
    const throwing = createReplayGuard({ store: { claim: () => Promise.reject(new Error('store down')) }, logger });
    expect(await throwing(sig('f'))).toBe('unknown');
    const hanging = createReplayGuard({ store: { claim: () => new Promise<boolean>(() => {}) }, logger, timeoutMs: 20 });
    expect(await hanging(sig('g'))).toBe('unknown');
    expect(lines.filter((l) => l.includes('replay check failed'))).toHaveLength(2);
    expect(lines.some((l) => l.includes('store down'))).toBe(true);
  });

  it('refuses a replay from memory while the store is frozen; a delivery it cannot check is unknown', async () => {
    let frozen = false;
    const claimed = new Set<string>();
    const store = {
      claim: async (_namespace: string, key: string) => {
        if (frozen) return new Promise<boolean>(() => {});
        if (claimed.has(key)) return false;
        claimed.add(key);
        return true;
      },
    };
    const guard = createReplayGuard({ store, logger: silentLogger, timeoutMs: 20 });
    expect(await guard(sig('h'))).toBe('first');
    frozen = true;
    expect(await guard(sig('h'))).toBe('replay');
    expect(await guard(sig('i'))).toBe('unknown');
  });
});
