/**
 * Runs an app as its own process, compiled JavaScript as `npm start` runs Radar (the Node flags of
 * package.json's `start` script, read from it, and `dist/main.js`; the bench builds `dist/` first),
 * so the load generator, the sandbox and the local Slack in the bench process never share its event
 * loop. The bare baseline runs with `--enable-source-maps` alone, as a plain app would. Resolves
 * once `/healthz` answers 200, with how long that took.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { processMemory, waitUntil } from './support.js';
import type { Services } from './world.js';
import { BOT_TOKEN, SIGNING_SECRET, radarEnv, startServices } from './world.js';
import type { SandboxOptions } from '../src/sandbox/index.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Radar's compiled entry and the bare baseline's, relative to the repository root. */
export const ENTRIES = { radar: 'dist/main.js', bare: 'bench/bare-bolt-app.mjs' } as const;
/** Loaded into every spawned app: answers 'cpu?' over IPC with its `process.cpuUsage()`. */
const CPU_PROBE = new URL('./cpu-probe.mjs', import.meta.url).href;

/** The Node flags `npm start` gives Radar: what package.json's `start` script puts between `node` and the entry. */
export function startFlags(): string[] {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const words = start.trim().split(/\s+/);
  const entry = words.indexOf(ENTRIES.radar);
  if (words[0] !== 'node' || entry === -1) throw new Error(`package.json's start script is not "node <flags> ${ENTRIES.radar}": ${start}`);
  return words.slice(1, entry);
}

export interface ProcessMemory extends NodeJS.MemoryUsage {
  spaces: Record<string, number>;
}

export interface SpawnedApp {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Milliseconds from spawn to the first 200 from `/healthz`. */
  startupMs: number;
  pid: number;
  /** Current and peak RSS of the process, from /proc. */
  memory(): { rssBytes: number; peakBytes: number };
  /** What the process wrote to stderr (Radar's log lines). */
  stderr(): string;
  /** The process's own `process.cpuUsage()` (microseconds), asked over IPC (`cpu-probe.mjs`). */
  cpuUsage(): Promise<NodeJS.CpuUsage>;
  /** The process's own `process.memoryUsage()` and V8's heap spaces (physical bytes each), asked over IPC; after a full GC with `gc`. */
  memoryUsage(options?: { gc?: boolean }): Promise<ProcessMemory>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`);
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Spawns `entry` with `env` (plus PATH, HOME and a free PORT) and waits for it to be healthy. */
export async function spawnApp(entry: string, env: Record<string, string>, nodeFlags: readonly string[] = ['--enable-source-maps']): Promise<SpawnedApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const errors: string[] = [];
  const started = performance.now();
  // BENCH_CPU_PROF=<dir>: each app writes a V8 CPU profile there when it exits (to see where its CPU goes).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, `--cpu-prof-name=${entry.replace(/\W+/g, '-')}-${port}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...nodeFlags, ...profile, `--import=${CPU_PROBE}`, entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const cpuUsage = () =>
    new Promise<NodeJS.CpuUsage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${entry} did not report its CPU usage`)), 5_000);
      child.once('message', (message: { cpu: NodeJS.CpuUsage }) => {
        clearTimeout(timer);
        resolve(message.cpu);
      });
      child.send('cpu?');
    });
  const memoryUsage = ({ gc = false } = {}) =>
    new Promise<ProcessMemory>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${entry} did not report its memory usage`)), 5_000);
      const onMessage = (message: { mem?: ProcessMemory }) => {
        if (!message.mem) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message.mem);
      };
      child.on('message', onMessage);
      child.send(gc ? 'mem-gc?' : 'mem?');
    });
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited(child, 5_000);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child, 5_000);
    }
  };
  try {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}: ${errors.join('').slice(0, 400)}`);
        return healthy(url);
      },
      `${entry} to answer /healthz`,
      { timeoutMs: 30_000, everyMs: 5 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const startupMs = performance.now() - started;
  return { url, pid: child.pid ?? 0, startupMs, memory: () => processMemory(child.pid ?? 0), stderr: () => errors.join(''), cpuUsage, memoryUsage, stop };
}

/**
 * Radar's compiled entry in HTTP mode against `services`, with a fresh SQLite store; `env` adds or
 * overrides variables; `nodeFlags` (default `npm start`'s) the Node flags.
 */
export async function spawnRadar(services: Pick<Services, 'sandbox' | 'slack'>, env: Record<string, string> = {}, nodeFlags: readonly string[] = startFlags()): Promise<SpawnedApp> {
  const storeDir = mkdtempSync(join(tmpdir(), 'radar-bench-'));
  const app = await spawnApp(ENTRIES.radar, { ...radarEnv(services, storeDir), ...env }, nodeFlags).catch((error: unknown) => {
    rmSync(storeDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...app,
    async stop() {
      await app.stop();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

/** The bare baseline app, talking to the local Slack at `slackUrl`. */
export function spawnBare(slackUrl: string, env: Record<string, string> = {}): Promise<SpawnedApp> {
  return spawnApp(ENTRIES.bare, { SLACK_BOT_TOKEN: BOT_TOKEN, SLACK_SIGNING_SECRET: SIGNING_SECRET, SLACK_API_URL: slackUrl, ...env });
}

/**
 * Starts the services (sandbox and local Slack), then Radar and the bare app each as its own process,
 * runs `measure` with them, and stops all three whatever happened: the preamble of every measure
 * that compares Radar with the bare app.
 */
export async function withRadarAndBare<T>(
  sandboxOptions: SandboxOptions,
  measure: (apps: { services: Services; radarApp: SpawnedApp; bareApp: SpawnedApp }) => Promise<T>,
): Promise<T> {
  const services = await startServices(sandboxOptions);
  let radarApp: SpawnedApp | undefined;
  let bareApp: SpawnedApp | undefined;
  try {
    radarApp = await spawnRadar(services);
    bareApp = await spawnBare(services.slack.url);
    return await measure({ services, radarApp, bareApp });
  } finally {
    await bareApp?.stop();
    await radarApp?.stop();
    await services.stop();
  }
}
