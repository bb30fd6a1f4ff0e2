/**
 * Which installation serves a team (issue 32 item 3): the team's own install first, else its
 * organisation's org-wide install once the team's organisation is learned; an enterprise record that
 * is not an org-wide install serves no workspace.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/backends/store.js';
import { INSTALLATIONS_NAMESPACE } from '../../src/store/installations.js';
import { createInstallationLookup, TEAM_ENTERPRISES_NAMESPACE } from '../../src/store/team-installations.js';
import { sqlitePlace, type Place } from './places.js';

describe('the installation serving a team', () => {
  let place: Place;
  let store: Store;
  beforeEach(async () => {
    place = sqlitePlace();
    store = await place.open();
  });
  afterEach(async () => place.cleanup());

  /** A stored installation record as installations.ts writes it (tokens left out: the lookup never opens them). */
  const install = (key: string, orgWide: boolean) =>
    store.keyv(INSTALLATIONS_NAMESPACE).set(key, { sealed: true, installedAt: '2026-11-01T00:00:00.000Z', installation: { isEnterpriseInstall: orgWide } });
  // A fresh lookup per question: answers are cached for a few seconds.
  const serving = (teamId: string) => createInstallationLookup(store).servingTeam(teamId);

  it("is the team's own install, else its learned organisation's org-wide install, else none", async () => {
    await install('enterprise:E1', true);
    expect(await serving('T1')).toBeUndefined();

    expect(await createInstallationLookup(store).learn('T1', 'E1')).toBe(true);
    expect(await createInstallationLookup(store).learn('T1', 'E1')).toBe(false);
    expect(await serving('T1')).toBe('enterprise:E1');
    // Another team of no known organisation is not served by it.
    expect(await serving('T2')).toBeUndefined();

    await install('team:T1', false);
    expect(await serving('T1')).toBe('team:T1');
    expect(await createInstallationLookup(store).teamsOf('E1')).toEqual(['T1']);
  });

  it('an enterprise record that is not an org-wide install serves no workspace; ids that are not team ids find nothing', async () => {
    await install('enterprise:E2', false);
    await createInstallationLookup(store).learn('T3', 'E2');
    expect(await store.keyv(TEAM_ENTERPRISES_NAMESPACE).get('T3')).toMatchObject({ enterpriseId: 'E2' });
    expect(await serving('T3')).toBeUndefined();
    expect(await serving('')).toBeUndefined();
    expect(await serving('team:T3')).toBeUndefined();
  });

  it('a learned answer replaces what the lookup cached', async () => {
    await install('enterprise:E4', true);
    const lookup = createInstallationLookup(store);
    expect(await lookup.servingTeam('T4')).toBeUndefined();
    await lookup.learn('T4', 'E4');
    expect(await lookup.servingTeam('T4')).toBe('enterprise:E4');
  });
});
