/**
 * OAuth mode's client for work no request carries a token for (issue 32): the digest, watch, report
 * and follow pollers, scan results, living messages. Features build their background parts on
 * `app.client`; in OAuth mode that client has no token of its own, so this one finds the installation
 * a call is for and calls with its bot token (through `authorize`, so an expiring token is refreshed
 * as for a request). A call that names its token is left as it is.
 *
 * - Inside a workspace scope (`workspace-scope.ts`: a request's, or background work's for one team,
 *   entered for the installation that serves that team), the scope's installation, always: a
 *   binding's digest in a channel shared with another workspace (Slack Connect) goes with the token
 *   of the workspace that bound it, never the other's, and nothing computed in one workspace's scope
 *   is sent with another's token.
 * - Outside any scope, the team a call is about, from what Radar keeps per team: the channel it names
 *   among the bindings and pending scans, else the person (a direct message's `channel: U…`,
 *   `user_id`, `user`) among the follow records, else the `team_id` it names (`users.list`); then
 *   the installation serving that team (`store/team-installations.ts`: its own, else its
 *   organisation's org-wide install). A channel or person kept for two teams is ambiguous there and
 *   goes without a token (fails, logged once). The index is rebuilt on a miss, at most once every
 *   two seconds.
 *
 * It also knows Radar's own bot in each installation (`botIdFor`, src/slack/bot-ids.ts: how a delivery
 * recognises its earlier post after a crash): the installation found as for a call, its bot id from
 * the installation record (or, without one there, that installation's `auth.test`), cached per
 * installation (a failed lookup is not).
 */
import type { webApi } from '@slack/bolt';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../log.js';
import type { BotIdSource, BotIdWhere } from './bot-ids.js';
import type { Store } from '../store/backends/store.js';
import { createBindingsRepo } from '../store/bindings.js';
import { createFollowsRepo } from '../store/follows.js';
import { createPendingScansRepo } from '../store/pending-scans.js';
import type { InstallationLookup } from '../store/team-installations.js';
import { currentWorkspace } from './workspace-scope.js';

type WebClientClass = typeof webApi.WebClient;

/** The bot token of an installation (`team:<T>` / `enterprise:<E>`) for work about team `teamId`. */
export type TokenOfInstallation = (where: { workspace: string; teamId: string }) => Promise<string | undefined>;

/** A channel or person kept for more than one team. */
const AMBIGUOUS = '';
/** The bot id an installation's record carries; undefined when it has none. */
export type BotIdOfInstallation = (where: { workspace: string; teamId: string }) => Promise<string | undefined>;

const REBUILD_EVERY_MS = 2_000;
const LOGGED_MAX = 1_000;
/** Workspaces whose bot id is kept (a bot's id does not change while it is installed; an hour bounds a reinstall's). */
const BOT_IDS_MAX = 1_000;
const BOT_ID_TTL_MS = 60 * 60_000;

/** Where each channel and person is, from the store (rebuilt on a miss, bounded in rate). */
function teamIndex(store: Store) {
  const bindings = createBindingsRepo(store);
  const follows = createFollowsRepo(store);
  const scans = createPendingScansRepo(store);
  let channels = new Map<string, string>();
  let people = new Map<string, string>();
  let builtAt = 0;
  let building: Promise<void> | null = null;
  const rebuild = () =>
    (building ??= (async () => {
      const nextChannels = new Map<string, string>();
      const nextPeople = new Map<string, string>();
      const add = (into: Map<string, string>, id: string, teamId: string) => {
        const known = into.get(id);
        into.set(id, known === undefined || known === teamId ? teamId : AMBIGUOUS);
      };
      for (const b of await bindings.listAll()) add(nextChannels, b.channelId, b.teamId);
      for (const s of await scans.listAll()) add(nextChannels, s.channelId, s.teamId);
      for (const p of await follows.listAll()) add(nextPeople, p.userId, p.teamId);
      channels = nextChannels;
      people = nextPeople;
      builtAt = Date.now();
    })().finally(() => (building = null)));
  const find = (channel: string | undefined, user: string | undefined) => (channel ? channels.get(channel) : undefined) ?? (user ? people.get(user) : undefined);
  /** The team of a channel or person: undefined when unknown, AMBIGUOUS when kept for two teams. */
  return async (channel: string | undefined, user: string | undefined): Promise<string | undefined> => {
    const known = find(channel, user);
    if (known !== undefined || Date.now() - builtAt < REBUILD_EVERY_MS) return known;
    await rebuild();
    return find(channel, user);
  };
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** The channel and person a Web API call names. */
export function callTarget(args: Record<string, unknown>): { channel?: string; user?: string } {
  const channel = str(args.channel);
  const person = channel && /^[UW]/.test(channel) ? channel : (str(args.user_id) ?? str(args.user) ?? (Array.isArray(args.users) ? undefined : str(args.users)));
  return { ...(channel && !/^[UW]/.test(channel) ? { channel } : {}), ...(person ? { user: person } : {}) };
}

export function createInstallationClient(
  WebClient: WebClientClass,
  options: webApi.WebClientOptions,
  parts: { store: Store; lookup: InstallationLookup; tokenOf: TokenOfInstallation; botIdOf?: BotIdOfInstallation; logger: Logger },
): webApi.WebClient & BotIdSource {
  const teamOf = teamIndex(parts.store);
  const logged = new Set<string>();
  const botIds = new LRUCache<string, Promise<string>>({ max: BOT_IDS_MAX, ttl: BOT_ID_TTL_MS });
  /** The installation and team of a call made outside any scope; a reason when none. */
  type Found = { workspace: string; teamId: string } | { reason: string; teamId?: string };
  const outsideScope = async (channel: string | undefined, user: string | undefined, named: string | undefined): Promise<Found> => {
    const indexed = await teamOf(channel, user);
    if (indexed === AMBIGUOUS) return { reason: 'the channel or person is kept for more than one workspace' };
    // A call that names no known channel or person but its workspace (`users.list`'s `team_id`) goes with that workspace's token.
    const teamId = indexed ?? named;
    if (!teamId) return { reason: 'no workspace is known for it' };
    const workspace = await parts.lookup.servingTeam(teamId);
    return workspace ? { workspace, teamId } : { reason: 'no stored installation serves its workspace', teamId };
  };
  /** The installation a call or post is for: the scope's, else the one found from what it names. */
  const installationOf = async (channel: string | undefined, user: string | undefined, named: string | undefined): Promise<Found> => {
    const scope = currentWorkspace();
    return scope ? { workspace: scope.workspace, teamId: scope.teamId } : outsideScope(channel, user, named);
  };
  class InstallationClient extends WebClient implements BotIdSource {
    async botIdFor(where: BotIdWhere): Promise<string> {
      const { channel, user } = callTarget({ channel: where.channel });
      const found = await installationOf(channel, user, where.teamId);
      if (!('workspace' in found)) throw new Error(`no installation is known for ${where.channel} (${found.reason}): its bot id cannot be found`);
      let known = botIds.get(found.workspace);
      if (!known) {
        const lookup = this.lookUpBotId(found);
        known = lookup;
        botIds.set(found.workspace, lookup);
        // A failed lookup is asked again next time.
        lookup.catch(() => {
          if (botIds.peek(found.workspace) === lookup) botIds.delete(found.workspace);
        });
      }
      return known;
    }

    private async lookUpBotId(found: { workspace: string; teamId: string }): Promise<string> {
      const recorded = await parts.botIdOf?.(found);
      if (recorded) return recorded;
      const token = await parts.tokenOf(found);
      if (!token) throw new Error(`no token for ${found.workspace}: its bot id cannot be found`);
      const { bot_id: botId } = (await super.apiCall('auth.test', { token })) as webApi.AuthTestResponse;
      if (!botId) throw new Error('auth.test answered without a bot_id');
      return botId;
    }

    override async apiCall(method: string, callOptions: Record<string, unknown> = {}): Promise<webApi.WebAPICallResult> {
      if (callOptions.token === undefined) {
        const { channel, user } = callTarget(callOptions);
        const found = await installationOf(channel, user, str(callOptions.team_id));
        const token = 'workspace' in found ? await parts.tokenOf(found) : undefined;
        if (token) return super.apiCall(method, { ...callOptions, token });
        const where = channel ?? user ?? method;
        if (!logged.has(where) && logged.size < LOGGED_MAX) {
          logged.add(where);
          parts.logger.warn('a background Slack call found no installation for its workspace; sent without a token', {
            method,
            channel: channel ?? null,
            user: user ?? null,
            team: found.teamId ?? null,
            ...('workspace' in found ? { workspace: found.workspace } : { reason: found.reason }),
          });
        }
      }
      return super.apiCall(method, callOptions);
    }
  }
  return new InstallationClient(undefined, options);
}
