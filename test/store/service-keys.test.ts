import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/store/crypto.js';
import { createServiceKeysRepo, keyFingerprint, SERVICE_KEYS_NAMESPACE } from '../../src/store/service-keys.js';
import { deleteTeamData } from '../../src/store/team-data.js';
import { PLACE_KINDS, type Place } from './places.js';

const KEY_A = 'svc_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const KEY_B = 'svc_live_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

for (const kind of PLACE_KINDS) {
  describe.skipIf(kind.skip)(`service keys on ${kind.name}`, () => {
    let place: Place;
    beforeEach(() => {
      place = kind.create();
    });
    afterEach(() => place.cleanup());

    it('keeps each workspace its own key, sealed at rest: the raw record holds no key', async () => {
      const store = await place.open();
      const box = createSecretBox({ current: randomBytes(32) });
      const keys = createServiceKeysRepo(store, box, { now: () => new Date('2026-11-27T10:00:00Z') });
      await keys.set('team:T1', KEY_A, { scope: 'read_write', connectedBy: 'U1' });
      await keys.set('enterprise:E1', KEY_B, { scope: 'read', connectedBy: 'U2' });

      expect(await keys.keyOf('team:T1')).toBe(KEY_A);
      expect(await keys.keyOf('enterprise:E1')).toBe(KEY_B);
      expect(await keys.keyOf('team:T2')).toBeUndefined();
      expect(await keys.connection('team:T1')).toEqual({ workspace: 'team:T1', fingerprint: keyFingerprint(KEY_A), scope: 'read_write', connectedBy: 'U1', connectedAt: '2026-11-27T10:00:00.000Z' });

      const raw = JSON.stringify(await store.entries(SERVICE_KEYS_NAMESPACE));
      expect(raw).not.toContain(KEY_A);
      expect(raw).not.toContain(KEY_B);
      expect(raw).not.toContain('svc_live_');
    });

    it('replaces and removes; a key copied into another workspace\'s record does not open there', async () => {
      const store = await place.open();
      const box = createSecretBox({ current: randomBytes(32) });
      const keys = createServiceKeysRepo(store, box);
      await keys.set('team:T1', KEY_A, { scope: 'read_write', connectedBy: 'U1' });
      await keys.set('team:T1', KEY_B, { scope: 'read', connectedBy: 'U3' });
      expect(await keys.keyOf('team:T1')).toBe(KEY_B);
      expect((await keys.connection('team:T1'))?.connectedBy).toBe('U3');

      // The record moved under another workspace's key: unreadable, so that workspace is not connected.
      const record = await store.keyv(SERVICE_KEYS_NAMESPACE).get('team:T1');
      await store.keyv(SERVICE_KEYS_NAMESPACE).set('team:T2', record);
      expect(await keys.keyOf('team:T2')).toBeUndefined();

      // Opened with another encryption key: not connected either.
      expect(await createServiceKeysRepo(store, createSecretBox({ current: randomBytes(32) })).keyOf('team:T1')).toBeUndefined();

      expect(await keys.remove('team:T1')).toBe(true);
      expect(await keys.remove('team:T1')).toBe(false);
      expect(await keys.keyOf('team:T1')).toBeUndefined();
      await expect(keys.set('T1', KEY_A, { scope: 'read', connectedBy: 'U1' })).rejects.toThrow(/not a workspace key/);
    });

    it('goes with the team\'s other records on uninstall', async () => {
      const store = await place.open();
      const keys = createServiceKeysRepo(store, createSecretBox({ current: randomBytes(32) }));
      await keys.set('team:T1', KEY_A, { scope: 'read_write', connectedBy: 'U1' });
      await keys.set('team:T11', KEY_B, { scope: 'read_write', connectedBy: 'U1' });
      const counts = await deleteTeamData(store, 'T1');
      expect(counts[SERVICE_KEYS_NAMESPACE]).toBe(1);
      expect(await keys.keyOf('team:T1')).toBeUndefined();
      expect(await keys.keyOf('team:T11')).toBe(KEY_B);
    });
  });
}
