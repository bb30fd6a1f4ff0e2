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
 * org-wide install writes `<T> → <E>` here (`learn`: checked at most once a minute per process and team).
 * A team with records but no `<T> → <E>` (written by an older Radar, or before any request of its
 * workspace came through the org-wide install) is found by asking the organisations: on such a miss,
 * each stored org-wide install is asked for its workspaces (`teamsOfOrg`, which `slack/oauth.ts` gives:
 * Slack's `auth.teams.list` with that install's token), at most once a minute per install and process,
 * a few at a time, each ask bounded in time; the one listing the team is learned (`<T> → <E>`
 * written) and serves it. An ask that fails (a revoked token, rate limited, timed out) answers
 * nothing and is logged once (again only after one succeeded); the team finds no installation and
 * its background work logs so, once, until a later ask or a request from its workspace finds it.
 * What an ask answered is kept in memory for that minute (team ids only); nothing more is stored.
 *
 * Kept until the team's records go (an uninstall, `team-data.ts`). Answers are cached for a few
 * seconds per team: a poll cycle asks once per project and team.
 */
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import * as z from 'zod';
import type { Store } from './backends/store.js';
import { INSTALLATIONS_NAMESPACE } from './installations.js';
import { recordReader } from './records.js';
import { withDeadline } from '../deadline.js';

export const TEAM_ENTERPRISES_NAMESPACE = 'team-enterprises';

const CACHE_TTL_MS = 5_000;
/** An org-wide install's workspaces are asked at most this often per install and process. */
const ASK_EVERY_MS = 60_000;
/** Org-wide installs asked at once, and how long one ask (all its pages) may take. */
const ASK_CONCURRENCY = 2;
const ASK_TIMEOUT_MS = 10_000;
const FAILURES_LOGGED_MAX = 1_000;

/** The workspaces an org-wide install of enterprise `enterpriseId` covers (Slack's `auth.teams.list`); throws when they cannot be listed. */
export type TeamsOfOrg = (enterpriseId: string) => Promise<string[]>;

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
  /**
   * How an org-wide install's workspaces are asked on a miss (`slack/oauth.ts`, which is created after
   * this lookup and shares it); without it, a team whose organisation is not learned finds none.
   */
  askOrganisationsWith(teamsOfOrg: TeamsOfOrg): void;
}

export interface InstallationLookupOptions {
  now?: () => Date;
  /** As `askOrganisationsWith`. */
  teamsOfOrg?: TeamsOfOrg;
  /** Overrides of the bounds on asking org-wide installs (tests). */
  ask?: { everyMs?: number; concurrency?: number; timeoutMs?: number };
}

export function createInstallationLookup(store: Store, options: InstallationLookupOptions = {}): InstallationLookup {
  const now = options.now ?? (() => new Date());
  let teamsOfOrg = options.teamsOfOrg;
  const askEveryMs = options.ask?.everyMs ?? ASK_EVERY_MS;
  const askTimeoutMs = options.ask?.timeoutMs ?? ASK_TIMEOUT_MS;
  const fewAtATime = pLimit(options.ask?.concurrency ?? ASK_CONCURRENCY);
  /** Per org-wide install: when it was last asked, and its answer (null: the ask failed). */
  const asked = new Map<string, { at: number; teams: Promise<ReadonlySet<string> | null> }>();
  /** The stored org-wide installs' enterprises, being listed (misses at once share one listing; a team's miss is cached for a few seconds). */
  let listing: Promise<string[]> | null = null;
  /** Org-wide installs whose failed ask was logged (until one succeeds). */
  const failureLogged = new Set<string>();
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

  const orgWideInstalls = (): Promise<string[]> =>
    (listing ??= store
      .entries<unknown>(INSTALLATIONS_NAMESPACE)
      .then((entries) =>
        entries
          .filter((e) => e.key.startsWith('enterprise:') && installationShape.safeParse(e.value).data?.installation.isEnterpriseInstall === true)
          .map((e) => e.key.slice('enterprise:'.length))
          .sort(),
      )
      .finally(() => (listing = null)));

  /** The workspaces of org-wide install `enterpriseId`: asked at most once every `askEveryMs`, else the last answer. */
  const teamsOfInstall = (ask: TeamsOfOrg, enterpriseId: string, at: number): Promise<ReadonlySet<string> | null> => {
    const last = asked.get(enterpriseId);
    if (last && at - last.at < askEveryMs && at >= last.at) return last.teams;
    const teams = fewAtATime(() => withDeadline(ask(enterpriseId), askTimeoutMs, () => new Error(`no answer within ${askTimeoutMs} ms`))).then(
      (ids) => {
        failureLogged.delete(enterpriseId);
        return new Set(ids) as ReadonlySet<string>;
      },
      (error: unknown) => {
        if (!failureLogged.has(enterpriseId) && failureLogged.size < FAILURES_LOGGED_MAX) {
          failureLogged.add(enterpriseId);
          store.logger.warn("could not list an org-wide install's workspaces: those whose organisation Radar has not learned find no installation until a later ask or a request from them", {
            enterprise: enterpriseId,
            reason: error instanceof Error ? error.message : String(error),
            askedAgainAfterMs: askEveryMs,
          });
        }
        return null;
      },
    );
    asked.set(enterpriseId, { at, teams });
    return teams;
  };

  /** The org-wide install listing `teamId` among its workspaces, learned; null when none does (or none can be asked). */
  const askOrganisations = async (teamId: string): Promise<string | null> => {
    const ask = teamsOfOrg;
    if (!ask) return null;
    const at = now().getTime();
    const enterprises = await orgWideInstalls();
    // Forget the answers of installs no longer stored.
    for (const id of asked.keys()) if (!enterprises.includes(id)) asked.delete(id);
    const answers = await Promise.all(enterprises.map((id) => teamsOfInstall(ask, id, at)));
    const index = answers.findIndex((teams) => teams?.has(teamId) === true);
    const enterpriseId = enterprises[index];
    if (index < 0 || enterpriseId === undefined) return null;
    // Still an org-wide install (not removed while asked)?
    if ((await stored(`enterprise:${enterpriseId}`))?.installation.isEnterpriseInstall !== true) return null;
    await learnRecord(teamId, enterpriseId);
    store.logger.info("a workspace found among its organisation's workspaces (auth.teams.list): recorded for its background work", { team: teamId, enterprise: enterpriseId });
    return `enterprise:${enterpriseId}`;
  };

  const find = async (teamId: string): Promise<string | null> => {
    if (await stored(`team:${teamId}`)) return `team:${teamId}`;
    const enterpriseId = (await learned.get(teamId))?.enterpriseId;
    if (!enterpriseId) return askOrganisations(teamId);
    const org = await stored(`enterprise:${enterpriseId}`);
    // An enterprise record serves a workspace only when it is an org-wide install.
    return org?.installation.isEnterpriseInstall === true ? `enterprise:${enterpriseId}` : null;
  };

  const learnRecord = async (teamId: string, enterpriseId: string): Promise<boolean> => {
    const { written: news } = await store.update<unknown>(TEAM_ENTERPRISES_NAMESPACE, teamId, (current) =>
      learned.parse(teamId, current)?.enterpriseId === enterpriseId ? undefined : { enterpriseId, learnedAt: now().toISOString() },
    );
    written.set(teamId, enterpriseId);
    answers.delete(teamId);
    return news;
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
      return learnRecord(teamId, enterpriseId);
    },
    async teamsOf(enterpriseId) {
      return (await learned.entries()).filter((e) => e.value.enterpriseId === enterpriseId).map((e) => e.key).sort();
    },
    askOrganisationsWith(ask) {
      teamsOfOrg = ask;
    },
  };
}
