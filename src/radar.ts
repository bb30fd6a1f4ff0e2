/**
 * The composition root: from a parsed Config to a running Radar in the chosen mode (HTTP, Socket
 * Mode, or the console), with the built-in sandbox when no service is configured. Tests start Radar
 * through here too, so what they prove is what runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { App } from '@slack/bolt';
import { LogLevel } from './slack/bolt.js';
import type { Config } from './config.js';
import type { RadarDeps, Worker } from './deps.js';
import { createLogger, type Logger } from './log.js';
import { createServiceClient, type RetryPolicy, type ServiceClient, type Timeouts } from './service/index.js';
import { openStore } from './store/backends/open-store.js';
import { createServicePauses } from './store/service-pauses.js';
import type { SharedPauses } from './service/shared-pauses.js';
import { createBindingsRepo } from './store/bindings.js';
import { createDigestSettingsRepo } from './store/digest-settings.js';
import { createPendingScansRepo } from './store/pending-scans.js';
import { createDigestLedger } from './store/digest-ledger.js';
import { CommandRegistry } from './slack/commands/registry.js';
import { FEATURES } from './features/index.js';
import { resolveProjectFor } from './features/bindings/resolve-project.js';
import { createSlackApp, type SlackAppOptions } from './slack/app.js';
import type { Installation } from './slack/installation.js';
import { sealerFor } from './slack/sealed-values.js';
import { boltLogger } from './slack/bolt-logger.js';
import type { OAuth } from './slack/oauth.js';
import type { WorkspaceService } from './slack/workspace-service.js';
import { startHttpServer, type HealthReport, type HttpLimits, type RunningServer } from './slack/receivers/http-server.js';
import { HttpReceiver } from './slack/receivers/http-receiver.js';
import { createReplayGuard, DELIVERY_WINDOW_MS } from './slack/receivers/replay-guard.js';
import { createRequestLimits, type RequestLimits } from './slack/request-limits.js';
import { createWorkTracker, type WorkTracker } from './slack/work-tracker.js';
import { createSocketMode } from './slack/receivers/socket-mode.js';
import type { LocalWebApi, WebApiCall } from './slack/local-web-api/index.js';
import { DEFAULT_TIMING, type Timing } from './timing.js';
import { createLimiter } from './limiter.js';

export interface StartOptions {
  /** Where log lines go (default stderr). */
  logSink?: (line: string) => void;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Console mode: where typed commands come from and answers go; without `input` no read loop starts. */
  consoleInput?: Readable;
  consoleOutput?: Writable;
  consoleInteractive?: boolean;
  /** Overrides of background intervals and bounds (tests shorten them). */
  timing?: Partial<Timing>;
  /** Overrides of the service client's retry policy (tests shorten the backoff). */
  serviceRetry?: Partial<RetryPolicy>;
  /** Overrides of the service client's timeouts. */
  serviceTimeouts?: Partial<Timeouts>;
  /** Overrides of the HTTP edge's timeouts and connection cap (HTTP mode and the health server). */
  httpLimits?: Partial<HttpLimits>;
}

export interface RadarInstance {
  mode: Config['mode'];
  /** The HTTP server's base URL (HTTP mode; the health server in Socket Mode), else null. */
  url: string | null;
  deps: RadarDeps;
  app: App;
  /** Console mode: run one `/radar` text through the app. */
  consoleCommand?: (text: string) => Promise<void>;
  /** Console mode: resolves when the input stream has ended and every command has run. */
  consoleDone?: Promise<void>;
  /** The built-in sandbox's base URL, when Radar started one. */
  sandboxUrl: string | null;
  /** The background workers, started (tests call their `tick`). */
  workers: Worker[];
  /**
   * Stops taking new work (HTTP answers 503 and `/healthz` says draining; Socket Mode closes its
   * connection) and waits up to `timeoutMs` (default `timing.drainTimeoutMs`) for acknowledged work
   * to finish; logs what could not. Call `stop` afterwards.
   */
  drain(timeoutMs?: number): Promise<{ unfinished: number }>;
  stop(): Promise<void>;
}


/** What every feature is handed, built from its parts: the store's repositories, the background limiter, the sealer. */
export function radarDeps(parts: Pick<RadarDeps, 'config' | 'logger' | 'service' | 'store' | 'timing' | 'now'>): RadarDeps {
  const { config, store, timing, now } = parts;
  return {
    ...parts,
    bindings: createBindingsRepo(store),
    digestSettings: createDigestSettingsRepo(store),
    pendingScans: createPendingScansRepo(store),
    digestLedger: createDigestLedger(store, { now }),
    background: createLimiter(timing.maxConcurrentPolls, { priority: 'background' }),
    seals: sealerFor(config),
  };
}

export async function startRadar(config: Config, options: StartOptions = {}): Promise<RadarInstance> {
  // The features' subcommands, checked before anything starts (a name declared twice refuses to start).
  const commands = new CommandRegistry(FEATURES);
  const closers: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
  };

  try {
    // The service: the configured one, or the built-in sandbox with its demo data.
    let target = config.service;
    let sandboxUrl: string | null = null;
    if (!target) {
      const { startSandbox } = await import('./sandbox/index.js');
      const sandbox = await startSandbox({ port: 0, speed: config.sandboxSpeed, style: config.sandboxStyle });
      closers.push(() => sandbox.close());
      sandboxUrl = sandbox.url;
      target = { baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite };
    }

    const logger = createLogger({
      level: config.logLevel,
      secrets: [...config.secrets, ...(target.apiKey ? [target.apiKey] : [])],
      ...(options.logSink ? { sink: options.logSink } : {}),
    });
    if (sandboxUrl) logger.info('No SVC_BASE_URL set: started the built-in sandbox of the monitoring service with demo data', { url: sandboxUrl });

    const now = options.now ?? (() => new Date());
    const timing: Timing = { ...DEFAULT_TIMING, ...config.tuning.timing, ...options.timing };
    // The built-in sandbox starts afresh each run: its scans and editions are not the last run's, so
    // it gets a store of its own for the run (unless STORE_URL names one), removed when Radar stops.
    let storeUrl = config.storeUrl;
    if (sandboxUrl && config.explicit?.storeUrl === false) {
      const dir = mkdtempSync(join(tmpdir(), 'radar-sandbox-store-'));
      closers.push(async () => rmSync(dir, { recursive: true, force: true }));
      storeUrl = `sqlite://${join(dir, 'radar.sqlite')}`;
      logger.info('the built-in sandbox gets a store of its own for this run (set STORE_URL to keep one across runs)');
    }
    const store = await openStore(storeUrl, { logger: logger.child({ component: 'store' }), namespacePrefix: config.storePrefix });
    closers.push(() => store.close());
    // A 429 for a key pauses its throttled group in every client of the key, on every replica sharing Redis.
    const pauses = createServicePauses(store, { now: () => now().getTime() });
    // OAuth mode may have no SVC_API_KEY: this client then only probes GET /v1/health, which needs none.
    const service = createServiceClient({
      groupConcurrency: timing.serviceGroupConcurrency,
      baseUrl: target.baseUrl,
      now,
      apiKey: target.apiKey ?? '',
      logger: logger.child({ component: 'service' }),
      retry: { ...config.tuning.serviceRetry, ...options.serviceRetry },
      ...(options.serviceTimeouts ? { timeouts: options.serviceTimeouts } : {}),
      pauses,
    });
    closers.push(() => service.close());

    // OAuth mode (issue 32): each workspace is served with its own key; `deps.service` is the facade
    // that picks the request's (or the background work's) workspace client, and SVC_API_KEY serves
    // nothing but the health probe. Single-workspace mode: the SVC_API_KEY client, as before.
    const workspaces = config.mode === 'http' && config.oauth && config.encryption ? await startWorkspaces(config, { store, logger, now, timing, options, baseUrl: target.baseUrl, pauses }) : undefined;
    if (workspaces) closers.push(() => workspaces.close());
    const deps = radarDeps({ config, logger, service: workspaces?.service ?? service, store, timing, now });
    if (workspaces) {
      deps.workspaces = workspaces;
      // Read per use: the current workspace's facade (features cache per service client, so per workspace).
      Object.defineProperty(deps, 'service', { get: () => workspaces.serviceOfScope(), enumerable: true, configurable: true });
    }

    const busyLogged = { overall: 0, person: 0 };
    const work = createWorkTracker({
      maxInFlight: timing.maxRequestsInFlight,
      maxInFlightPerPerson: timing.maxRequestsInFlightPerPerson,
      // At most one line every 10 s for each bound, however long the burst.
      onBusy: (by) => {
        if (Date.now() - busyLogged[by] < 10_000) return;
        busyLogged[by] = Date.now();
        if (by === 'overall') logger.warn('answered "Radar is busy": the requests under way are at their bound', { maxRequestsInFlight: timing.maxRequestsInFlight });
        else logger.warn('answered "Radar is busy": one person\'s requests under way are at their bound', { maxRequestsInFlightPerPerson: timing.maxRequestsInFlightPerPerson });
      },
    });
    const reporter = healthReporter(deps, service, workspaces ? { checks: healthChecks(target.apiKey !== null) } : {});
    // Draining: not ok, so a load balancer moves traffic elsewhere.
    const health = async (): Promise<HealthReport> => (work.draining ? { ...(await reporter()), ok: false, draining: true } : reporter());
    const limits: RequestLimits = createRequestLimits(
      (limit) => store.rateLimiter(limit),
      { personRequests: timing.personRequestsPerWindow, channelRequests: timing.channelRequestsPerWindow, windowMs: timing.fairUseWindowMs },
      logger.child({ component: 'fair-use' }),
    );
    const features: Features = { commands, resolveProject: (where) => resolveProjectFor(deps, where), limits, work };
    const instance = await startMode(config, deps, features, options, health, closers);
    for (const worker of instance.workers) {
      await worker.start();
      closers.push(() => worker.stop());
    }
    logger.info('Radar started', { mode: config.mode, store: store.kind, ...(instance.url ? { url: instance.url } : {}) });
    const drain = async (timeoutMs = timing.drainTimeoutMs) => {
      const under = work.inFlight();
      logger.info('draining: no new work taken', { underWay: under, timeoutMs });
      const stopping = instance.stopTakingWork?.().catch((error: unknown) => logger.warn('could not stop taking work', { error }));
      const result = await work.drain(timeoutMs);
      await stopping;
      if (result.unfinished > 0) logger.warn('the drain ended with work unfinished', { unfinished: result.unfinished, timeoutMs });
      else logger.info('drained: every acknowledged request finished', { finished: under });
      return result;
    };
    return { ...instance, deps, sandboxUrl, drain, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

type ModeInstance = Pick<RadarInstance, 'mode' | 'url' | 'app' | 'consoleCommand' | 'consoleDone'> & { workers: Worker[]; stopTakingWork?: () => Promise<void> };
/** What every mode's Slack app is built with besides its receiver: the features' registry and the project resolver. */
type Features = Pick<SlackAppOptions, 'commands' | 'resolveProject' | 'limits'> & { work: WorkTracker };

async function startMode(
  config: Config,
  deps: RadarDeps,
  features: Features,
  options: StartOptions,
  health: () => Promise<HealthReport>,
  closers: (() => Promise<void>)[],
): Promise<ModeInstance> {
  const bolt = boltLogger(deps.logger, config.logLevel === 'debug' ? LogLevel.DEBUG : LogLevel.WARN);

  if (config.mode === 'http') {
    const logger = deps.logger.child({ component: 'http' });
    // Installs from a link (SLACK_CLIENT_ID): each workspace's installation and token from the store.
    const oauth = config.oauth ? await startOAuth(config, deps, bolt) : null;
    const receiver = new HttpReceiver({
      ...(oauth ? { pages: oauth.pages } : {}),
      signingSecret: config.slack.signingSecret ?? '',
      port: config.port,
      logger,
      boltLogger: bolt,
      health,
      limits: features.limits,
      replayGuard: createReplayGuard({ store: deps.store, logger }),
      draining: () => features.work.draining,
      httpLimits: edgeLimits(config, options),
      trustedProxies: config.edge.trustedProxies,
    });
    const { app, workers, installation } = createSlackApp(deps, {
      ...features,
      receiver,
      ...(oauth
        ? {
            authorize: oauth.authorize,
            requestInstallation: oauth.installationOf,
            backgroundClient: oauth.backgroundClient,
            ...(deps.workspaces ? { workspaceScope: deps.workspaces.middleware(oauth.installationOf) } : {}),
          }
        : { botToken: config.slack.botToken ?? '' }),
      apiUrl: config.slack.apiUrl,
    });
    // Learned while the server comes up: a request that arrives first waits for the same answer.
    // (OAuth mode: each request's installation comes with it.)
    const learning = oauth ? logInstallations(oauth, deps) : learnInstallation(installation, deps);
    const server = (await app.start()) as unknown as RunningServer;
    closers.push(() => app.stop().then(() => undefined));
    await learning;
    return { mode: 'http', url: server.url, app, workers };
  }

  if (config.mode === 'socket') {
    // SLACK_API_URL reaches apps.connections.open as well as every other call. The health server
    // comes up first and says `socket: connecting`; start then waits for the first connection at
    // most `timing.socketConnectTimeoutMs` and fails with one line (see receivers/socket-mode.ts).
    const deliveries = createReplayGuard({ store: deps.store, logger: deps.logger.child({ component: 'socket' }) });
    const socket = createSocketMode({
      appToken: config.slack.appToken ?? '',
      apiUrl: config.slack.apiUrl,
      logger: bolt,
      pingTimeoutMs: deps.timing.socketPingTimeoutMs,
      onMalformed: (reason, envelopeId) => deps.logger.warn('acknowledged and dropped a malformed Socket Mode envelope', { reason, envelopeId }),
      // Unknown (the store frozen): acknowledged and not acted on, never acted on twice. An event
      // is claimed by its event_id too (the HTTP edge's key): Slack retries an event in a new envelope.
      firstDelivery: async ({ envelopeId, eventId }) =>
        (await deliveries(`envelope:${envelopeId}`, DELIVERY_WINDOW_MS)) === 'first' && (eventId === null || (await deliveries(`event:${eventId}`, DELIVERY_WINDOW_MS)) === 'first'),
      onRedelivered: ({ envelopeId, eventId }) =>
        deps.logger.info(eventId ? 'ignored a Socket Mode event delivered again' : 'ignored a Socket Mode envelope delivered again', { envelopeId, ...(eventId ? { eventId } : {}) }),
    });
    const { app, workers, installation } = createSlackApp(deps, { ...features, receiver: socket.receiver, botToken: config.slack.botToken ?? '', apiUrl: config.slack.apiUrl });
    const socketHealth = async (): Promise<HealthReport> => {
      const report = await health();
      const connected = socket.state() === 'connected';
      return { ...report, ok: report.ok && connected, socket: { state: socket.state(), connections: socket.connections() } };
    };
    const server: RunningServer = await startHttpServer({
      port: config.port,
      health: socketHealth,
      logger: deps.logger.child({ component: 'http' }),
      limits: edgeLimits(config, options),
      trustedProxies: config.edge.trustedProxies,
    });
    closers.push(() => server.close());
    closers.push(() => app.stop().then(() => undefined));
    deps.logger.info('Socket Mode: connecting to Slack', { apiUrl: config.slack.apiUrl, health: `${server.url}/healthz` });
    await socket.connect(() => app.start(), deps.timing.socketConnectTimeoutMs);
    await learnInstallation(installation, deps);
    // Draining closes the connection: Slack sends new envelopes to the app's other connections.
    return { mode: 'socket', url: server.url, app, workers, stopTakingWork: () => app.stop().then(() => undefined) };
  }

  // Console mode: the real app, a receiver fed from the terminal, and a local Web API that prints
  // (loaded only here: HTTP and Socket Mode start without them).
  const [{ startLocalWebApi, LOCAL_WORKSPACE }, { ConsoleReceiver }, { runConsole }, { Screen }] = await Promise.all([
    import('./slack/local-web-api/index.js'),
    import('./console/console-receiver.js'),
    import('./console/run-console.js'),
    import('./console/screen.js'),
  ]);
  const output = options.consoleOutput ?? process.stdout;
  const screen = new Screen();
  // Until the console loop takes over (or when there is none), calls are printed as they come.
  let sink = (call: WebApiCall) => {
    const text = screen.render(call);
    if (text) output.write(text);
  };
  const webApi: LocalWebApi = await startLocalWebApi({
    users: { U0CONSOLE: { name: 'you', real_name: 'Console User' } },
    channels: { C0CONSOLE: { name: 'console' } },
    onCall: (call) => sink(call),
  });
  closers.push(() => webApi.close());
  const receiver = new ConsoleReceiver(
    {
      teamId: LOCAL_WORKSPACE.teamId,
      teamDomain: LOCAL_WORKSPACE.teamDomain,
      channelId: 'C0CONSOLE',
      channelName: 'console',
      userId: 'U0CONSOLE',
      userName: 'you',
      apiAppId: LOCAL_WORKSPACE.appId,
    },
    () => webApi.responseUrl(),
  );
  // The console is the local workspace: Radar knows who it is without asking.
  const local: Installation = { teamId: LOCAL_WORKSPACE.teamId, teamName: LOCAL_WORKSPACE.teamName, enterpriseId: null, appId: LOCAL_WORKSPACE.appId, botUserId: LOCAL_WORKSPACE.botUserId, botId: LOCAL_WORKSPACE.botId };
  const { app, workers } = createSlackApp(deps, { ...features, receiver, botToken: 'xoxb-console', apiUrl: webApi.url, installation: () => Promise.resolve(local) });
  const consoleDone = options.consoleInput
    ? runConsole({
        input: options.consoleInput,
        output,
        receiver,
        interactive: options.consoleInteractive ?? false,
        webApi,
        screen,
        onCall: (next) => (sink = next),
        pendingScans: async () => (await deps.pendingScans.listAll()).length,
        scanGiveUpMs: deps.timing.scanGiveUpMs,
      })
    : undefined;
  return { mode: 'console', url: null, app, workers, consoleCommand: (text) => receiver.command(text), ...(consoleDone ? { consoleDone } : {}) };
}

/** The edge's limits: the configured share per client, then what the caller overrides (tests). */
function edgeLimits(config: Config, options: StartOptions): Partial<HttpLimits> {
  return { maxConnectionsPerClient: config.edge.connectionsPerClient, ...options.httpLimits };
}

/** OAuth mode's per-workspace service keys (src/slack/workspace-service.ts): a client per key, on SVC_BASE_URL. */
async function startWorkspaces(
  config: Config,
  parts: { store: RadarDeps['store']; logger: Logger; now: () => Date; timing: Timing; options: StartOptions; baseUrl: string; pauses: SharedPauses },
): Promise<WorkspaceService> {
  const [{ createWorkspaceService }, { createServiceKeysRepo }, { createSecretBox }, { createInstallationLookup }] = await Promise.all([
    import('./slack/workspace-service.js'),
    import('./store/service-keys.js'),
    import('./store/crypto.js'),
    import('./store/team-installations.js'),
  ]);
  if (!config.encryption) throw new Error('OAuth mode needs RADAR_ENCRYPTION_KEY');
  const { store, logger, now, timing, options, pauses } = parts;
  return createWorkspaceService({
    keys: createServiceKeysRepo(store, createSecretBox(config.encryption), { now }),
    lookup: createInstallationLookup(store, { now }),
    clientFor: (apiKey, purpose) =>
      createServiceClient({
        groupConcurrency: timing.serviceGroupConcurrency,
        baseUrl: parts.baseUrl,
        now,
        apiKey,
        logger: logger.child({ component: 'service' }),
        // The connect modal's check answers within Slack's 3 seconds: sent once.
        retry: purpose === 'check' ? false : { ...config.tuning.serviceRetry, ...options.serviceRetry },
        ...(options.serviceTimeouts ? { timeouts: options.serviceTimeouts } : {}),
        pauses,
      }),
    logger: logger.child({ component: 'workspaces' }),
  });
}

/** OAuth mode's parts (src/slack/oauth.ts), on the store, with every Slack call on SLACK_API_URL. */
async function startOAuth(config: Config, deps: RadarDeps, bolt: ReturnType<typeof boltLogger>): Promise<OAuth> {
  const { createOAuth } = await import('./slack/oauth.js');
  const { createSecretBox } = await import('./store/crypto.js');
  if (!config.oauth || !config.encryption) throw new Error('OAuth mode needs SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET and RADAR_ENCRYPTION_KEY');
  return createOAuth({
    ...config.oauth,
    apiUrl: config.slack.apiUrl,
    store: deps.store,
    box: createSecretBox(config.encryption),
    logger: deps.logger.child({ component: 'oauth' }),
    boltLogger: bolt,
    trustedProxies: config.edge.trustedProxies,
    ...(deps.workspaces ? { lookup: deps.workspaces.lookup } : {}),
    now: deps.now,
  });
}

/** OAuth mode at start: how many installations the store holds (a failure is logged, not fatal). */
async function logInstallations(oauth: OAuth, deps: RadarDeps): Promise<void> {
  try {
    const all = await oauth.installations.list();
    deps.logger.info('installs from a link: on', { installations: all.length, install: '/slack/install' });
  } catch (error) {
    deps.logger.warn('could not list the installations at start', { error });
  }
}

/**
 * Learns Radar's team and app at start (`auth.test`), so the first request is not kept waiting (in
 * HTTP mode while the server starts listening); a
 * failure is logged and learning is retried on the next request (served only once it succeeds).
 */
async function learnInstallation(installation: () => Promise<Installation>, deps: RadarDeps): Promise<void> {
  try {
    const me = await installation();
    deps.logger.info('Slack installation', { team: me.teamId, enterprise: me.enterpriseId, app: me.appId });
  } catch (error) {
    deps.logger.warn('could not learn the Slack installation (auth.test); requests are refused until it answers', { error });
  }
}

/**
 * `/healthz`: store and service reachability. The replica is healthy (`ok`) only while its store
 * answers a write probe within the store's command timeout; the service's reachability is reported
 * but does not clear `ok`, or a service outage would take every replica out of rotation. The
 * service is probed at most every 5 seconds, one probe at a time, started after an answer and
 * never waited for: the answer carries the newest finished probe (`reachable: null` until the
 * first has finished, with `checkedAt` saying when), so neither a hanging service nor the first
 * connection to it makes `/healthz` slow.
 */
function healthReporter(deps: RadarDeps, service: ServiceClient, describe: { checks?: string } = {}): () => Promise<HealthReport> {
  let last: { at: number; reachable: boolean } | null = null;
  let probing: Promise<void> | null = null;
  const probe = () =>
    (probing ??= service
      .health()
      .then(
        () => true,
        () => false,
      )
      .then((reachable) => void (last = { at: deps.now().getTime(), reachable }))
      .finally(() => (probing = null)));
  return async () => {
    const storeReachable = await deps.store.probe().catch(() => false);
    // Started once this answer is on its way: the first connection to the service (and undici's
    // parser, compiled on first use) would otherwise delay it.
    if (!last || deps.now().getTime() - last.at > 5_000) setImmediate(() => void probe());
    return {
      ok: storeReachable,
      mode: deps.config.mode,
      store: { kind: deps.store.kind, reachable: storeReachable },
      service: { reachable: last?.reachable ?? null, checkedAt: last ? new Date(last.at).toISOString() : null, ...describe },
    };
  };
}

/**
 * OAuth mode: what `/healthz`'s service line checks. GET /v1/health needs no key (spec 4.1), so it
 * says the service answers and nothing about any key; each workspace's key is checked when it is
 * connected and by `npm run doctor`.
 */
function healthChecks(withKey: boolean): string {
  return `GET /v1/health ${withKey ? 'with SVC_API_KEY' : 'without a key'}: the service answers; workspaces' keys are checked when connected and by npm run doctor`;
}

export type { Logger, ServiceClient };
