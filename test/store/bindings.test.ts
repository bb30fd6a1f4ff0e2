import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBindingsRepo } from '../../src/store/bindings.js';
import type { Binding } from '../../src/store/bindings.js';
import { PLACE_KINDS } from './places.js';
import type { Place } from './places.js';

function binding(channelId: string, overrides: Partial<Binding> = {}): Binding {
  return {
    teamId: 'T1',
    channelId,
    projectId: 'proj-a',
    projectName: 'Acme',
    boundBy: 'U1',
    boundAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

for (const kind of PLACE_KINDS) {
  describe.skipIf(kind.skip)(`bindings on ${kind.name}`, () => {
    let place: Place;
    beforeEach(() => {
      place = kind.create();
    });
    afterEach(() => place.cleanup());

    it('stores, lists, filters and removes bindings', async () => {
      const repo = createBindingsRepo(await place.open());
      await repo.set(binding('C2'));
      await repo.set(binding('C1', { projectId: 'proj-b', projectName: 'Beta' }));
      await repo.set(binding('C3', { teamId: 'T0' }));

      expect(await repo.get('T1', 'C1')).toEqual(binding('C1', { projectId: 'proj-b', projectName: 'Beta' }));
      expect(await repo.get('T1', 'C9')).toBeUndefined();
      expect((await repo.listAll()).map((b) => `${b.teamId}/${b.channelId}`)).toEqual(['T0/C3', 'T1/C1', 'T1/C2']);
      expect((await repo.listByProject('proj-a')).map((b) => b.channelId)).toEqual(['C3', 'C2']);
      expect(await repo.distinctProjects()).toEqual(['proj-a', 'proj-b']);

      expect(await repo.remove('T1', 'C2')).toBe(true);
      expect(await repo.remove('T1', 'C2')).toBe(false);
      expect((await repo.listAll()).map((b) => b.channelId)).toEqual(['C3', 'C1']);
    });

    it('updates only the patched fields and never moves a binding to another channel', async () => {
      const repo = createBindingsRepo(await place.open());
      await repo.set(binding('C1'));
      const renamed = { projectName: 'Acme Corp' };
      const updated = await repo.update('T1', 'C1', { ...renamed, channelId: 'C9' } as Partial<Binding>);
      expect(updated).toEqual({ ...binding('C1'), ...renamed });
      expect(await repo.get('T1', 'C1')).toEqual({ ...binding('C1'), ...renamed });
      expect(await repo.get('T1', 'C9')).toBeUndefined();
      expect(await repo.update('T1', 'C404', { projectName: 'Nobody' })).toBeUndefined();
      expect(await repo.get('T1', 'C404')).toBeUndefined();
    });

    it('keeps both of two concurrent updates to one binding', async () => {
      const repo = createBindingsRepo(await place.open());
      await repo.set(binding('C1'));
      await Promise.all([
        repo.update('T1', 'C1', { boundBy: 'U2' }),
        repo.update('T1', 'C1', { projectId: 'proj-b' }),
        repo.update('T1', 'C1', { projectName: 'Acme Corp' }),
      ]);
      expect(await repo.get('T1', 'C1')).toMatchObject({ boundBy: 'U2', projectId: 'proj-b', projectName: 'Acme Corp' });
    });

    it('reads back what was written before a restart', async () => {
      const first = await place.open();
      await createBindingsRepo(first).set(binding('C1', { projectName: 'Acme 1' }));
      await first.close();

      const repo = createBindingsRepo(await place.open());
      expect(await repo.get('T1', 'C1')).toEqual(binding('C1', { projectName: 'Acme 1' }));
      expect(await repo.listAll()).toHaveLength(1);
    });

    if (kind.name === 'redis') it('shares bindings between replicas, losing none when both bind at once', async () => {
      const a = createBindingsRepo(await place.open());
      const b = createBindingsRepo(await place.open());
      const channels = Array.from({ length: 20 }, (_, i) => `C${String(i).padStart(2, '0')}`);
      await Promise.all(channels.map((c, i) => (i % 2 === 0 ? a : b).set(binding(c))));

      expect((await a.listAll()).map((x) => x.channelId)).toEqual(channels);
      expect((await b.listAll()).map((x) => x.channelId)).toEqual(channels);
      await a.update('T1', 'C03', { projectName: 'Renamed' });
      expect((await b.get('T1', 'C03'))?.projectName).toBe('Renamed');
    });
  });
}
