import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDigestLedger } from '../../src/store/digest-ledger.js';
import type { ClaimResult } from '../../src/store/digest-ledger.js';
import { PLACE_KINDS } from './places.js';
import type { Place } from './places.js';

const KEY = { teamId: 'T1', channelId: 'C1', runId: 'run-42' };
const TTL = 60_000;

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2025-03-01T12:00:00.000Z')) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

const granted = (results: ClaimResult[]) => results.filter((r) => r.granted).length;

for (const kind of PLACE_KINDS) {
  describe.skipIf(kind.skip)(`digest ledger on ${kind.name}`, () => {
    let place: Place;
    beforeEach(() => {
      place = kind.create();
    });
    afterEach(() => place.cleanup());

    it('grants a claim to exactly one of many concurrent claimers', async () => {
      const ledger = createDigestLedger(await place.open());
      const results = await Promise.all(Array.from({ length: 25 }, (_, i) => ledger.claim(KEY, `owner-${i}`, TTL)));
      expect(granted(results)).toBe(1);
      const winner = results.findIndex((r) => r.granted);
      expect(await ledger.get(KEY)).toMatchObject({ state: 'claimed', owner: `owner-${winner}` });
      for (const r of results) if (!r.granted) expect(r.current).toMatchObject({ state: 'claimed', owner: `owner-${winner}` });
    });

    it('keys claims by team, channel and run', async () => {
      const ledger = createDigestLedger(await place.open());
      expect((await ledger.claim(KEY, 'a', TTL)).granted).toBe(true);
      expect((await ledger.claim({ ...KEY, runId: 'run-43' }, 'a', TTL)).granted).toBe(true);
      expect((await ledger.claim({ ...KEY, channelId: 'C2' }, 'a', TTL)).granted).toBe(true);
      expect((await ledger.claim(KEY, 'b', TTL)).granted).toBe(false);
    });

    it('records the post and refuses every later claim, even after the claim ttl', async () => {
      const clock = manualClock();
      const ledger = createDigestLedger(await place.open(), { now: clock.now });
      await ledger.claim(KEY, 'a', TTL);
      clock.advance(1_000);
      const posted = await ledger.markPosted(KEY, { ts: '1700000000.000200' });
      expect(posted).toEqual({
        state: 'posted',
        owner: 'a',
        claimedAt: '2025-03-01T12:00:00.000Z',
        ts: '1700000000.000200',
        postedAt: '2025-03-01T12:00:01.000Z',
      });
      clock.advance(10 * TTL);
      expect(await ledger.claim(KEY, 'b', TTL)).toEqual({ granted: false, current: posted });
      expect(await ledger.release(KEY, 'a')).toBe(false);
      expect(await ledger.get(KEY)).toEqual(posted);
    });

    it('hands a stale claim over once, telling the new owner to look for an earlier post', async () => {
      const clock = manualClock();
      const ledger = createDigestLedger(await place.open(), { now: clock.now });
      await ledger.claim(KEY, 'dead', TTL);
      clock.advance(TTL - 1);
      expect(await ledger.claim(KEY, 'early', TTL)).toMatchObject({ granted: false, current: { owner: 'dead' } });

      clock.advance(1);
      const results = await Promise.all(['b', 'c', 'd'].map((owner) => ledger.claim(KEY, owner, TTL)));
      expect(granted(results)).toBe(1);
      const winner = results.find((r) => r.granted);
      expect(winner).toEqual({
        granted: true,
        takeover: { state: 'claimed', owner: 'dead', claimedAt: '2025-03-01T12:00:00.000Z', staleAt: '2025-03-01T12:01:00.000Z' },
      });
    });

    it('releases only its own claim, after which another may claim', async () => {
      const ledger = createDigestLedger(await place.open());
      await ledger.claim(KEY, 'a', TTL);
      expect(await ledger.release(KEY, 'b')).toBe(false);
      expect(await ledger.get(KEY)).toMatchObject({ state: 'claimed', owner: 'a' });
      expect(await ledger.release(KEY, 'a')).toBe(true);
      expect(await ledger.get(KEY)).toBeUndefined();
      expect(await ledger.claim(KEY, 'b', TTL)).toEqual({ granted: true, takeover: null });
    });

    it('remembers claims and posts across a restart', async () => {
      const first = await place.open();
      const before = createDigestLedger(first);
      await before.claim(KEY, 'a', TTL);
      await before.markPosted(KEY, { ts: '1700000000.000300' });
      await before.claim({ ...KEY, runId: 'run-43' }, 'a', TTL);
      await first.close();

      const ledger = createDigestLedger(await place.open());
      expect(await ledger.get(KEY)).toMatchObject({ state: 'posted', ts: '1700000000.000300' });
      expect((await ledger.claim(KEY, 'b', TTL)).granted).toBe(false);
      expect((await ledger.claim({ ...KEY, runId: 'run-43' }, 'b', TTL)).granted).toBe(false);
    });

    if (kind.name === 'redis') {
      it('grants a claim to exactly one claimer across two replicas', async () => {
        const a = createDigestLedger(await place.open());
        const b = createDigestLedger(await place.open());
        const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).claim(KEY, `owner-${i}`, TTL)));
        expect(granted(results)).toBe(1);
        const owner = (await a.get(KEY))?.owner;
        expect(await b.get(KEY)).toMatchObject({ state: 'claimed', owner });
      });
    }
  });
}
