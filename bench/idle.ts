/**
 * Measure 5: start-up time and idle RSS of Radar in HTTP mode as its own process (`node --import tsx
 * src/main.ts`, as `npm start` runs it), beside the bare Bolt app started the same way. Start-up is
 * the time from spawn until `/healthz` answers; idle RSS is read from /proc after it settles.
 */
import { spawnBare, spawnRadar, type SpawnedApp } from './spawn-app.js';
import type { Measure } from './support.js';
import { MIB, percentile, round } from './support.js';
import { startServices } from './world.js';

const RUNS = 3;
const SETTLE_MS = 2_000;

interface Sample {
  startupMs: number;
  idleRssBytes: number;
  peakRssBytes: number;
}

/** Starts the app `RUNS` times in turn; each time lets it settle, reads its memory and stops it. */
async function samples(start: () => Promise<SpawnedApp>): Promise<Sample[]> {
  const out: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    const app = await start();
    try {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const memory = app.memory();
      out.push({ startupMs: app.startupMs, idleRssBytes: memory.rssBytes, peakRssBytes: memory.peakBytes });
    } finally {
      await app.stop();
    }
  }
  return out;
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
      const radar = await samples(() => spawnRadar(services));
      const bare = await samples(() => spawnBare(services.slack.url));
      const row = (name: string, unit: string, pick: (s: Sample) => number, divisor = 1) => ({
        name,
        value: median(radar, pick, divisor),
        unit,
        baseline: { label: 'bare Bolt', value: median(bare, pick, divisor) },
      });
      return {
        method:
          `Each app spawned ${RUNS} times as its own process with "node --import tsx" (TypeScript compiled on load, for both): Radar's src/main.ts in ` +
          `HTTP mode (env pointing at a sandbox and the local Slack, a fresh SQLite store), and the bare Bolt app (same receiver and server). Start-up ` +
          `is spawn to the first 200 from /healthz (polled every 5 ms); idle RSS is VmRSS from /proc ${SETTLE_MS / 1000} s later, peak is VmHWM. Medians of ${RUNS}.`,
        metrics: [
          row('start-up to /healthz', 'ms', (s) => s.startupMs),
          row('idle RSS', 'MiB', (s) => s.idleRssBytes, MIB),
          row('peak RSS while starting', 'MiB', (s) => s.peakRssBytes, MIB),
        ],
        targets: [],
        notes: ['Issue 7 sets no target for this measure; it is reported beside the bare app.'],
      };
    } finally {
      await services.stop();
    }
  },
};
