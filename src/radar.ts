/**
 * The composition root: from a parsed Config to a running Radar in the chosen mode (HTTP, Socket
 * Mode, or the console), with the built-in sandbox when no service is configured. Tests start Radar
 * through here too, so what they prove is what runs.
 */
import type { Readable, Writable } from 'node:stream';
import { LogLevel, SocketModeReceiver, type App } from '@slack/bolt';
import type { Config } from './config.js';
import type { RadarDeps, Worker } from './deps.js';
import { createLogger, type Logger } from './log.js';
import { createServiceClient, type RetryPolicy, type ServiceClient, type Timeouts } from './service/index.js';
import { openStore } from './store/open-store.js';
import { createBindingsRepo } from './store/bindings.js';
import { createPendingScansRepo } from './store/pending-scans.js';
import { createDigestLedger } from './store/digest-ledger.js';
import { CommandRegistry } from './slack/commands/registry.js';
import { createSlackApp } from './slack/app.js';
import { boltLogger } from './slack/bolt-logger.js';
import { createHttpReceiver, startHttpServer, type HealthReport, type RunningServer } from './slack/receivers/http-server.js';
import { startLocalWebApi, LOCAL_WORKSPACE, type LocalWebApi } from './slack/local-web-api/index.js';
import { ConsoleReceiver } from './console/console-receiver.js';
import { renderCall, runConsole } from './console/run-console.js';
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
  stop(): Promise<void>;
}

export async function startRadar(config: Config, options: StartOptions = {}): Promise<RadarInstance> {
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
      const sandbox = await startSandbox({ port: 0, speed: config.sandboxSpeed });
      closers.push(() => sandbox.close());
      sandboxUrl = sandbox.url;
      target = { baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite };
    }

    const logger = createLogger({
      level: config.logLevel,
      secrets: [...config.secrets, target.apiKey],
      ...(options.logSink ? { sink: options.logSink } : {}),
    });
    if (sandboxUrl) logger.info('No SVC_BASE_URL set: started the built-in sandbox of the monitoring service with demo data', { url: sandboxUrl });

    const service = createServiceClient({
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      logger: logger.child({ component: 'service' }),
      ...(options.serviceRetry ? { retry: options.serviceRetry } : {}),
      ...(options.serviceTimeouts ? { timeouts: options.serviceTimeouts } : {}),
    });
    closers.push(() => service.close());
    const store = await openStore(config.storeUrl, { logger: logger.child({ component: 'store' }), namespacePrefix: config.storePrefix });
    closers.push(() => store.close());

    const timing: Timing = { ...DEFAULT_TIMING, ...options.timing };
    const deps: RadarDeps = {
      config,
      logger,
      service,
      store,
      bindings: createBindingsRepo(store),
      pendingScans: createPendingScansRepo(store),
      digestLedger: createDigestLedger(store),
      commands: new CommandRegistry(),
      timing,
      background: createLimiter(timing.maxConcurrentPolls),
      now: options.now ?? (() => new Date()),
    };

    const health = healthReporter(deps, service);
    const instance = await startMode(config, deps, options, health, closers);
    for (const worker of instance.workers) {
      await worker.start();
      closers.push(() => worker.stop());
    }
    logger.info('Radar started', { mode: config.mode, store: store.kind, ...(instance.url ? { url: instance.url } : {}) });
    return { ...instance, deps, sandboxUrl, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

type ModeInstance = Pick<RadarInstance, 'mode' | 'url' | 'app' | 'consoleCommand' | 'consoleDone'> & { workers: Worker[] };

async function startMode(
  config: Config,
  deps: RadarDeps,
  options: StartOptions,
  health: () => Promise<HealthReport>,
  closers: (() => Promise<void>)[],
): Promise<ModeInstance> {
  const bolt = boltLogger(deps.logger, config.logLevel === 'debug' ? LogLevel.DEBUG : LogLevel.WARN);

  if (config.mode === 'http') {
    const receiver = createHttpReceiver(config.slack.signingSecret ?? '', bolt);
    const { app, workers } = createSlackApp(deps, { receiver, botToken: config.slack.botToken ?? '', apiUrl: config.slack.apiUrl });
    const server = await startHttpServer({ port: config.port, health, slackListener: receiver.requestListener });
    closers.push(() => server.close());
    return { mode: 'http', url: server.url, app, workers };
  }

  if (config.mode === 'socket') {
    const receiver = new SocketModeReceiver({ appToken: config.slack.appToken ?? '', logger: bolt });
    const { app, workers } = createSlackApp(deps, { receiver, botToken: config.slack.botToken ?? '', apiUrl: config.slack.apiUrl });
    await app.start();
    closers.push(() => app.stop().then(() => undefined));
    const server: RunningServer = await startHttpServer({ port: config.port, health });
    closers.push(() => server.close());
    return { mode: 'socket', url: server.url, app, workers };
  }

  // Console mode: the real app, a receiver fed from the terminal, and a local Web API that prints.
  const output = options.consoleOutput ?? process.stdout;
  const webApi: LocalWebApi = await startLocalWebApi({
    users: { U0CONSOLE: { name: 'you', real_name: 'Console User' } },
    onCall: (call) => {
      const text = renderCall(call);
      if (text) output.write(text);
    },
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
  const { app, workers } = createSlackApp(deps, { receiver, botToken: 'xoxb-console', apiUrl: webApi.url });
  const consoleDone = options.consoleInput
    ? runConsole({ input: options.consoleInput, output, receiver, interactive: options.consoleInteractive ?? false })
    : undefined;
  return { mode: 'console', url: null, app, workers, consoleCommand: (text) => receiver.command(text), ...(consoleDone ? { consoleDone } : {}) };
}

/** `/healthz`: store and service reachability, the service probed at most every 5 seconds. */
function healthReporter(deps: RadarDeps, service: ServiceClient): () => Promise<HealthReport> {
  let cached: { at: number; reachable: boolean } | null = null;
  return async () => {
    const storeReachable = await deps.store.ping().catch(() => false);
    if (!cached || Date.now() - cached.at > 5_000) {
      const reachable = await service.health().then(
        () => true,
        () => false,
      );
      cached = { at: Date.now(), reachable };
    }
    return {
      ok: storeReachable && cached.reachable,
      mode: deps.config.mode,
      store: { kind: deps.store.kind, reachable: storeReachable },
      service: { reachable: cached.reachable },
    };
  };
}

export type { Logger, ServiceClient };
