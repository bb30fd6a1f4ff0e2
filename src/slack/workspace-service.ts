/**
 * Each workspace served with its own service key (issue 32 item 2, OAuth mode), without the
 * features knowing: `deps.service` is a facade that, on every call, finds the current workspace
 * scope (`workspace-scope.ts`) and calls the client of that workspace's key. Outside any scope, or
 * in a workspace with no key connected, the call is refused with a ServiceError (`no_workspace`,
 * `workspace_not_connected`) before anything is sent: SVC_API_KEY never serves OAuth mode.
 *
 * - The client directory: one `createServiceClient` per key (its own connection pool and per-key
 *   budget, so one workspace's rate limits and pauses are its own), an LRU of `maxClients`, an
 *   evicted client closed. Keys are held by their SHA-256 in the cache's index.
 * - The middleware (a Bolt global middleware, after the installation boundary): the request's scope
 *   from the installation `authorize` found, then every `/radar` command and shortcut of a workspace
 *   without a key is answered with one sentence (how to connect) and nothing else happens.
 * - `checkKey`: what the Home tab's modal does before storing a key: a read (listProjects) and the
 *   scope probe (`service/key-scope.ts`), on a client that is closed afterwards.
 */
import { createHash } from 'node:crypto';
import type { AllMiddlewareArgs, AnyMiddlewareArgs, Middleware, webApi } from '@slack/bolt';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../log.js';
import { isServiceError, ServiceError, withReads, type RawServiceClient, type ServiceClient } from '../service/index.js';
import { probeScope, rejectedKeyReason } from '../service/key-scope.js';
import { readable } from '../service/tolerant.js';
import type { ServiceKeyScope, ServiceKeysRepo } from '../store/service-keys.js';
import type { InstallationLookup } from '../store/team-installations.js';
import { NOT_CONNECTED } from './error-text.js';
import type { InstallationResolver } from './installation.js';
import { answerRefusal } from './request-limits.js';
import { currentWorkspace, inWorkspace, scopeOfInstallation, type WorkspaceScope } from './workspace-scope.js';
import { withDeadline } from '../deadline.js';

/** Every raw method of the service client, each delegated per call (the list is checked against the type); the fact methods are built on them (`withReads`). */
const METHODS = {
  health: true,
  describe: true,
  listProjects: true,
  getProject: true,
  listCompetitors: true,
  getCompetitor: true,
  getDimension: true,
  getDimensionHistory: true,
  getDimensionRun: true,
  getPricing: true,
  getContentChangelog: true,
  getAiVisibility: true,
  getAiVisibilityHistory: true,
  getAiVisibilityCheck: true,
  getAiVisibilityTrend: true,
  getAiSources: true,
  getAiSourcesHistory: true,
  getAiSourcesCheck: true,
  getAlerts: true,
  getSchedules: true,
  getBriefing: true,
  getBriefingHistory: true,
  getBriefingRun: true,
  listTickets: true,
  createTicket: true,
  getTicket: true,
  updateTicket: true,
  deleteTicket: true,
  moveTicket: true,
  listComments: true,
  createComment: true,
  updateComment: true,
  deleteComment: true,
  listLabels: true,
  createLabel: true,
  updateLabel: true,
  deleteLabel: true,
  listAssignees: true,
  fetchUrl: true,
  startTrustSignalsScan: true,
  getTrustSignalsScan: true,
  startAgentAdoptionScan: true,
  getAgentAdoptionScan: true,
  budget: true,
  close: true,
} as const satisfies Record<keyof RawServiceClient, true>;

type Method = Exclude<keyof RawServiceClient, 'budget' | 'close'>;

export interface WorkspaceServiceOptions {
  keys: ServiceKeysRepo;
  /** Which installation serves a team (`store/team-installations.ts`): background work's scope. */
  lookup: InstallationLookup;
  /**
   * A client for a key (radar.ts: createServiceClient on SVC_BASE_URL); `check`: for the connect
   * modal's check, which must answer within Slack's 3 seconds (no retries).
   */
  clientFor: (apiKey: string, purpose: 'serve' | 'check') => ServiceClient;
  /** How long the connect check may take before the modal is told to try again (default 2.5 s). */
  checkWithinMs?: number;
  logger: Logger;
  /** Clients kept at once (one per connected workspace in use). */
  maxClients?: number;
}

export type KeyCheck = { ok: true; scope: ServiceKeyScope; projects: number } | { ok: false; sentence: string };

export interface WorkspaceService {
  /** The facade outside any scope (every call refused there; inside a scope, that scope's client). */
  service: ServiceClient;
  /**
   * `deps.service` in OAuth mode (a getter): inside a scope, that workspace's own facade object, so
   * what features cache per service client is per workspace; outside, `service`.
   */
  serviceOfScope(): ServiceClient;
  keys: ServiceKeysRepo;
  lookup: InstallationLookup;
  /**
   * Background work for one team (a binding's, a pending scan's, a follower's): run in the scope of
   * the installation that serves the team (its own, else its enterprise's org-wide install), so its
   * service calls go with that installation's key and its Slack calls with its token. A team no
   * installation serves runs in `team:<id>`, where the service refuses (not connected).
   */
  inTeamScope<T>(teamId: string, task: () => Promise<T>): Promise<T>;
  /** The client of the current scope's key; null when its workspace has none. Throws outside a scope. */
  current(): Promise<ServiceClient | null>;
  /** The request's scope and the not-connected answer (after the installation boundary). */
  middleware(installation: InstallationResolver): Middleware<AnyMiddlewareArgs>;
  /** Checks a key before it is stored: a read, then the scope probe; one sentence when it fails. */
  checkKey(apiKey: string): Promise<KeyCheck>;
  /**
   * Home's part (set at register: the connect feature gives the blocks, the Home feature the way to
   * publish a person's tab again after a connect or a disconnect). Features meet here, not directly.
   */
  home: HomeHooks;
  /** Forgets the scope's memo of a workspace's client (after a connect, replace or disconnect). */
  forget(scope: WorkspaceScope): void;
  close(): Promise<void>;
}

export interface HomeHooks {
  /** The connect blocks for a person of the current workspace; `only`: the rest of Home needs the service, so it is left out. */
  blocks?: (args: { client: webApi.WebClient; userId: string }) => Promise<{ blocks: unknown[]; only: boolean }>;
  republish?: (args: { client: webApi.WebClient; teamId: string; userId: string }) => Promise<void>;
}

const CLIENT_MEMO = 'service-client';

function refusal(code: 'no_workspace' | 'workspace_not_connected', method: string): ServiceError {
  return new ServiceError({
    code,
    status: null,
    message: code === 'no_workspace' ? 'a service call outside any workspace scope was refused (OAuth mode)' : "the workspace has not connected its service key",
    endpoint: `(workspace) ${method}`,
    path: '',
  });
}

export function createWorkspaceService(options: WorkspaceServiceOptions): WorkspaceService {
  const { keys, logger, lookup } = options;
  const clients = new LRUCache<string, ServiceClient>({
    max: options.maxClients ?? 500,
    dispose: (client) => void client.close().catch((error: unknown) => logger.debug('could not close an evicted service client', { error })),
  });
  const clientOfKey = (apiKey: string): ServiceClient => {
    const id = createHash('sha256').update(apiKey).digest('hex');
    let client = clients.get(id);
    if (!client) {
      client = options.clientFor(apiKey, 'serve');
      clients.set(id, client);
    }
    return client;
  };

  const current = (): Promise<ServiceClient | null> => {
    const scope = currentWorkspace();
    if (!scope) return Promise.reject(refusal('no_workspace', 'call'));
    let found = scope.memo.get(CLIENT_MEMO) as Promise<ServiceClient | null> | undefined;
    if (!found) {
      found = keys.keyOf(scope.workspace).then((apiKey) => (apiKey ? clientOfKey(apiKey) : null));
      scope.memo.set(CLIENT_MEMO, found);
      // A failed read (the store down) is not remembered: the next call reads again.
      found.catch(() => scope.memo.delete(CLIENT_MEMO));
    }
    return found;
  };

  /**
   * A facade: each call goes with the current scope's client. `own`: the facade of one workspace,
   * which refuses a call made in any other scope (a facade kept past its request cannot serve
   * another workspace).
   */
  const makeFacade = (own: string | null): ServiceClient => {
    const facade = {} as Record<string, unknown>;
    for (const method of Object.keys(METHODS) as (keyof RawServiceClient)[]) {
      if (method === 'budget') {
        // Synchronous, for tests and logs: an idle budget (each key's own is its client's).
        facade.budget = (group: Parameters<RawServiceClient['budget']>[0]) => ({ group, inFlight: 0, waiting: { interactive: 0, background: 0 }, pausedForMs: 0 });
        continue;
      }
      if (method === 'close') {
        // Only the root's close (radar.ts) closes every client; a workspace's facade closes nothing.
        facade.close = own === null ? async () => clients.clear() : async () => undefined;
        continue;
      }
      facade[method] = async (...args: unknown[]) => {
        const scope = currentWorkspace();
        if (!scope || (own !== null && scope.workspace !== own)) throw refusal('no_workspace', method);
        const client = await current();
        if (!client) throw refusal('workspace_not_connected', method);
        return (client[method as Method] as (...a: unknown[]) => Promise<unknown>)(...args);
      };
    }
    return withReads(facade as unknown as RawServiceClient);
  };
  const service = makeFacade(null);
  // One facade object per workspace: what features cache per client (the competitor list, the board's
  // choices, the key's scope, the contract check) is then cached per workspace, never shared across.
  const facades = new LRUCache<string, ServiceClient>({ max: (options.maxClients ?? 500) * 2 });
  const serviceOfScope = (): ServiceClient => {
    const scope = currentWorkspace();
    if (!scope) return service;
    let found = facades.get(scope.workspace);
    if (!found) facades.set(scope.workspace, (found = makeFacade(scope.workspace)));
    return found;
  };

  const middleware = (installation: InstallationResolver): Middleware<AnyMiddlewareArgs> => {
    return async (args) => {
      const body = args.body as Record<string, unknown>;
      if (body.type === 'url_verification' || body.type === 'ssl_check') return args.next();
      let scope: { workspace: string; teamId: string };
      try {
        const found = await installation(args as AnyMiddlewareArgs & { context?: Record<string, unknown> });
        scope = scopeOfInstallation(found);
        // A workspace served by its organisation's install: remembered, so its background work finds it.
        if (found.orgWide && found.enterpriseId && found.teamId) {
          const news = await lookup.learn(found.teamId, found.enterpriseId).catch((error: unknown) => {
            logger.warn('could not record the organisation of a workspace', { team: found.teamId, error });
            return false;
          });
          if (news) logger.info('a workspace served by its organisation\'s install: recorded for its background work', { team: found.teamId, enterprise: found.enterpriseId });
        }
      } catch {
        // The installation boundary before this refused it already; nothing runs outside a scope.
        return;
      }
      return inWorkspace(scope, async () => {
        const asks = typeof body.command === 'string' || body.type === 'shortcut' || body.type === 'message_action';
        if (asks && (await current()) === null) {
          await answerRefusal(args as AnyMiddlewareArgs & AllMiddlewareArgs, NOT_CONNECTED).catch((error: unknown) =>
            logger.debug('could not say how to connect the service', { error }),
          );
          return;
        }
        await args.next();
      });
    };
  };

  const checkKey = async (apiKey: string): Promise<KeyCheck> => {
    const client = options.clientFor(apiKey, 'check');
    try {
      const checked = (async () => {
        const projects = await client.listProjects();
        const [first] = readable(projects);
        const scope: ServiceKeyScope = first ? await probeScope(client, first.id) : 'unknown';
        return { ok: true as const, scope, projects: projects.length };
      })();
      // The modal must be answered within Slack's 3 seconds: a check that takes longer is said so.
      return await withDeadline(checked, options.checkWithinMs ?? 2_500, () => new CheckTooSlow());
    } catch (error) {
      if (error instanceof CheckTooSlow) return { ok: false, sentence: 'The monitoring service took too long to answer the check of this key; please try again in a minute.' };
      const reason = rejectedKeyReason(error);
      if (reason) return { ok: false, sentence: `The monitoring service refused this key (${reason}): paste an active key of your organisation.` };
      if (isServiceError(error) && (error.code === 'timeout' || error.code === 'network_error' || (error.status ?? 0) >= 500)) {
        return { ok: false, sentence: 'Radar could not reach the monitoring service to check this key; please try again in a minute.' };
      }
      if (isServiceError(error) && error.code === 'subscription_required') {
        return { ok: false, sentence: "The monitoring service says this key's organisation has no plan; paste a key of an organisation with one." };
      }
      return { ok: false, sentence: 'The monitoring service did not accept this key for reading projects; paste an active key of your organisation.' };
    } finally {
      // Not waited for: a check cut short still has its request in flight.
      void client.close().catch(() => undefined);
    }
  };

  const logged = new Set<string>();
  const inTeamScope = async <T>(teamId: string, task: () => Promise<T>): Promise<T> => {
    const key = await lookup.servingTeam(teamId);
    if (!key && !logged.has(teamId) && logged.size < 1_000) {
      logged.add(teamId);
      logger.warn('background work for a team no stored installation serves (not its own, not its organisation\'s as far as Radar has learned)', { team: teamId });
    }
    return inWorkspace({ workspace: key ?? `team:${teamId}`, teamId }, task);
  };

  return {
    service,
    serviceOfScope,
    keys,
    lookup,
    inTeamScope,
    current,
    middleware,
    checkKey,
    home: {},
    forget: (scope) => scope.memo.delete(CLIENT_MEMO),
    close: async () => {
      clients.clear();
    },
  };
}

/** A key check that outlasted its time (the connect modal's answer cannot wait for it). */
class CheckTooSlow extends Error {}
