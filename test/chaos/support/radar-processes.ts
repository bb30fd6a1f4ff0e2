/**
 * Radar as a child process (test/chaos/support/radar-process.ts), for faults only a real process
 * can have: `kill -9` mid-work, then a new process on the same store. The sandbox and the fake
 * Slack stay in the test process, so they outlive every Radar.
 *
 * The child is `node --import tsx …`, not `node_modules/.bin/tsx …`: the tsx CLI runs the script in
 * a grandchild, and a SIGKILL to the CLI leaves that grandchild (the real Radar) running.
 *
 *   const radar = await spawnRadar({ sandbox, slack, storeUrl, storePrefix, timing });
 *   await radar.driver.command('bind northwind', { channel: CHANNELS.intel });
 *   await radar.kill9();
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import type { Sandbox } from '../../../src/sandbox/index.js';
import type { RetryPolicy } from '../../../src/service/index.js';
import type { Timing } from '../../../src/timing.js';
import type { FakeSlack } from '../../support/fake-slack.js';
import { createSlackDriver, type SlackDriver } from '../../support/slack-driver.js';
import { waitFor } from './wait.js';

export const SIGNING_SECRET = 'chaos-signing-secret-0123456789abcdef';
export const BOT_TOKEN = 'xoxb-chaos-0000000000-radar-bot-token';

/** The line the child prints on stdout once listening (see radar-process.ts). */
const URL_LINE = /^RADAR_URL (\S+)$/;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('./radar-process.ts', import.meta.url));
const START_TIMEOUT_MS = 15_000;

/** Fast background timing for child processes: polls in milliseconds, leases of a second. */
export const CHILD_TIMING: Partial<Timing> = {
  scanPollMinMs: 20,
  scanPollMaxMs: 50,
  scanProgressUpdateMs: 50,
  scanGiveUpMs: 60_000,
  sweepMs: 100,
  leaseTtlMs: 1_000,
};

/** The real retry attempts with millisecond backoff. */
const CHILD_RETRY: Partial<RetryPolicy> = { minDelayMs: 5, maxDelayMs: 20, maxTotalMs: 3_000, maxRetryAfterMs: 50 };

export interface RadarProcessOptions {
  /** A name for error messages ("a", "b", "after restart"). */
  name: string;
  sandbox: Pick<Sandbox, 'url' | 'keys'>;
  slack: Pick<FakeSlack, 'url' | 'responseUrl'>;
  storeUrl: string;
  storePrefix: string;
  timing?: Partial<Timing>;
  /** Extra configuration (e.g. DIGEST_INTERVAL_SECONDS). */
  env?: Record<string, string>;
}

export interface RadarProcess {
  readonly name: string;
  /** Base URL of its HTTP server. */
  readonly url: string;
  /** Signed Slack requests to this process. */
  readonly driver: SlackDriver;
  /** Every stderr line so far (Radar's JSON log lines, and anything else the process wrote). */
  readonly logs: readonly string[];
  /** Parsed log lines whose `msg` is `msg`. */
  logged(msg: string): Record<string, unknown>[];
  /** True until the process has exited. */
  alive(): boolean;
  /** `kill -9`: no shutdown hook runs; resolves once the process is gone. */
  kill9(): Promise<void>;
  /** A clean stop (SIGTERM), or `kill -9` if it does not exit in time. */
  stop(): Promise<void>;
}

/** The secrets a Radar process is given, for the no-secret checks. */
export function processSecrets(sandbox: Pick<Sandbox, 'keys'>): string[] {
  return [...Object.values(sandbox.keys), BOT_TOKEN, SIGNING_SECRET];
}

/** Starts Radar in its own process and resolves once `/healthz` answers. */
export async function spawnRadar(options: RadarProcessOptions): Promise<RadarProcess> {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      SVC_BASE_URL: options.sandbox.url,
      SVC_API_KEY: options.sandbox.keys.readWrite,
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: options.slack.url,
      PORT: '0',
      STORE_URL: options.storeUrl,
      STORE_PREFIX: options.storePrefix,
      LOG_LEVEL: 'debug',
      RADAR_TEST_TIMING: JSON.stringify({ ...CHILD_TIMING, ...options.timing }),
      RADAR_TEST_RETRY: JSON.stringify(CHILD_RETRY),
      ...options.env,
    },
  });
  const logs: string[] = [];
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  createInterface({ input: child.stderr }).on('line', (line) => logs.push(line));
  let announced: string | undefined;
  createInterface({ input: child.stdout }).on('line', (line) => {
    announced ??= URL_LINE.exec(line)?.[1];
  });

  const kill9 = async () => {
    if (exited) return;
    child.kill('SIGKILL');
    await exit;
  };

  let url: string;
  try {
    url = await waitFor(() => {
      if (exited) throw new Error(`Radar process ${options.name} exited while starting:\n${logs.join('\n')}`);
      return announced;
    }, `Radar process ${options.name} to listen`, START_TIMEOUT_MS);
    await waitFor(async () => ((await fetch(`${url}/healthz`).catch(() => null))?.ok ? true : undefined), `Radar process ${options.name} to be healthy`, START_TIMEOUT_MS);
  } catch (error) {
    await kill9();
    throw error;
  }

  return {
    name: options.name,
    url,
    driver: createSlackDriver({ url: `${url}/slack/events`, signingSecret: SIGNING_SECRET, responseUrlBase: options.slack.responseUrl() }),
    logs,
    logged: (msg) => logs.flatMap((line) => {
      const parsed = parseLine(line);
      return parsed?.msg === msg ? [parsed] : [];
    }),
    alive: () => !exited,
    kill9,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

function parseLine(line: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(line);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
