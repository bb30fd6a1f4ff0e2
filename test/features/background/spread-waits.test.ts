/**
 * The lease mode spreads a cycle's polls over its interval, one wait per group (thousands at once):
 * they share one abort listener on the cycle's signal (Node's MaxListenersExceededWarning past ten
 * was printed by every spread cycle of more than ten groups), and stopping ends them all.
 */
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { createPoller } from '../../../src/features/background/poller-skeleton.js';
import { createLogger } from '../../../src/log.js';
import { DEFAULT_TIMING } from '../../../src/timing.js';
import { sqlitePlace, type Place } from '../../store/places.js';

describe('a spread cycle', () => {
  let place: Place | undefined;
  afterEach(async () => place?.cleanup());

  it('waits for its groups on one abort listener, and stopping ends the waits', async () => {
    place = sqlitePlace();
    const store = await place.open();
    const groups = new Map(Array.from({ length: 20 }, (_, i) => [`g${String(i).padStart(2, '0')}`, i] as const));
    const polled: string[] = [];
    let listeners = -1;
    let firstPolled!: () => void;
    const first = new Promise<void>((resolve) => (firstPolled = resolve));
    const poller = createPoller<number>({
      name: 'spread-test',
      lease: 'spread-test',
      // Long enough that no group but the first is polled before the poller stops.
      intervalMs: 3_600_000,
      deps: { store, timing: DEFAULT_TIMING, now: () => new Date(), config: { backgroundJobs: 'in-process', storeUrl: '', storePrefix: '' } },
      logger: createLogger({ level: 'silent' }),
      cycleFailed: 'spread test cycle failed',
      groups: async () => groups,
      async poll(key, _group, signal) {
        polled.push(key);
        // Every other group's wait has begun by now (they start in the same turn as this poll).
        await new Promise((resolve) => setImmediate(resolve));
        listeners = getEventListeners(signal, 'abort').length;
        firstPolled();
      },
    });
    await poller.start();
    await first;
    await poller.stop();
    expect(polled).toEqual(['g00']);
    expect(listeners).toBe(1);
  });
});
