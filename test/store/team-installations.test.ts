/**
 * Which installation serves a team (issue 32 item 3): the team's own install first, else its
 * organisation's org-wide install once the team's organisation is learned; an enterprise record that
 * is not an org-wide install serves no workspace.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/log.js';
import type { Store } from '../../src/store/backends/store.js';
import { INSTALLATIONS_NAMESPACE } from '../../src/store/installations.js';
import { createInstallationLookup, TEAM_ENTERPRISES_NAMESPACE } from '../../src/store/team-installations.js';
import { sqlitePlace, type Place } from './places.js';

describe('the installation serving a team', () => {
  let place: Place;
  let store: Store;
  let lines: Record<string, unknown>[];
  beforeEach(async () => {
    place = sqlitePlace();
    lines = [];
    store = await place.open(createLogger({ level: 'debug', sink: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }));
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

  describe("a team whose organisation is not learned: asking the org-wide installs' workspaces", () => {
    /** A clock the test moves. */
    const clock = () => {
      let at = Date.parse('2026-11-27T12:00:00.000Z');
      return { now: () => new Date(at), move: (ms: number) => (at += ms) };
    };
    const failures = () => lines.filter((l) => typeof l.msg === 'string' && l.msg.startsWith("could not list an org-wide install's workspaces"));

    it('learns the team from the install listing it and serves it with that install; asks no install that is not org-wide', async () => {
      await install('enterprise:E1', true);
      await install('enterprise:E2', true);
      await install('enterprise:E3', false);
      await install('team:T9', false);
      const asked: string[] = [];
      const lookup = createInstallationLookup(store, {
        teamsOfOrg: async (enterpriseId) => {
          asked.push(enterpriseId);
          return enterpriseId === 'E2' ? ['T5', 'T6'] : ['T7'];
        },
      });
      expect(await lookup.servingTeam('T5')).toBe('enterprise:E2');
      expect(asked.sort()).toEqual(['E1', 'E2']);
      expect(await store.keyv(TEAM_ENTERPRISES_NAMESPACE).get('T5')).toMatchObject({ enterpriseId: 'E2' });
      // Another lookup (a restart, another replica) finds it from the record, asking nothing.
      const asking = createInstallationLookup(store, { teamsOfOrg: async () => expect.unreachable('asked') });
      expect(await asking.servingTeam('T5')).toBe('enterprise:E2');
      // A team's own install is not asked about; a team no install lists finds none.
      expect(await lookup.servingTeam('T9')).toBe('team:T9');
      expect(await lookup.servingTeam('T8')).toBeUndefined();
    });

    it('asks each org-wide install at most once a minute, the others answered from memory', async () => {
      await install('enterprise:E1', true);
      const time = clock();
      let asks = 0;
      let teams = ['T1'];
      const lookup = createInstallationLookup(store, {
        now: time.now,
        teamsOfOrg: async () => {
          asks += 1;
          return teams;
        },
      });
      expect(await lookup.servingTeam('T2')).toBeUndefined();
      expect(asks).toBe(1);
      // Teams join the organisation: within the minute, the last answer stands (a team not asked about before).
      teams = ['T1', 'T2', 'T3', 'T4'];
      time.move(59_000);
      expect(await lookup.servingTeam('T3')).toBeUndefined();
      expect(asks).toBe(1);
      time.move(1_000);
      expect(await lookup.servingTeam('T4')).toBe('enterprise:E1');
      expect(asks).toBe(2);
    });

    it('an ask that fails answers none, is logged once until one succeeds, and is asked again a minute later', async () => {
      await install('enterprise:E1', true);
      const time = clock();
      let fail = true;
      const lookup = createInstallationLookup(store, {
        now: time.now,
        teamsOfOrg: async () => {
          if (fail) throw new Error('auth.teams.list failed: token_revoked');
          return ['T1', 'T3'];
        },
      });
      expect(await lookup.servingTeam('T1')).toBeUndefined();
      time.move(60_000);
      expect(await lookup.servingTeam('T2')).toBeUndefined();
      expect(failures()).toHaveLength(1);
      expect(failures()[0]).toMatchObject({ enterprise: 'E1', reason: 'auth.teams.list failed: token_revoked' });
      fail = false;
      time.move(60_000);
      // (T1's answer of a moment ago is cached for a few seconds: asked about another team of the organisation.)
      expect(await lookup.servingTeam('T3')).toBe('enterprise:E1');
    });

    it('asks at most two installs at once', async () => {
      for (const e of ['E1', 'E2', 'E3', 'E4']) await install(`enterprise:${e}`, true);
      let running = 0;
      let most = 0;
      const lookup = createInstallationLookup(store, {
        teamsOfOrg: async (enterpriseId) => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setImmediate(resolve));
          running -= 1;
          return enterpriseId === 'E4' ? ['T4'] : [];
        },
      });
      expect(await lookup.servingTeam('T4')).toBe('enterprise:E4');
      expect(most).toBe(2);
    });

    it('an ask that does not answer in time answers none, and is logged', async () => {
      await install('enterprise:E1', true);
      await install('enterprise:E2', true);
      let started!: () => void;
      const asking = new Promise<void>((resolve) => (started = resolve));
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const lookup = createInstallationLookup(store, {
          teamsOfOrg: async (enterpriseId) => {
            if (enterpriseId === 'E2') return ['T2'];
            started();
            return new Promise<string[]>(() => undefined);
          },
        });
        const answer = lookup.servingTeam('T1');
        await asking;
        await vi.advanceTimersByTimeAsync(10_000);
        expect(await answer).toBeUndefined();
        expect(failures()).toEqual([expect.objectContaining({ enterprise: 'E1', reason: 'no answer within 10000 ms' })]);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
