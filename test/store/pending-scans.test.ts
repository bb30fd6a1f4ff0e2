import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPendingScansRepo } from '../../src/store/pending-scans.js';
import type { PendingScan } from '../../src/store/pending-scans.js';
import { PLACE_KINDS } from './places.js';
import type { Place } from './places.js';

function scan(scanId: string, overrides: Partial<PendingScan> = {}): PendingScan {
  return {
    scanId,
    kind: 'trust',
    domain: 'example.com',
    teamId: 'T1',
    channelId: 'C1',
    messageTs: '1700000000.000100',
    startedBy: 'U1',
    startedAt: '2025-01-01T00:00:00.000Z',
    includeFixPrompts: false,
    lastStatus: 'queued',
    pollCount: 0,
    nextPollAt: '2025-01-01T00:00:03.000Z',
    ...overrides,
  };
}

for (const kind of PLACE_KINDS) {
  describe.skipIf(kind.skip)(`pending scans on ${kind.name}`, () => {
    let place: Place;
    beforeEach(() => {
      place = kind.create();
    });
    afterEach(() => place.cleanup());

    it('puts, reads, lists soonest poll first and removes', async () => {
      const repo = createPendingScansRepo(await place.open());
      await repo.put(scan('s-late', { nextPollAt: '2025-01-01T00:00:09.000Z' }));
      await repo.put(scan('s-soon', { kind: 'agents', includeFixPrompts: true, nextPollAt: '2025-01-01T00:00:01.000Z' }));

      expect(await repo.get('s-soon')).toEqual(scan('s-soon', { kind: 'agents', includeFixPrompts: true, nextPollAt: '2025-01-01T00:00:01.000Z' }));
      expect((await repo.listAll()).map((s) => s.scanId)).toEqual(['s-soon', 's-late']);
      expect(await repo.remove('s-soon')).toBe(true);
      expect(await repo.get('s-soon')).toBeUndefined();
      expect((await repo.listAll()).map((s) => s.scanId)).toEqual(['s-late']);
    });

    it('updates a pending scan and ignores updates to one that is gone', async () => {
      const repo = createPendingScansRepo(await place.open());
      await repo.put(scan('s1'));
      const updated = await repo.update('s1', { lastStatus: 'running', pollCount: 1, nextPollAt: '2025-01-01T00:00:06.000Z' });
      expect(updated).toEqual(scan('s1', { lastStatus: 'running', pollCount: 1, nextPollAt: '2025-01-01T00:00:06.000Z' }));
      expect(await repo.get('s1')).toEqual(updated);

      await repo.remove('s1');
      expect(await repo.update('s1', { pollCount: 2 })).toBeUndefined();
      expect(await repo.get('s1')).toBeUndefined();
    });

    it('keeps pending scans across a restart', async () => {
      const first = await place.open();
      await createPendingScansRepo(first).put(scan('s1', { lastStatus: 'running', pollCount: 4 }));
      await first.close();

      const repo = createPendingScansRepo(await place.open());
      expect(await repo.listAll()).toEqual([scan('s1', { lastStatus: 'running', pollCount: 4 })]);
    });
  });
}
