/**
 * Installs from a link (issue 32, HTTP mode with SLACK_CLIENT_ID): Bolt's `@slack/oauth`
 * `InstallProvider` over Radar's installation store (tokens sealed, `store/installations.ts`) and a
 * server-side state store (`store/oauth-states.ts`, so any replica finishes an install), every
 * Slack call on SLACK_API_URL. What it hands the rest of Radar:
 *
 * - `pages`: GET /slack/install (a 302 to Slack's authorize page, its state in a cookie and on the
 *   store) and GET /slack/oauth_redirect (the code exchanged with `oauth.v2.access`, the installation
 *   stored), served by Radar's own HTTP edge (`receivers/http-server.ts`); starting installs is
 *   bounded per client address, as each writes a state record.
 * - `authorize`: the App's, from the InstallProvider (workspace and org-wide installs). A token
 *   within two hours of expiring (token rotation) is refreshed by one replica at a time: the one
 *   holding the lease `slack-token-refresh:<installation>` (`store/backends/coordination.ts`) lets
 *   the InstallProvider refresh and store it; the others serve with the current token while it is
 *   still valid, or wait (bounded) for the refreshed one.
 * - `installationOf`: who a request's installation is, for `installationBoundary`.
 * - The workspaces of an org-wide install (`auth.teams.list` with its bot token, through `authorize`,
 *   every page), given to the team lookup (`store/team-installations.ts`): how a workspace whose
 *   organisation Radar has not learned from a request is found for its background work.
 */
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { webApi, AnyMiddlewareArgs, Authorize, AuthorizeResult, AuthorizeSourceData, Installation as SlackInstallation, Logger as BoltLogger } from '@slack/bolt';
import type { InstallProvider as InstallProviderType } from '@slack/oauth';
import type { Logger } from '../log.js';
import type { Store } from '../store/backends/store.js';
import { createInstallationStore, installationKey, type RadarInstallationStore } from '../store/installations.js';
import { createOAuthStateStore } from '../store/oauth-states.js';
import { createInstallationLookup, type InstallationLookup } from '../store/team-installations.js';
import type { SecretBox } from '../store/crypto.js';
import { BOT_SCOPES } from '../doctor/bot-scopes.js';
import type { Installation } from './installation.js';
import { createInstallationClient } from './installation-client.js';
import { forwardedClient, trustedProxies as trustedProxiesOf } from './receivers/client-address.js';
import { sendJson } from './receivers/json-response.js';
import { WebClient } from './bolt.js';

const load = createRequire(import.meta.url);
const { InstallProvider } = load('@slack/oauth') as { InstallProvider: typeof InstallProviderType };

export const INSTALL_PATH = '/slack/install';
export const REDIRECT_PATH = '/slack/oauth_redirect';
/** The context key the authorize result carries Radar's view of the installation under. */
export const INSTALLATION_CONTEXT_KEY = 'radarInstallation';

/** Refresh a token this long before it expires (the InstallProvider's own window: two hours). */
const EXPIRY_WINDOW_S = 7_200;
/** A token this close to expiry is not served while another replica refreshes it: wait for the new one. */
const STILL_VALID_MARGIN_S = 60;
const REFRESH_LEASE_MS = 30_000;
/** `auth.teams.list`: workspaces per page, and pages read at most (an organisation of 20,000 workspaces). */
const TEAMS_PAGE_LIMIT = 200;
const TEAMS_PAGES_MAX = 100;

export interface OAuthOptions {
  clientId: string;
  clientSecret: string;
  stateSecret: string;
  apiUrl: string;
  store: Store;
  box: SecretBox;
  logger: Logger;
  boltLogger: BoltLogger;
  trustedProxies?: readonly string[];
  /** Install starts one client address may make a minute (each writes a state record). */
  installStartsPerMinute?: number;
  /** Waiting for another replica's refresh: how often the store is read again, and for how long at most. */
  refreshWait?: { everyMs: number; atMostMs: number };
  /** Which installation serves a team (shared with the workspace service in radar.ts); default: one on `store`. */
  lookup?: InstallationLookup;
  now?: () => Date;
}

export interface OAuth {
  installations: RadarInstallationStore;
  authorize: Authorize<boolean>;
  pages: ReadonlyMap<string, (req: IncomingMessage, res: ServerResponse) => Promise<void>>;
  installationOf: (args: AnyMiddlewareArgs & { context?: Record<string, unknown> }) => Promise<Installation>;
  /** The app's client for background work: each call with its workspace's token (`installation-client.ts`). */
  backgroundClient: (clientOptions: webApi.WebClientOptions) => webApi.WebClient;
}

type Expiring = Pick<SlackInstallation, 'bot' | 'user'>;

/** Seconds until the first of the installation's rotating tokens expires; null when none rotates. */
function secondsLeft(installation: Expiring, nowS: number): number | null {
  const ends = [installation.bot, installation.user]
    .filter((who) => who?.refreshToken && typeof who.expiresAt === 'number')
    .map((who) => (who?.expiresAt ?? 0) - nowS);
  return ends.length > 0 ? Math.min(...ends) : null;
}

/** The authorize result of an installation as it stands (what InstallProvider#authorize builds, without a refresh). */
function resultOf(installation: SlackInstallation, source: AuthorizeSourceData<boolean>): AuthorizeResult {
  return {
    ...(installation.user?.token ? { userToken: installation.user.token } : {}),
    ...(installation.team?.id ? { teamId: installation.team.id } : source.teamId ? { teamId: source.teamId } : {}),
    ...(installation.enterprise?.id || source.enterpriseId ? { enterpriseId: installation.enterprise?.id ?? source.enterpriseId } : {}),
    ...(installation.bot ? { botToken: installation.bot.token, botId: installation.bot.id, botUserId: installation.bot.userId } : {}),
  };
}

export function createOAuth(options: OAuthOptions): OAuth {
  const now = options.now ?? (() => new Date());
  const { logger, store } = options;
  const installations = createInstallationStore(store, options.box, { now });
  const installer = new InstallProvider({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    stateStore: createOAuthStateStore(store, options.stateSecret),
    installationStore: installations,
    // Straight to Slack's authorize page: the Slack Marketplace's "direct install" link.
    directInstall: true,
    installUrlOptions: { scopes: [...BOT_SCOPES] },
    logger: options.boltLogger,
    clientOptions: { slackApiUrl: options.apiUrl, retryConfig: { retries: 2, factor: 2, minTimeout: 200, maxTimeout: 2_000 } },
  });
  const wait = options.refreshWait ?? { everyMs: 100, atMostMs: 10_000 };

  const radarInstallation = (installation: SlackInstallation, source: AuthorizeSourceData<boolean>): Installation => ({
    teamId: installation.team?.id ?? source.teamId ?? '',
    teamName: installation.team?.name ?? installation.enterprise?.name ?? source.teamId ?? '',
    enterpriseId: installation.enterprise?.id ?? null,
    appId: installation.appId ?? null,
    botUserId: installation.bot?.userId ?? null,
    orgWide: installation.isEnterpriseInstall === true,
  });
  const withInstallation = (result: AuthorizeResult, installation: SlackInstallation, source: AuthorizeSourceData<boolean>): AuthorizeResult => ({
    ...result,
    [INSTALLATION_CONTEXT_KEY]: radarInstallation(installation, source),
  });
  const query = (source: AuthorizeSourceData<boolean>) => ({ teamId: source.teamId, enterpriseId: source.enterpriseId, isEnterpriseInstall: source.isEnterpriseInstall });

  const refreshUnderLease = async (key: string, found: SlackInstallation, source: AuthorizeSourceData<boolean>): Promise<AuthorizeResult | null> => {
    const lease = await store.coordinator.tryLead(`slack-token-refresh-${key.replace(/[^A-Za-z0-9-]/g, '-')}`, REFRESH_LEASE_MS);
    if (!lease) return null;
    try {
      // Read again under the lease: the replica before may have refreshed it already (then no refresh).
      const result = await installer.authorize(query(source));
      logger.info('Slack token checked for rotation under the refresh lease', { installation: key });
      return withInstallation(result, found, source);
    } finally {
      await lease.release();
    }
  };

  const authorize: Authorize<boolean> = async (source) => {
    const found = await installations.fetchInstallation(query(source));
    // The InstallProvider judges expiry on the system clock; so does this (not a test's moved clock).
    const left = secondsLeft(found, Math.floor(Date.now() / 1000));
    if (left === null || left > EXPIRY_WINDOW_S) return withInstallation(resultOf(found, source), found, source);

    const key = installationKey({ enterpriseId: found.enterprise?.id, teamId: found.team?.id, isEnterpriseInstall: found.isEnterpriseInstall === true });
    const refreshed = await refreshUnderLease(key, found, source);
    if (refreshed) return refreshed;
    // Another replica is refreshing: the current token serves while it is valid.
    if (left > STILL_VALID_MARGIN_S) return withInstallation(resultOf(found, source), found, source);
    const deadline = Date.now() + wait.atMostMs;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, wait.everyMs));
      const current = await installations.fetchInstallation(query(source));
      const stillLeft = secondsLeft(current, Math.floor(Date.now() / 1000));
      if (stillLeft === null || stillLeft > EXPIRY_WINDOW_S) return withInstallation(resultOf(current, source), current, source);
      const mine = await refreshUnderLease(key, found, source);
      if (mine) return mine;
    }
    throw new Error(`the Slack token of ${key} is being refreshed by another replica and did not arrive in time`);
  };

  // Starting an install writes a state record: bounded per client address (a share of the store).
  const limiter = store.rateLimiter({ name: 'oauth-install-starts', points: options.installStartsPerMinute ?? 30, durationS: 60 });
  const trusted = trustedProxiesOf(options.trustedProxies);
  const install = async (req: IncomingMessage, res: ServerResponse) => {
    const client = forwardedClient(req, trusted);
    try {
      await limiter.consume(client);
    } catch (refusal) {
      if (refusal instanceof Error) throw refusal;
      sendJson(req, res, 429, { error: 'too_many_install_starts' }, { headers: { 'retry-after': '60' } });
      return;
    }
    await installer.handleInstallPath(req, res);
  };
  const redirect = async (req: IncomingMessage, res: ServerResponse) => {
    await installer.handleCallback(req, res, {
      success: (installation) => {
        logger.info('Slack installation stored', {
          team: installation.team?.id ?? null,
          enterprise: installation.enterprise?.id ?? null,
          orgWide: installation.isEnterpriseInstall === true,
        });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html><body><p>Radar is installed. Type <code>/radar help</code> in a channel to begin.</p></body></html>');
      },
      failure: (error) => {
        logger.warn('a Slack install did not finish', { code: (error as { code?: string }).code ?? null, reason: error.message });
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html><body><p>Radar could not be installed: the link was used, expired or not issued by Radar. Start again from the install link.</p></body></html>');
      },
    });
  };

  const installationOf: OAuth['installationOf'] = async ({ context, body }) => {
    const known = context?.[INSTALLATION_CONTEXT_KEY] as Installation | undefined;
    // An org-wide install's event names no team in its authorization: the workspace it is delivered
    // through is `context_team_id` (its `team_id` is where it happened: in a Slack Connect channel, maybe the other side).
    const through = (body as { context_team_id?: unknown }).context_team_id;
    if (known?.orgWide && typeof through === 'string' && through !== '') return { ...known, teamId: through };
    if (known) return known;
    // Events Bolt does not authorize (app_uninstalled, tokens_revoked): the team the payload names.
    const teamId = typeof context?.teamId === 'string' ? context.teamId : '';
    if (!teamId) throw new Error('a request without a team and no installation');
    return { teamId, teamName: teamId, enterpriseId: typeof context?.enterpriseId === 'string' ? context.enterpriseId : null, appId: null, botUserId: null };
  };

  // Background work's token: the installation the workspace scope (or the team lookup) names.
  const lookup = options.lookup ?? createInstallationLookup(store, { now });
  const tokenOf = async (where: { workspace: string; teamId: string }) => {
    try {
      return (await authorize(installQuery(where))).botToken as string | undefined;
    } catch {
      return undefined;
    }
  };

  // The workspaces an org-wide install covers: its own token (refreshed as for a request), every page.
  // Sent once (no retries, a rate limit refused at once): the lookup asks again a minute later.
  let teamsClient: webApi.WebClient | undefined;
  const teamsOfOrg = async (enterpriseId: string): Promise<string[]> => {
    teamsClient ??= new WebClient(undefined, { slackApiUrl: options.apiUrl, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true, timeout: 5_000 });
    const token = (await authorize({ teamId: undefined, enterpriseId, isEnterpriseInstall: true })).botToken;
    if (!token) throw new Error('the org-wide install has no bot token');
    const teams: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < TEAMS_PAGES_MAX; page += 1) {
      let answer: webApi.AuthTeamsListResponse;
      try {
        answer = await teamsClient.auth.teams.list({ token, limit: TEAMS_PAGE_LIMIT, ...(cursor ? { cursor } : {}) });
      } catch (error) {
        // Slack's error code, never the request (it carries the token).
        const code = (error as { data?: { error?: unknown }; code?: unknown }).data?.error ?? (error as { code?: unknown }).code ?? 'unknown';
        throw new Error(`auth.teams.list failed: ${String(code)}`);
      }
      for (const team of answer.teams ?? []) if (team.id) teams.push(team.id);
      cursor = answer.response_metadata?.next_cursor || undefined;
      if (!cursor) break;
    }
    return teams;
  };
  lookup.askOrganisationsWith(teamsOfOrg);

  // The bot id the install recorded (the InstallProvider asks auth.test for it as it installs).
  const botIdOf = async (where: { workspace: string; teamId: string }) => (await installations.fetchInstallation(installQuery(where))).bot?.id || undefined;

  return {
    installations,
    authorize,
    backgroundClient: (clientOptions) => createInstallationClient(WebClient, clientOptions, { store, lookup, tokenOf, botIdOf, logger }),
    pages: new Map([
      [INSTALL_PATH, install],
      [REDIRECT_PATH, redirect],
    ]),
    installationOf,
  };
}

/** The installation query for an installation's record key (`team:<T>` / `enterprise:<E>`) serving team `teamId`. */
function installQuery({ workspace, teamId }: { workspace: string; teamId: string }) {
  const [kind, id = ''] = workspace.split(':');
  return kind === 'enterprise' ? { teamId, enterpriseId: id, isEnterpriseInstall: true } : { teamId: id, enterpriseId: undefined, isEnterpriseInstall: false };
}
