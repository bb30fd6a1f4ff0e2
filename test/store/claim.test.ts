/** `store.claim` and `claimMany`: one caller records a key until its ttl passes, on every store kind (and across replicas on Redis). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLACE_KINDS, type Place } from './places.js';

for (const kind of PLACE_KINDS) {
  describe.skipIf(kind.skip)(`store.claim (${kind.name})`, () => {
    let place: Place;
    afterEach(async () => {
      vi.useRealTimers();
      await place.cleanup();
    });
    /** The stores callers race on: two replicas on Redis (replicas share it), the one file's store on SQLite. */
    const openReplicas = async () => (kind.name === 'redis' ? [await place.open(), await place.open()] : [await place.open()]);
    /**
     * Lets `ms` pass on the clock that enforces the ttl. SQLite stamps expiries with the process's clock,
     * so it is moved forward (only Date is faked: the driver's own timers keep running). Redis expires
     * keys on its own clock, which no test can move: there `untilFree` is polled until the key is free,
     * with no deadline but the test's timeout, so a ttl Redis never enforced fails the test.
     */
    const letPass = async (ms: number, untilFree: () => Promise<boolean>) => {
      if (kind.name === 'sqlite') {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + ms);
        return;
      }
      while (!(await untilFree())) await new Promise((resolve) => setImmediate(resolve));
    };

    it('lets exactly one of many concurrent callers claim a key, and keeps keys apart', async () => {
      place = kind.create();
      const stores = await openReplicas();
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % stores.length]!.claim('seen-test', 'sig-1', 60_000)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await stores[0]!.claim('seen-test', 'sig-2', 60_000)).toBe(true);
      expect(await stores[0]!.claim('other-test', 'sig-1', 60_000)).toBe(true);
    });

    it('frees a key once its ttl has passed', async () => {
      place = kind.create();
      const store = await place.open();
      // A ttl long enough that a busy machine cannot let it lapse between the first two claims.
      expect(await store.claim('seen-test', 'short', 1_000)).toBe(true);
      expect(await store.claim('seen-test', 'short', 1_000)).toBe(false);
      // On Redis the poll's own claim is the one that finds the key free; on SQLite the claim after the jump does.
      let freed = false;
      await letPass(1_001, async () => (freed = await store.claim('seen-test', 'short', 1_000)));
      if (kind.name === 'sqlite') freed = await store.claim('seen-test', 'short', 1_000);
      expect(freed).toBe(true);
      // And the new claim holds the key again.
      expect(await store.claim('seen-test', 'short', 1_000)).toBe(false);
    });

    it('claims a batch in one call: each key answered in order, a live claim kept, an expired one taken over', async () => {
      place = kind.create();
      const store = await place.open();
      expect(await store.claim('seen-test', 'live', 60_000)).toBe(true);
      expect(await store.claim('seen-test', 'lapsed', 1)).toBe(true);
      // The 1 ms ttl must pass on the clock that enforces it. On Redis a probe claimed after 'lapsed'
      // with the same ttl cannot lapse before it: once the probe can be claimed again, so could 'lapsed'
      // (which the batch below must be the one to take over).
      expect(await store.claim('probe-test', 'lapsed', 1)).toBe(true);
      await letPass(2, () => store.claim('probe-test', 'lapsed', 1));
      expect(await store.claimMany('seen-test', ['new-1', 'live', 'lapsed', 'new-2'], 60_000)).toEqual([true, false, true, true]);
      expect(await store.claimMany('seen-test', ['new-2', 'new-3'], 60_000)).toEqual([false, true]);
      expect(await store.claim('other-test', 'live', 60_000)).toBe(true);
      expect(await store.claimMany('seen-test', [], 60_000)).toEqual([]);
    });

    it('claims a batch larger than one statement takes, and races with single claims fairly', async () => {
      place = kind.create();
      const stores = await openReplicas();
      const keys = Array.from({ length: 450 }, (_, i) => `batch-${i}`);
      const raced = keys.filter((_, i) => i % 50 === 0);
      const [batch, ...singles] = await Promise.all([
        stores[0]!.claimMany('seen-test', keys, 60_000),
        ...raced.map((key, i) => stores[i % stores.length]!.claim('seen-test', key, 60_000)),
      ]);
      // Each of the raced keys was claimed by exactly one caller; every other key by the batch.
      raced.forEach((key, i) => expect([batch![keys.indexOf(key)], singles[i]].filter(Boolean)).toHaveLength(1));
      expect(batch!.filter((claimed, i) => !claimed && i % 50 !== 0)).toEqual([]);
      expect(await stores[0]!.claimMany('seen-test', keys, 60_000)).toEqual(keys.map(() => false));
    });

    it('survives a restart: a key claimed before is still claimed after reopening', async () => {
      place = kind.create();
      const first = await place.open();
      expect(await first.claim('seen-test', 'kept', 60_000)).toBe(true);
      await first.close();
      const second = await place.open();
      expect(await second.claim('seen-test', 'kept', 60_000)).toBe(false);
    });
  });
}
