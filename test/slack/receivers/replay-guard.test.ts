/**
 * The replay guard over each real store (SQLite, and Redis when REDIS_URL is set): a signature is
 * first once, then a replay, for every store opened on the same data (replicas on Redis); and the
 * in-process guard SQLite's one replica uses, across a restart.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, silentLogger } from '../../../src/log.js';
import { createReplayGuard, REPLAY_WINDOW_MS, SEEN_NAMESPACE, seenBeforeIn, seenBeforeInProcess } from '../../../src/slack/receivers/replay-guard.js';
import { asSender, currentSender } from '../../../src/sender.js';
import { PLACE_KINDS, REDIS_URL, redisPlace, sqlitePlace, type Place } from '../../store/places.js';

describe.each(PLACE_KINDS.map((k) => [k.name, k] as const))('the replay guard on %s', (_name, kind) => {
  let place: Place | undefined;
  afterEach(async () => {
    await place?.cleanup();
    place = undefined;
  });

  it.skipIf(kind.skip)('a signature is first once, then a replay', async () => {
    place = kind.create();
    const guard = createReplayGuard({ seenBefore: seenBeforeIn(await place.open()), logger: silentLogger });
    const signature = `v0=${'a'.repeat(64)}`;
    expect(await guard(signature)).toBe('first');
    expect(await guard(signature)).toBe('replay');
    expect(await guard(`v0=${'b'.repeat(64)}`)).toBe('first');
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
    const a = createReplayGuard({ seenBefore: seenBeforeIn(await place.open()), logger: silentLogger });
    const b = createReplayGuard({ seenBefore: seenBeforeIn(await place.open()), logger: silentLogger });
    const signature = `v0=${'c'.repeat(64)}`;
    const verdicts = await Promise.all([a(signature), b(signature)]);
    expect(verdicts.sort()).toEqual(['first', 'replay']);
  });
});

describe('the in-process replay guard (SQLite: one replica)', () => {
  let place: Place | undefined;
  afterEach(async () => {
    await place?.cleanup();
    place = undefined;
  });
  const sig = (c: string) => `v0=${c.repeat(64)}`;

  it('answers from memory without waiting for the store, and records new signatures behind the answers, a burst in one write', async () => {
    const batches: string[][] = [];
    let finishWrites: () => void = () => undefined;
    const writes = new Promise<void>((resolve) => (finishWrites = resolve));
    const store = {
      entries: async () => [],
      claim: async (): Promise<boolean> => {
        throw new Error('a signature is claimed one by one only past the limit');
      },
      claimMany: async (_namespace: string, keys: readonly string[]) => {
        batches.push([...keys]);
        await writes; // the store has not answered yet
        return keys.map(() => true);
      },
    };
    const seenBefore = await seenBeforeInProcess(store, { logger: silentLogger });
    expect(await seenBefore(sig('a'))).toBe(false);
    expect(await seenBefore(sig('a'))).toBe(true);
    expect(await seenBefore(sig('b'))).toBe(false);
    expect(await seenBefore(sig('c'))).toBe(false);
    // A lone signature is written at once; the ones that arrive while it is written wait for it.
    expect(batches).toEqual([[sig('a')]]);
    finishWrites();
    await vi.waitFor(() => expect(batches).toEqual([[sig('a')], [sig('b'), sig('c')]]));
    expect(await seenBefore(sig('b'))).toBe(true);
  });

  it("records a signature as work outside any request, so the sender's own next store call does not queue behind it", async () => {
    const writtenFor: string[] = [];
    const store = {
      entries: async () => [],
      claim: async () => true,
      claimMany: async (_namespace: string, keys: readonly string[]) => {
        writtenFor.push(currentSender());
        return keys.map(() => true);
      },
    };
    const seenBefore = await seenBeforeInProcess(store, { logger: silentLogger });
    expect(await asSender('T1:U_BOB', () => seenBefore(sig('d')))).toBe(false);
    await vi.waitFor(() => expect(writtenFor).toEqual(['']));
  });

  it('keeps writing after a write that failed at once (thrown, not rejected)', async () => {
    const written: string[][] = [];
    let calls = 0;
    const store = {
      entries: async () => [],
      claim: async () => true,
      claimMany: (_namespace: string, keys: readonly string[]): Promise<boolean[]> => {
        calls += 1;
        if (calls === 1) throw new Error('the store failed before it could answer');
        written.push([...keys]);
        return Promise.resolve(keys.map(() => true));
      },
    };
    const seenBefore = await seenBeforeInProcess(store, { logger: silentLogger });
    expect(await seenBefore(sig('i'))).toBe(false);
    expect(await seenBefore(sig('j'))).toBe(false);
    await vi.waitFor(() => expect(written).toEqual([[sig('j')]]));
    expect(await seenBefore(sig('i'))).toBe(true);
  });

  it('still drops a request replayed after a restart, from the signatures read back from the SQLite file', async () => {
    place = sqlitePlace();
    const first = await place.open();
    const before = await seenBeforeInProcess(first, { logger: silentLogger });
    expect(await before(sig('c'))).toBe(false);
    // The write behind the answer reaches the file.
    await vi.waitFor(async () => expect(await first.claim(SEEN_NAMESPACE, sig('c'), REPLAY_WINDOW_MS)).toBe(false));
    await first.close();
    const after = await seenBeforeInProcess(await place.open(), { logger: silentLogger });
    expect(await after(sig('c'))).toBe(true);
    expect(await after(sig('d'))).toBe(false);
  });

  it('forgets a signature once its window has passed, and keeps answering when the store fails', async () => {
    let clock = 1_000_000;
    const lines: string[] = [];
    const logger = createLogger({ level: 'warn', sink: (l) => lines.push(l) });
    const store = {
      entries: async () => {
        throw new Error('store down');
      },
      claim: async () => {
        throw new Error('store down');
      },
      claimMany: async () => {
        throw new Error('store down');
      },
    };
    const seenBefore = await seenBeforeInProcess(store, { logger, now: () => clock });
    expect(await seenBefore(sig('e'))).toBe(false);
    expect(await seenBefore(sig('f'))).toBe(false);
    expect(await seenBefore(sig('e'))).toBe(true);
    clock += REPLAY_WINDOW_MS - 1;
    expect(await seenBefore(sig('e'))).toBe(true);
    clock += 1;
    expect(await seenBefore(sig('e'))).toBe(false);
    // One line for the start and one for the run of failed writes, not one per request.
    await vi.waitFor(() => expect(lines.filter((l) => l.includes('could not record')).length).toBe(1));
    expect(lines.filter((l) => l.includes('could not read')).length).toBe(1);
  });

  it('past its limit claims new signatures in the store before answering, so a replay is still caught', async () => {
    place = sqlitePlace();
    const seenBefore = await seenBeforeInProcess(await place.open(), { logger: silentLogger, limit: 1 });
    expect(await seenBefore(sig('g'))).toBe(false);
    expect(await seenBefore(sig('h'))).toBe(false);
    expect(await seenBefore(sig('h'))).toBe(true);
    expect(await seenBefore(sig('g'))).toBe(true);
  });
});
