/**
 * Which installation serves a team (issue 32 item 3, OAuth mode): the one lookup behind both the
 * background Slack client's token (`slack/installation-client.ts`) and the workspace scope, hence the
 * service key, of background work (`slack/workspace-service.ts`). Radar's records (bindings, watches,
 * follows, reports, pending scans, ticket threads) are keyed by the team that made them; the
 * installation serving that team is
 *
 * 1. the team's own workspace install (`team:<T>`), when there is one;
 * 2. else the org-wide install of the team's enterprise (`enterprise:<E>`), when there is one.
 *
 * A team's enterprise is learned from the requests Slack signs: every request served through an
 * org-wide install writes `<T> → <E>` here (`learn`: checked at most once a minute per process and team), so a team whose
 * records exist has made at least one such request. Records written before this was learned (an
 * older Radar) are served once any request comes from their workspace again (a command, an opened
 * Home tab); until then their background work finds no installation and logs so, once.
 *
 * Kept until the team's records go (an uninstall, `team-data.ts`). Answers are cached for a few
 * seconds per team: a poll cycle asks once per project and team.
 */
import { LRUCache } from 'lru-cache';
import * as z from 'zod';
import type { Store } from './backends/store.js';
import { INSTALLATIONS_NAMESPACE } from './installations.js';
import { recordReader } from './records.js';

export const TEAM_ENTERPRISES_NAMESPACE = 'team-enterprises';

const CACHE_TTL_MS = 5_000;

const teamEnterpriseSchema = z.looseObject({ enterpriseId: z.string(), learnedAt: z.string() });
const installationShape = z.looseObject({ installation: z.looseObject({ isEnterpriseInstall: z.boolean().optional() }) });

export interface InstallationLookup {
  /**
   * The record key (`team:<T>` / `enterprise:<E>`) of the installation that serves team `teamId`:
   * its own, else its enterprise's org-wide install; undefined when neither is stored.
   */
  servingTeam(teamId: string): Promise<string | undefined>;
  /** Records that `teamId` belongs to `enterpriseId` (from a signed request served by an org-wide install); true when that was news. */
  learn(teamId: string, enterpriseId: string): Promise<boolean>;
  /** The teams learned for an enterprise (an org-wide uninstall removes their records). */
  teamsOf(enterpriseId: string): Promise<string[]>;
}

export function createInstallationLookup(store: Store, options: { now?: () => Date } = {}): InstallationLookup {
  const now = options.now ?? (() => new Date());
  const learned = recordReader(store, TEAM_ENTERPRISES_NAMESPACE, teamEnterpriseSchema);
  const answers = new LRUCache<string, { key: string | null }>({ max: 10_000, ttl: CACHE_TTL_MS });
  // What this process wrote lately: a request re-checks the record at most once a minute per team
  // (so one removed by an uninstall, on any replica, is written again by the next request after it).
  const written = new LRUCache<string, string>({ max: 10_000, ttl: 60_000 });

  const stored = async (key: string) => {
    const value = await store.keyv(INSTALLATIONS_NAMESPACE).get(key);
    if (value === undefined) return undefined;
    const parsed = installationShape.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };

  const find = async (teamId: string): Promise<string | null> => {
    if (await stored(`team:${teamId}`)) return `team:${teamId}`;
    const enterpriseId = (await learned.get(teamId))?.enterpriseId;
    if (!enterpriseId) return null;
    const org = await stored(`enterprise:${enterpriseId}`);
    // An enterprise record serves a workspace only when it is an org-wide install.
    return org?.installation.isEnterpriseInstall === true ? `enterprise:${enterpriseId}` : null;
  };

  return {
    async servingTeam(teamId) {
      if (teamId === '' || teamId.includes(':')) return undefined;
      const cached = answers.get(teamId);
      if (cached) return cached.key ?? undefined;
      const key = await find(teamId);
      answers.set(teamId, { key });
      return key ?? undefined;
    },
    async learn(teamId, enterpriseId) {
      if (teamId === '' || teamId.includes(':') || written.get(teamId) === enterpriseId) return false;
      const { written: news } = await store.update<unknown>(TEAM_ENTERPRISES_NAMESPACE, teamId, (current) =>
        learned.parse(teamId, current)?.enterpriseId === enterpriseId ? undefined : { enterpriseId, learnedAt: now().toISOString() },
      );
      written.set(teamId, enterpriseId);
      answers.delete(teamId);
      return news;
    },
    async teamsOf(enterpriseId) {
      return (await learned.entries()).filter((e) => e.value.enterpriseId === enterpriseId).map((e) => e.key).sort();
    },
  };
}
