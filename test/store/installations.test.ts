import { randomBytes } from 'node:crypto';
import type { Installation } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/store/crypto.js';
import { createInstallationStore, INSTALLATIONS_NAMESPACE } from '../../src/store/installations.js';
import { createOAuthStateStore, OAUTH_STATE_TTL_MS } from '../../src/store/oauth-states.js';
import { PLACE_KINDS, type Place } from './places.js';

const keyA = randomBytes(32);
const keyB = randomBytes(32);

function workspaceInstall(teamId: string, token = `xoxb-${teamId}-secret`): Installation<'v2', false> {
  return {
    team: { id: teamId, name: `Team ${teamId}` },
    enterprise: undefined,
    user: { id: 'U1', token: `xoxp-${teamId}-user`, scopes: ['identify'], refreshToken: `xoxe-${teamId}-user-refresh`, expiresAt: 1 },
    bot: { id: 'B1', userId: 'UBOT', scopes: ['commands'], token, refreshToken: `xoxe-1-${teamId}-refresh`, expiresAt: 2_000_000_000 },
    isEnterpriseInstall: false,
    authVersion: 'v2',
    appId: 'A1',
  };
}

function orgInstall(enterpriseId: string): Installation<'v2', true> {
  return {
    team: undefined,
    enterprise: { id: enterpriseId, name: 'Grid' },
    user: { id: 'U1', token: undefined, scopes: undefined },
    bot: { id: 'B1', userId: 'UBOT', scopes: ['commands'], token: `xoxb-${enterpriseId}-org` },
    isEnterpriseInstall: true,
    authVersion: 'v2',
    appId: 'A1',
  };
}

for (const kind of PLACE_KINDS) {
  describe.skipIf(kind.skip)(`installations on ${kind.name}`, () => {
    let place: Place;
    beforeEach(() => {
      place = kind.create();
    });
    afterEach(() => place.cleanup());

    it('stores a workspace install with every token sealed, fetches it back whole, deletes it', async () => {
      const store = await place.open();
      const installs = createInstallationStore(store, createSecretBox({ current: keyA }));
      await installs.storeInstallation(workspaceInstall('T1'));
      const raw = JSON.stringify(await store.keyv(INSTALLATIONS_NAMESPACE).get('team:T1'));
      for (const secret of ['xoxb-T1-secret', 'xoxp-T1-user', 'xoxe-T1-user-refresh', 'xoxe-1-T1-refresh']) expect(raw).not.toContain(secret);
      expect(raw).toContain('Team T1');

      const fetched = await installs.fetchInstallation({ teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false });
      expect(fetched).toEqual(workspaceInstall('T1'));
      await expect(installs.fetchInstallation({ teamId: 'T2', enterpriseId: undefined, isEnterpriseInstall: false })).rejects.toThrow(/no installation/);
      expect((await installs.list()).map((i) => [i.key, i.teamName])).toEqual([['team:T1', 'Team T1']]);

      await installs.deleteInstallation({ teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false });
      await expect(installs.fetchInstallation({ teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false })).rejects.toThrow(/no installation/);
    });

    it('an org-wide install is keyed by its enterprise and answers for every workspace of it', async () => {
      const store = await place.open();
      const installs = createInstallationStore(store, createSecretBox({ current: keyA }));
      await installs.storeInstallation(orgInstall('E1'));
      expect(await store.keyv(INSTALLATIONS_NAMESPACE).get('enterprise:E1')).toBeDefined();
      const forWorkspace = await installs.fetchInstallation({ teamId: 'T9', enterpriseId: 'E1', isEnterpriseInstall: false });
      expect(forWorkspace.bot?.token).toBe('xoxb-E1-org');
      const forOrg = await installs.fetchInstallation({ teamId: undefined, enterpriseId: 'E1', isEnterpriseInstall: true });
      expect(forOrg.bot?.token).toBe('xoxb-E1-org');
    });

    it('a token moved into another team\'s record does not open; a record from the previous key is read and sealed afresh on write', async () => {
      const store = await place.open();
      const before = createInstallationStore(store, createSecretBox({ current: keyA }));
      await before.storeInstallation(workspaceInstall('T1'));
      // Copy T1's record under T2's key: its sealed tokens are bound to T1's.
      await store.keyv(INSTALLATIONS_NAMESPACE).set('team:T2', await store.keyv(INSTALLATIONS_NAMESPACE).get('team:T1'));
      await expect(before.fetchInstallation({ teamId: 'T2', enterpriseId: undefined, isEnterpriseInstall: false })).rejects.toThrow(/altered, moved/);

      const rotating = createInstallationStore(store, createSecretBox({ current: keyB, previous: keyA }));
      const read = await rotating.fetchInstallation({ teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false });
      expect(read.bot?.token).toBe('xoxb-T1-secret');
      await rotating.storeInstallation(read);
      const onlyNew = createInstallationStore(store, createSecretBox({ current: keyB }));
      expect((await onlyNew.fetchInstallation({ teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false })).bot?.token).toBe('xoxb-T1-secret');
      // Without the new key, nothing opens.
      await expect(before.fetchInstallation({ teamId: 'T1', enterpriseId: undefined, isEnterpriseInstall: false })).rejects.toThrow(/key Radar does not have/);
    });

    it('an OAuth state works once, on any replica, signed, for 10 minutes', async () => {
      const store = await place.open();
      const states = createOAuthStateStore(store, 's'.repeat(32));
      const now = new Date('2026-11-27T10:00:00Z');
      const state = await states.generateStateParam({ scopes: ['commands'], metadata: 'm' }, now);
      // Another replica (another state store on the same data) finishes the install.
      const other = createOAuthStateStore(kind.name === 'redis' ? await place.open() : store, 's'.repeat(32));
      expect(await other.verifyStateParam(now, state)).toEqual({ scopes: ['commands'], metadata: 'm' });
      await expect(other.verifyStateParam(now, state)).rejects.toThrow(/already used/);

      const forged = `${state.split('.')[0]}.${'x'.repeat(43)}`;
      await expect(states.verifyStateParam(now, forged)).rejects.toThrow(/not issued by Radar/);
      const otherSecret = createOAuthStateStore(store, 't'.repeat(32));
      const theirs = await otherSecret.generateStateParam({ scopes: [] }, now);
      await expect(states.verifyStateParam(now, theirs)).rejects.toThrow(/not issued by Radar/);

      const late = await states.generateStateParam({ scopes: [] }, now);
      await expect(states.verifyStateParam(new Date(now.getTime() + OAUTH_STATE_TTL_MS + 1), late)).rejects.toThrow(/older than 10 minutes/);
    });
  });
}
