/**
 * Measure 5: start-up time and idle RSS of Radar in HTTP mode as its own process (compiled
 * `dist/main.js`, as `npm start` runs it), beside the bare compiled Bolt app. Start-up is the time
 * from spawn until `/healthz` answers; idle RSS is read from /proc after it settles. Targets (the
 * edges issue): start-up within 1.5x of the bare app, idle RSS within 1.3x. The bare app is started a
 * second time in each round as a control: what the machine (and V8's heuristics) make of the same
 * app twice is stated beside Radar's ratios.
 */
import { spawnBare, spawnRadar, type SpawnedApp } from './spawn-app.js';
import type { Measure } from './support.js';
import { MIB, percentile, round } from './support.js';
import { startServices } from './world.js';

const RUNS = 7;
const STARTUP_RATIO_TARGET = 1.5;
const IDLE_RSS_RATIO_TARGET = 1.3;
const SETTLE_MS = 2_000;

interface Sample {
  startupMs: number;
  idleRssBytes: number;
  peakRssBytes: number;
}

/** Starts the app once, lets it settle, reads its memory and stops it. */
async function sample(start: () => Promise<SpawnedApp>): Promise<Sample> {
  const app = await start();
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const memory = app.memory();
    return { startupMs: app.startupMs, idleRssBytes: memory.rssBytes, peakRssBytes: memory.peakBytes };
  } finally {
    await app.stop();
  }
}

function median(list: readonly Sample[], pick: (s: Sample) => number, divisor = 1): number | null {
  return round((percentile(list.map(pick), 50) ?? 0) / divisor, divisor === 1 ? 0 : 1);
}

export const idle: Measure = {
  id: 'idle',
  title: '5. Start-up time and idle RSS in HTTP mode',
  async run() {
    const services = await startServices();
    try {
      // Alternated, so a machine that gets busier or quieter during the measure weighs on both alike.
      const radar: Sample[] = [];
      const bare: Sample[] = [];
      const control: Sample[] = [];
      for (let i = 0; i < RUNS; i++) {
        radar.push(await sample(() => spawnRadar(services)));
        bare.push(await sample(() => spawnBare(services.slack.url)));
        control.push(await sample(() => spawnBare(services.slack.url)));
      }
      const ratio = (pick: (s: Sample) => number, of: readonly Sample[] = radar) => {
        const r = percentile(of.map(pick), 50);
        const b = percentile(bare.map(pick), 50);
        return r !== null && b !== null && b > 0 ? r / b : null;
      };
      const startupRatio = ratio((s) => s.startupMs);
      const rssRatio = ratio((s) => s.idleRssBytes);
      const controlStartupRatio = ratio((s) => s.startupMs, control);
      const controlRssRatio = ratio((s) => s.idleRssBytes, control);
      const each = (list: readonly Sample[]) => list.map((s) => round(s.idleRssBytes / MIB, 0)).join(', ');
      const row = (name: string, unit: string, pick: (s: Sample) => number, divisor = 1) => ({
        name,
        value: median(radar, pick, divisor),
        unit,
        baseline: { label: 'bare Bolt', value: median(bare, pick, divisor) },
      });
      return {
        method:
          `Each app spawned ${RUNS} times, Radar, the bare app and the bare app again (the control) in turn, each as its own process running compiled JavaScript ("node --enable-source-maps"): Radar's dist/main.js in ` +
          `HTTP mode (env pointing at a sandbox and the local Slack, a fresh SQLite store), and a bare Bolt 5 app (bench/bare-bolt-app.mjs: Bolt's own HTTPReceiver, a /healthz custom route). Start-up ` +
          `is spawn to the first 200 from /healthz (polled every 5 ms); idle RSS is VmRSS from /proc ${SETTLE_MS / 1000} s later, peak is VmHWM. Medians of ${RUNS}.`,
        metrics: [
          row('start-up to /healthz', 'ms', (s) => s.startupMs),
          row('idle RSS', 'MiB', (s) => s.idleRssBytes, MIB),
          row('peak RSS while starting', 'MiB', (s) => s.peakRssBytes, MIB),
          { name: 'start-up ratio to bare Bolt', value: round(startupRatio, 2), unit: 'x' },
          { name: 'idle RSS ratio to bare Bolt', value: round(rssRatio, 2), unit: 'x' },
          { name: 'control: the bare app again, start-up ratio', value: round(controlStartupRatio, 2), unit: 'x' },
          { name: 'control: the bare app again, idle RSS ratio', value: round(controlRssRatio, 2), unit: 'x' },
        ],
        targets: [
          {
            target: `start-up to /healthz within ${STARTUP_RATIO_TARGET}x of the bare app`,
            met: startupRatio === null ? null : startupRatio <= STARTUP_RATIO_TARGET,
            detail: `${round(startupRatio, 2)}x against ${STARTUP_RATIO_TARGET}x (the same bare app twice: ${round(controlStartupRatio, 2)}x)`,
          },
          {
            target: `idle RSS within ${IDLE_RSS_RATIO_TARGET}x of the bare app`,
            met: rssRatio === null ? null : rssRatio <= IDLE_RSS_RATIO_TARGET,
            detail: `${round(rssRatio, 2)}x against ${IDLE_RSS_RATIO_TARGET}x (the same bare app twice: ${round(controlRssRatio, 2)}x)`,
          },
        ],
        notes: [
          `Idle RSS of each start (MiB): Radar ${each(radar)}; bare Bolt ${each(bare)}; the bare app again ${each(control)}. ` +
            `Each app idles in one of two states about 10 MiB apart: in some starts V8 has grown its young generation (a 36 MiB reservation, ~10 MiB of it touched, /proc/<pid>/smaps) and in others not.`,
        ],
      };
    } finally {
      await services.stop();
    }
  },
};
