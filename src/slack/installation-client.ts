/**
 * OAuth mode's client for work no request carries a token for (issue 32): the digest, watch, report
 * and follow pollers, scan results, living messages. Features build their background parts on
 * `app.client`; in OAuth mode that client has no token of its own, so this one finds the workspace a
 * call is for and calls with that workspace's bot token (through `authorize`, so an expiring token is
 * refreshed as for a request). A call that names its token is left as it is.
 *
 * The workspace of a call is found from what Radar keeps per team: the channel a call names among
 * the bindings and pending scans, else the person (a direct message's `channel: U…`, `user_id`,
 * `user`) among the follow records, else the `team_id` it names (`users.list`). An index of those
 * is rebuilt on a miss, at most once every two seconds. Until records are keyed by installation (issue 32, item 3) this is the bridge; a
 * channel bound in two workspaces (Slack Connect) is served with the first one's token, and an
 * org-wide install's workspaces are not found by team (their calls go without a token and fail,
 * logged once per channel).
 *
 * It also knows Radar's own bot in each workspace (`botIdFor`, src/slack/bot-ids.ts: how a delivery
 * recognises its earlier post after a crash): the workspace found as for a call, its bot id from the
 * installation record (or, without one there, that workspace's `auth.test`), cached per workspace
 * (a failed lookup is not).
 */
import type { webApi } from '@slack/bolt';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../log.js';
import type { BotIdSource, BotIdWhere } from './bot-ids.js';
import type { Store } from '../store/backends/store.js';
import { createBindingsRepo } from '../store/bindings.js';
import { createFollowsRepo } from '../store/follows.js';
import { createPendingScansRepo } from '../store/pending-scans.js';

type WebClientClass = typeof webApi.WebClient;

export type TokenForTeam = (teamId: string) => Promise<string | undefined>;
/** The bot id an installation record carries for the team; undefined when it has none. */
export type BotIdForTeam = (teamId: string) => Promise<string | undefined>;

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
      for (const b of await bindings.listAll()) if (!nextChannels.has(b.channelId)) nextChannels.set(b.channelId, b.teamId);
      for (const s of await scans.listAll()) if (!nextChannels.has(s.channelId)) nextChannels.set(s.channelId, s.teamId);
      for (const p of await follows.listAll()) if (!nextPeople.has(p.userId)) nextPeople.set(p.userId, p.teamId);
      channels = nextChannels;
      people = nextPeople;
      builtAt = Date.now();
    })().finally(() => (building = null)));
  const find = (channel: string | undefined, user: string | undefined) => (channel ? channels.get(channel) : undefined) ?? (user ? people.get(user) : undefined);
  return async (channel: string | undefined, user: string | undefined): Promise<string | undefined> => {
    const known = find(channel, user);
    if (known || Date.now() - builtAt < REBUILD_EVERY_MS) return known;
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
  parts: { store: Store; tokenForTeam: TokenForTeam; botIdForTeam?: BotIdForTeam; logger: Logger },
): webApi.WebClient & BotIdSource {
  const teamOf = teamIndex(parts.store);
  const logged = new Set<string>();
  const botIds = new LRUCache<string, Promise<string>>({ max: BOT_IDS_MAX, ttl: BOT_ID_TTL_MS });
  class InstallationClient extends WebClient implements BotIdSource {
    async botIdFor(where: BotIdWhere): Promise<string> {
      const { channel, user } = callTarget({ channel: where.channel });
      const team = (await teamOf(channel, user)) ?? where.teamId;
      if (!team) throw new Error(`no installation is known for ${where.channel}: its bot id cannot be found`);
      let found = botIds.get(team);
      if (!found) {
        const lookup = this.lookUpBotId(team);
        found = lookup;
        botIds.set(team, lookup);
        // A failed lookup is asked again next time.
        lookup.catch(() => {
          if (botIds.peek(team) === lookup) botIds.delete(team);
        });
      }
      return found;
    }

    private async lookUpBotId(team: string): Promise<string> {
      const recorded = await parts.botIdForTeam?.(team);
      if (recorded) return recorded;
      const token = await parts.tokenForTeam(team);
      if (!token) throw new Error(`no installation for team ${team}: its bot id cannot be found`);
      const { bot_id: botId } = (await super.apiCall('auth.test', { token })) as webApi.AuthTestResponse;
      if (!botId) throw new Error('auth.test answered without a bot_id');
      return botId;
    }

    override async apiCall(method: string, callOptions: Record<string, unknown> = {}): Promise<webApi.WebAPICallResult> {
      if (callOptions.token === undefined) {
        const { channel, user } = callTarget(callOptions);
        // A call that names no channel or person but its workspace (`users.list`'s `team_id`) goes with that workspace's token.
        const team = (await teamOf(channel, user)) ?? str(callOptions.team_id);
        const token = team ? await parts.tokenForTeam(team) : undefined;
        if (token) return super.apiCall(method, { ...callOptions, token });
        const where = channel ?? user ?? method;
        if (!logged.has(where) && logged.size < LOGGED_MAX) {
          logged.add(where);
          parts.logger.warn('a background Slack call found no installation for its workspace; sent without a token', { method, channel: channel ?? null, user: user ?? null, team: team ?? null });
        }
      }
      return super.apiCall(method, callOptions);
    }
  }
  return new InstallationClient(undefined, options);
}
