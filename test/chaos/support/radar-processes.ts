/**
 * Radar as a child process, for faults only a real process can have: `kill -9` mid-work, then a
 * new process on the same store. The child is the real entry, as `npm start` runs it:
 * `node --enable-source-maps dist/main.js` (built first by scripts/build-if-stale.mjs), configured
 * through its environment only; shorter background timing goes through RADAR_TIMING and
 * RADAR_SERVICE_RETRY. Its URL is read from the "Radar started" line it logs on stderr. The sandbox
 * and the fake Slack stay in the test process, so they outlive every Radar.
 *
 *   beforeAll(() => buildRadar(), BUILD_TIMEOUT_MS);
 *   const radar = await spawnRadar({ sandbox, slack, storeUrl, storePrefix, timing });
 *   await radar.driver.command('bind northwind', { channel: CHANNELS.intel });
 *   await radar.kill9();
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, rmdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { WAIT_MS } from '../../support/fake-slack.js';
import type { RetryPolicy } from '../../../src/service/index.js';
import type { Timing } from '../../../src/timing.js';
import type { FakeSlack } from '../../support/fake-slack.js';
import { createSlackDriver, type SlackDriver } from '../../support/slack-driver.js';
import { waitFor } from './wait.js';

export const SIGNING_SECRET = 'chaos-signing-secret-0123456789abcdef';
export const BOT_TOKEN = 'xoxb-chaos-0000000000-radar-bot-token';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The real entry, compiled: what `npm start` runs. */
const ENTRY = join(ROOT, 'dist', 'main.js');
const BUILD_SCRIPT = join(ROOT, 'scripts', 'build-if-stale.mjs');
/** How long a process start is waited for before its log is shown: a clearer failure, not a speed bound. */
const START_TIMEOUT_MS = WAIT_MS;
/** How long a `beforeAll` that builds may take (a cold tsc run on a busy machine). */
export const BUILD_TIMEOUT_MS = 180_000;
/** Test files run in parallel processes: one build at a time, the others wait and find dist/ fresh. */
const BUILD_LOCK = join(tmpdir(), `radar-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.lock`);

let built: Promise<void> | undefined;

/** Compiles src/ to dist/ when stale (`node scripts/build-if-stale.mjs`, a no-op when fresh); once per test process. */
export function buildRadar(): Promise<void> {
  built ??= withBuildLock(
    () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, [BUILD_SCRIPT], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('error', reject);
        child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build-if-stale exited with ${code}:\n${output}`))));
      }),
  );
  return built;
}

async function withBuildLock(build: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      // A lock older than a build can take was left by a process that died: take it over.
      const age = Date.now() - (statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > BUILD_TIMEOUT_MS) rmdirSync(BUILD_LOCK, { recursive: false });
      else if (Date.now() > deadline) throw new Error(`timed out waiting for another test process to build dist/ (${BUILD_LOCK})`);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    await build();
  } finally {
    rmdirSync(BUILD_LOCK);
  }
}

/** Fast background timing for child processes: polls in milliseconds, leases of a second. */
export const CHILD_TIMING: Partial<Timing> = {
  scanPollMinMs: 20,
  scanPollMaxMs: 50,
  scanProgressUpdateMs: 50,
  scanGiveUpMs: 60_000,
  sweepMs: 100,
  leaseTtlMs: 1_000,
  // These tests send more commands than a person would; fair use is tested where it is the point.
  personRequestsPerWindow: 100_000,
  channelRequestsPerWindow: 100_000,  // Likewise one person's commands under way at once (test/slack/drain.test.ts tests the bound).
  maxRequestsInFlightPerPerson: 100_000,
};

/** The real retry attempts with millisecond backoff. */
export const CHILD_RETRY: Partial<RetryPolicy> = { minDelayMs: 5, maxDelayMs: 20, maxTotalMs: 3_000, maxRetryAfterMs: 50 };

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
  /** Every output line so far (Radar's JSON log lines on stderr, and anything else the process wrote). */
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

/** Starts Radar (dist/main.js) in its own process and resolves once `/healthz` answers. */
export async function spawnRadar(options: RadarProcessOptions): Promise<RadarProcess> {
  await buildRadar();
  // Its own working directory, so a developer's .env (which main.ts reads) cannot change the test.
  const cwd = mkdtempSync(join(tmpdir(), 'radar-process-'));
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(process.execPath, ['--enable-source-maps', ENTRY], {
    cwd,
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
      RADAR_TIMING: JSON.stringify({ ...CHILD_TIMING, ...options.timing }),
      RADAR_SERVICE_RETRY: JSON.stringify(CHILD_RETRY),
      // Lease semantics unless a test asks for BullMQ (on Redis the default would be BullMQ jobs).
      BACKGROUND_JOBS: 'in-process',
      ...options.env,
    },
  });
  const logs: string[] = [];
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      rmSync(cwd, { recursive: true, force: true });
      resolve();
    }),
  );
  // Radar logs JSON lines on stderr; once listening, "Radar started" with its url.
  let announced: string | undefined;
  const onLine = (line: string) => {
    logs.push(line);
    const parsed = parseLine(line);
    if (parsed?.msg === 'Radar started' && typeof parsed.url === 'string') announced ??= parsed.url;
  };
  createInterface({ input: child.stderr }).on('line', onLine);
  createInterface({ input: child.stdout }).on('line', onLine);

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
