/**
 * The replay guard over each real store (SQLite, and Redis when REDIS_URL is set): a signature is
 * first once, then a replay, for every store opened on the same data (replicas on Redis).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/log.js';
import { createReplayGuard, seenBeforeIn } from '../../../src/slack/receivers/replay-guard.js';
import { PLACE_KINDS, REDIS_URL, redisPlace, type Place } from '../../store/places.js';

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
