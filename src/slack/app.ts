/**
 * Builds the Bolt app: one App whatever the receiver (HTTP, Socket Mode, or the console), with the
 * fair-use limits first, the `/radar` listener, every feature registered (they come from the registry the composition root
 * built; nothing here imports a feature), and one error handler.
 */
import type { AnyMiddlewareArgs, Authorize, Middleware, Receiver, webApi } from '@slack/bolt';
import { App, LogLevel, WebClient } from './bolt.js';
import type { RadarDeps, Worker } from '../deps.js';
import type { AnyFeature } from '../plugin.js';
import { boltLogger } from './bolt-logger.js';
import type { ProjectResolver } from './commands/invocation.js';
import { registerCommand } from './commands/register.js';
import type { CommandRegistry } from './commands/registry.js';
import { installationBoundary, installationOf, type Installation, type InstallationResolver } from './installation.js';
import { listenerGroups } from './listener-groups.js';
import { fairUseMiddleware, type RequestLimits } from './request-limits.js';
import { slackOnlyFetch } from './respond.js';
import type { WorkTracker } from './work-tracker.js';

export interface SlackAppOptions {
  receiver: Receiver;
  /** Single-workspace mode's token; unset with `authorize` (OAuth mode: each installation's own). */
  botToken?: string;
  /** OAuth mode: the InstallProvider's authorize (`oauth.ts`), with `requestInstallation` beside it. */
  authorize?: Authorize<boolean>;
  /** OAuth mode: who a request's installation is (from what `authorize` found). */
  requestInstallation?: InstallationResolver;
  /** OAuth mode: `app.client` for background work, each call with its workspace's token. */
  backgroundClient?: (clientOptions: webApi.WebClientOptions) => webApi.WebClient;
  apiUrl: string;
  /** The `/radar` subcommands, built from the features; each feature's `register` is called once here. */
  commands: CommandRegistry;
  /** How a command finds its project (`--project` or the channel's binding). */
  resolveProject: ProjectResolver;
  /** Who Radar is (team, enterprise, app); default: learned once through the app's client (`auth.test`). */
  installation?: () => Promise<Installation>;
  /** Fair use (`request-limits.ts`), checked before anything else in every mode. */
  limits: RequestLimits;
  /** Counts acknowledged work for a drain (`work-tracker.ts`). */
  work?: WorkTracker;
  /** OAuth mode (issue 32): enters the request's workspace scope, after the installation boundary (`workspace-service.ts`). */
  workspaceScope?: Middleware<AnyMiddlewareArgs>;
}

export function createSlackApp(deps: RadarDeps, options: SlackAppOptions): { app: App; workers: Worker[]; installation: () => Promise<Installation> } {
  const logger = boltLogger(deps.logger, deps.config.logLevel === 'debug' ? LogLevel.DEBUG : LogLevel.WARN);
  const clientOptions = {
    slackApiUrl: options.apiUrl,
    logger,
    retryConfig: { retries: 3, factor: 2, minTimeout: 200, maxTimeout: 5_000 },
    // Answers and Web API calls reach Slack's hosts and SLACK_API_URL's only (`respond.ts`).
    fetch: slackOnlyFetch(options.apiUrl, deps.logger.child({ component: 'slack' })),
  };
  // Single-workspace mode: the token's client, and who it is learned once through Radar's own
  // auth.test (`installationOf`), which also gives Bolt its authorization. Given the token itself, Bolt
  // would call auth.test as it is constructed and hold that promise unhandled until a first request
  // (a Radar stopped before one, while Slack did not answer, left a rejection nobody catches); with
  // `tokenVerificationEnabled: false` it would call auth.test on every request.
  const tokenClient = options.authorize ? null : new WebClient(options.botToken ?? '', clientOptions);
  const installation: (() => Promise<Installation>) | null = options.installation ?? (tokenClient ? installationOf(tokenClient) : null);
  const authorize = options.authorize ?? singleWorkspaceAuthorize(options.botToken ?? '', installation ?? (() => Promise.reject(new Error('no installation'))));
  const app = new App({
    authorize,
    receiver: options.receiver,
    logger,
    clientOptions,
    // Radar keeps no state in Bolt's conversation store (its state is in its own store); without
    // it, Bolt skips a lookup on every request.
    convoStore: false,
  });
  // OAuth mode: the client features build their background work on finds each call's workspace token;
  // single-workspace mode: the token's (an App built on `authorize` has a client without a token).
  if (options.backgroundClient) (app as { client: webApi.WebClient }).client = options.backgroundClient(clientOptions);
  else if (tokenClient) (app as { client: webApi.WebClient }).client = tokenClient;
  // First of all, fair use: a request over its limits gets one sentence and goes no further.
  app.use(fairUseMiddleware(options.limits, deps.logger.child({ component: 'fair-use' })));
  // Then each request is counted until its listener has finished (a drain waits for it), within a
  // bound on the work under way (past it: "Radar is busy", at once).
  if (options.work) app.use(options.work.middleware);
  // Then requests for another team or app, and people of other organisations, stop here.
  const learned = installation ?? installationOf(app.client);
  app.use(installationBoundary(options.requestInstallation ?? (() => learned()), deps.logger.child({ component: 'access' })));
  // OAuth mode: the rest runs in the request's workspace scope (its own service key); a workspace
  // without a key is told how to connect, once per command or shortcut.
  if (options.workspaceScope) app.use(options.workspaceScope);
  const runtimes = new Map<AnyFeature, unknown>();
  registerCommand(app, deps, {
    registry: options.commands,
    resolveProject: options.resolveProject,
    runtimeOf: (feature) => runtimes.get(feature),
  });
  const workers: Worker[] = [];
  for (const feature of options.commands.features) {
    const parts = feature.register?.(app, deps);
    if (!parts) continue;
    runtimes.set(feature, parts.runtime);
    workers.push(...(parts.workers ?? []));
  }
  // Every feature's actions, views, shortcuts and events: one Bolt listener per kind (`listener-groups.ts`).
  listenerGroups(app).register();
  const refusedLogged = new Set<string>();
  app.error(async (error) => {
    // OAuth mode: a request from a team with no installation (or whose tokens do not open) is not
    // served; logged once per reason (it names the team), at most 1,000 reasons a process.
    if ((error as { code?: string }).code === 'slack_bolt_authorization_error') {
      if (refusedLogged.has(error.message) || refusedLogged.size >= 1_000) return;
      refusedLogged.add(error.message);
      deps.logger.warn('refused a request: no usable installation for its team', { reason: error.message });
      return;
    }
    deps.logger.error('unhandled error in a Slack listener', { error });
  });
  return { app, workers, installation: learned };
}

/**
 * Bolt's authorization for the one workspace: the token, with the bot's ids once Radar has learned
 * them (Bolt's ignoreSelf and the listeners read them from the context). Never throws: while Slack has
 * not answered, a request goes on with the token alone and the installation boundary refuses it.
 */
function singleWorkspaceAuthorize(botToken: string, installation: () => Promise<Installation>): Authorize<boolean> {
  return async () => {
    const me = await installation().catch(() => null);
    // No teamId: Bolt would then build a client of its own per team, adding team_id to every call;
    // the one workspace's requests use `app.client` as they did with the token.
    return { botToken, ...(me?.botId ? { botId: me.botId } : {}), ...(me?.botUserId ? { botUserId: me.botUserId } : {}) };
  };
}
