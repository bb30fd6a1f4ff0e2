import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBindingsRepo } from '../../src/store/bindings.js';
import type { Binding } from '../../src/store/bindings.js';
import { createDigestSettingsRepo, DEFAULT_DIGEST_SETTINGS } from '../../src/store/digest-settings.js';
import type { DigestSettings } from '../../src/store/digest-settings.js';
import { PLACE_KINDS } from './places.js';
import type { Place } from './places.js';

const BINDING: Binding = { teamId: 'T1', channelId: 'C1', projectId: 'proj-a', projectName: 'Acme', boundBy: 'U1', boundAt: '2025-01-02T03:04:05.000Z' };
const FAILING = { reason: 'not_in_channel', since: '2025-02-01T00:00:00.000Z' };
const settings = (overrides: Partial<DigestSettings> = {}): DigestSettings => ({ ...DEFAULT_DIGEST_SETTINGS, ...overrides });

for (const kind of PLACE_KINDS) {
  describe.skipIf(kind.skip)(`digest settings on ${kind.name}`, () => {
    let place: Place;
    beforeEach(() => {
      place = kind.create();
    });
    afterEach(() => place.cleanup());

    it('sets, reads, patches and removes a channel’s settings, apart from its binding', async () => {
      const store = await place.open();
      const repo = createDigestSettingsRepo(store);
      const bindings = createBindingsRepo(store);
      await repo.set('T1', 'C1', settings({ lastSeenRunId: 'run-1' }));
      await bindings.set(BINDING);

      expect(await repo.get('T1', 'C1')).toMatchObject(settings({ lastSeenRunId: 'run-1' }));
      expect(await repo.update('T1', 'C1', { failing: FAILING })).toMatchObject(settings({ lastSeenRunId: 'run-1', failing: FAILING }));
      expect(await repo.get('T1', 'C1')).toMatchObject({ failing: FAILING, lastSeenRunId: 'run-1' });
      expect(await bindings.get('T1', 'C1')).toEqual(BINDING);

      expect(await repo.remove('T1', 'C1')).toBe(true);
      expect(await repo.remove('T1', 'C1')).toBe(false);
      // Still bound (the bindings repository removes the binding): the defaults.
      expect(await repo.get('T1', 'C1')).toEqual(DEFAULT_DIGEST_SETTINGS);
      await bindings.remove('T1', 'C1');
      expect(await repo.get('T1', 'C1')).toBeUndefined();
    });

    it('writes nothing for a channel that has no settings and no binding', async () => {
      const store = await place.open();
      const repo = createDigestSettingsRepo(store);
      expect(await repo.update('T1', 'C404', { digestsEnabled: false })).toBeUndefined();
      expect(await repo.get('T1', 'C404')).toBeUndefined();
      expect(await store.list('digest-settings')).toEqual([]);
    });

    it('keeps every one of concurrent patches to one channel', async () => {
      const repo = createDigestSettingsRepo(await place.open());
      await repo.set('T1', 'C1', settings());
      await Promise.all([
        repo.update('T1', 'C1', { digestsEnabled: false }),
        repo.update('T1', 'C1', { lastSeenRunId: 'run-7' }),
        repo.update('T1', 'C1', { failing: FAILING }),
      ]);
      expect(await repo.get('T1', 'C1')).toMatchObject({ digestsEnabled: false, lastSeenRunId: 'run-7', failing: FAILING });
    });

    it('reads back what was written before a restart', async () => {
      const first = await place.open();
      await createDigestSettingsRepo(first).set('T1', 'C1', settings({ lastSeenRunId: 'run-1' }));
      await first.close();
      expect(await createDigestSettingsRepo(await place.open()).get('T1', 'C1')).toMatchObject(settings({ lastSeenRunId: 'run-1' }));
    });

    if (kind.name === 'redis') it('shares settings between replicas', async () => {
      const a = createDigestSettingsRepo(await place.open());
      const b = createDigestSettingsRepo(await place.open());
      await a.set('T1', 'C03', settings());
      await a.update('T1', 'C03', { digestsEnabled: false });
      expect((await b.get('T1', 'C03'))?.digestsEnabled).toBe(false);
    });
  });
}
