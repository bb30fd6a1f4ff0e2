/**
 * The world a measure runs in, on loopback: the sandbox of the monitoring service and the local
 * Slack Web API (`src/slack/local-web-api/`, used directly with an `onCall` recorder, so the test
 * fake's Block Kit schema validation does not skew timings) in this process, and Radar in HTTP mode
 * either in this process through `startRadar` (measures that call a worker's `tick()`) or spawned
 * as its own process (`spawn-app.ts`), with a signed-request driver.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.js';
import type { RadarInstance } from '../src/radar.js';
import { startRadar } from '../src/radar.js';
import type { Sandbox, SandboxOptions } from '../src/sandbox/index.js';
import { startSandbox } from '../src/sandbox/index.js';
import type { LocalWebApi, LocalWebApiOptions, WebApiCall } from '../src/slack/local-web-api/index.js';
import { startLocalWebApi } from '../src/slack/local-web-api/index.js';
import type { BindingInput } from '../src/store/bindings.js';
import { SLACK_CHANNELS, SLACK_USERS, TEAM, USERS } from '../test/support/slack-fixtures.js';
import type { SlackDriver } from '../test/support/slack-driver.js';
import type { BurstAck, BurstMessage, BurstOrder } from './burst-worker.js';
import { createSlackDriver } from '../test/support/slack-driver.js';

export const SIGNING_SECRET = 'bench-signing-secret-0123456789abcdef';
export const BOT_TOKEN = 'xoxb-bench-0000000000-radar-bot-token';

interface Waiter {
  match: (call: WebApiCall) => boolean;
  resolve: (call: WebApiCall) => void;
}

/** Every Web API call the local Slack received, and promises for the ones still to come. */
export class CallRecorder {
  readonly calls: WebApiCall[] = [];
  private readonly waiters = new Set<Waiter>();

  /** The local Web API's `onCall` hook. */
  readonly record = (call: WebApiCall): void => {
    this.calls.push(call);
    for (const waiter of this.waiters) {
      if (!waiter.match(call)) continue;
      this.waiters.delete(waiter);
      waiter.resolve(call);
    }
  };

  count(method: string, match: (call: WebApiCall) => boolean = () => true): number {
    return this.calls.filter((c) => c.method === method && match(c)).length;
  }

  /** The first call (already received or still to come) matching `match`. */
  waitFor(match: (call: WebApiCall) => boolean, timeoutMs: number): Promise<WebApiCall> {
    const seen = this.calls.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no matching Slack call within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter: Waiter = {
        match,
        resolve: (call) => {
          clearTimeout(timer);
          resolve(call);
        },
      };
      this.waiters.add(waiter);
    });
  }
}

/** The two services Radar talks to, in this process: the sandbox and the recorded local Slack. */
export interface Services {
  sandbox: Sandbox;
  slack: LocalWebApi;
  calls: CallRecorder;
  stop(): Promise<void>;
}

/** `slackOptions.oauth`: the local Slack also issues tokens per workspace (installs from a link), each posting as its own bot. */
export async function startServices(sandboxOptions: SandboxOptions = {}, slackOptions: Pick<LocalWebApiOptions, 'oauth'> = {}): Promise<Services> {
  const sandbox = await startSandbox({ port: 0, ...sandboxOptions });
  const calls = new CallRecorder();
  const slack = await startLocalWebApi({ users: SLACK_USERS, channels: SLACK_CHANNELS, onCall: calls.record, ...slackOptions });
  return {
    sandbox,
    slack,
    calls,
    async stop() {
      await slack.close();
      await sandbox.close();
    },
  };
}

/** Fair-use limits no measure but the flood reaches (see `radarEnv`). */
export const BENCH_LIMITS = { personRequestsPerWindow: 1_000_000, channelRequestsPerWindow: 1_000_000, maxRequestsInFlight: 1_000_000, maxRequestsInFlightPerPerson: 1_000_000 };

/** Radar's environment in HTTP mode against `services`, with a store in `storeDir`. */
export function radarEnv(services: Pick<Services, 'sandbox' | 'slack'>, storeDir: string): Record<string, string> {
  return {
    SVC_BASE_URL: services.sandbox.url,
    SVC_API_KEY: services.sandbox.keys.readWrite,
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: services.slack.url,
    STORE_URL: `sqlite://${join(storeDir, 'radar.sqlite')}`,
    LOG_LEVEL: 'warn',
    // Digest and watch cycles run when a measure calls `tick()`, never on their own.
    DIGEST_INTERVAL_SECONDS: '86400',
    WATCH_INTERVAL_SECONDS: '86400',
    // The measures time the command path under bursts no person sends: fair use's limits are
    // raised for them, and measured with their defaults by the flood measure (`flood.ts`).
    RADAR_TIMING: JSON.stringify(BENCH_LIMITS),
  };
}

/** A signed-request driver for the app at `appUrl`, with response URLs on the local Slack. */
export function driverFor(appUrl: string, slack: LocalWebApi): SlackDriver {
  return createSlackDriver({ url: `${appUrl}/slack/events`, signingSecret: SIGNING_SECRET, responseUrlBase: slack.responseUrl() });
}

/** Radar in this process with production timing (measures that call a worker's `tick()`), beside the services. */
export interface BenchWorld extends Services {
  radar: RadarInstance;
  /** Radar's log lines (warn and above). */
  logs: string[];
  /** Binds `channelId` to a project directly in Radar's store (no `/radar bind` round trip). */
  bind(channelId: string, project: { id: string; name: string }, extra?: Partial<BindingInput>): Promise<void>;
}

export async function startBenchWorld(sandboxOptions: SandboxOptions = {}): Promise<BenchWorld> {
  const services = await startServices(sandboxOptions);
  const storeDir = mkdtempSync(join(tmpdir(), 'radar-bench-'));
  const logs: string[] = [];
  const config = loadConfig({ ...radarEnv(services, storeDir), PORT: '0' });
  const radar = await startRadar(config, { logSink: (line) => logs.push(line) });

  return {
    ...services,
    radar,
    logs,
    bind: (channelId, project, extra = {}) =>
      radar.deps.bindings.set({
        teamId: TEAM.id,
        channelId,
        projectId: project.id,
        projectName: project.name,
        boundBy: USERS.alice,
        boundAt: new Date(Date.now() - 86_400_000).toISOString(),
        digestsEnabled: true,
        lastSeenRunId: null,
        failing: null,
        ...extra,
      }),
    async stop() {
      await radar.stop();
      await services.stop();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

/** Radar's error log lines, for a measure's notes (they should be none). */
export function errorLines(logs: readonly string[]): string[] {
  return logs.filter((line) => /"level":"(error|fatal)"/.test(line));
}

/**
 * Sends `/radar <text>` from `user` in `channel` and resolves with the milliseconds until its own
 * answer reached its response_url at the local Slack.
 */
export async function commandToAnswer(services: Services, driver: SlackDriver, text: string, options: { channel: string; user?: string }): Promise<number> {
  const started = performance.now();
  const sentAt = Date.now();
  const ack = await driver.command(text, options);
  if (ack.status !== 200 || !ack.responseUrl) throw new Error(`/radar ${text} was acked with HTTP ${ack.status}`);
  const id = ack.responseUrl.split('/response/')[1];
  const answer = await services.calls.waitFor((c) => c.method === 'response_url' && c.responseUrlId === id, 20_000);
  return Math.max(answer.at - sentAt, performance.now() - started - 5);
}

/**
 * Sends a burst of signed commands from a worker thread (`burst-worker.ts`), so the sender's event
 * loop is not the one receiving the app's answers at the local Slack; resolves with every ack.
 */
export async function burstFromWorker(order: BurstOrder): Promise<BurstAck[]> {
  const burst = startBurstWorker(order);
  await burst.ready;
  burst.go();
  return burst.acks;
}

/** A burst worker loaded and warmed up (`ready`), sending once told to (`go`). */
export function startBurstWorker(order: BurstOrder): { ready: Promise<void>; go(): void; acks: Promise<BurstAck[]>; answers(): Promise<number>; stop(): Promise<void> } {
  const worker = new Worker(new URL('./burst-worker.mjs', import.meta.url), { workerData: { ...order, waitForGo: true } });
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const counted: ((n: number) => void)[] = [];
  const acks = new Promise<BurstAck[]>((resolve, reject) => {
    worker.on('message', (message: BurstMessage) => {
      if (message === 'ready') return markReady();
      if (Array.isArray(message)) {
        resolve(message);
        // With its own response URLs the worker keeps answering them until stopped.
        if (!order.ownResponseUrls) void worker.terminate();
        return;
      }
      counted.shift()?.(message.answers);
    });
    worker.once('error', reject);
  });
  return {
    ready,
    go: () => worker.postMessage('go'),
    acks,
    /** How many answers reached the worker's response URLs so far (`ownResponseUrls`). */
    answers: () =>
      new Promise<number>((resolve) => {
        counted.push(resolve);
        worker.postMessage('answers?');
      }),
    stop: async () => {
      await worker.terminate();
    },
  };
}
