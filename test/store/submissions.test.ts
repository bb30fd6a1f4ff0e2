import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSubmissionsRepo } from '../../src/store/submissions.js';
import { PLACE_KINDS } from './places.js';
import type { Place } from './places.js';

const NOW = new Date('2025-03-01T10:00:00.000Z');
const RESULT = { ticketId: 'tkt_1', ticketNumber: 42, ticketTitle: 'Match Acme' };

for (const kind of PLACE_KINDS) {
  describe.skipIf(kind.skip)(`submissions on ${kind.name}`, () => {
    let place: Place;
    beforeEach(() => {
      place = kind.create();
    });
    afterEach(() => place.cleanup());

    it('lets exactly one of many concurrent claims of a key win', async () => {
      const repo = createSubmissionsRepo(await place.open());
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => repo.claim('V1', NOW)));
      expect(outcomes.filter((o) => o.claimed)).toHaveLength(1);
      for (const o of outcomes.filter((o) => !o.claimed)) {
        expect(o).toEqual({ claimed: false, existing: { state: 'pending', key: 'V1', startedAt: NOW.toISOString() } });
      }
    });

    it('shows a completed submission to later claims, and survives a restart', async () => {
      const repo = createSubmissionsRepo(await place.open());
      expect(await repo.claim('V2', NOW)).toEqual({ claimed: true });
      await repo.complete('V2', RESULT);
      const again = createSubmissionsRepo(await place.open());
      expect(await again.claim('V2', NOW)).toEqual({
        claimed: false,
        existing: { state: 'done', key: 'V2', startedAt: NOW.toISOString(), result: RESULT },
      });
    });

    it('gives a released key back, but never releases a completed one', async () => {
      const repo = createSubmissionsRepo(await place.open());
      await repo.claim('V3', NOW);
      await repo.release('V3');
      expect(await repo.get('V3')).toBeUndefined();
      expect(await repo.claim('V3', NOW)).toEqual({ claimed: true });
      await repo.complete('V3', RESULT);
      await repo.release('V3');
      expect(await repo.get('V3')).toMatchObject({ state: 'done', result: RESULT });
    });

    it('does not complete a key nobody claimed', async () => {
      const repo = createSubmissionsRepo(await place.open());
      await repo.complete('V4', RESULT);
      expect(await repo.get('V4')).toBeUndefined();
    });
  });
}
