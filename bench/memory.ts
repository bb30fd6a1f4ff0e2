/**
 * Measure 33 (issue 33): memory under one person's flood of commands. 20,000 signed
 * `/radar pricing --project northwind` from one person over HTTP, 100 at a time, to the compiled
 * Radar with fair use's per-window limits lifted (so the bound on one person's work under way is
 * what holds, not fair use) and the service's pricing read slowed to 1 s (so work piles up), then
 * the same flood to the bare Bolt app. Each process's RSS (VmRSS from /proc) before, its peak
 * while the flood is sent, and after: each second for a minute once the last ack is in.
 * Targets: Radar's peak RSS under 400 MiB, and back near idle (within 1.3x of its RSS before)
 * within a minute. Radar runs as `npm start` runs it. The bare app is the control for "back near idle": it keeps
 * nothing, so what it does not give back a minute after is V8's and the allocator's, not an app's.
 */
import { CHANNELS, USERS } from '../test/support/slack-fixtures.js';
import type { BurstAck, BurstOrder } from './burst-worker.js';
import { spawnBare, spawnRadar, type ProcessMemory, type SpawnedApp } from './spawn-app.js';
import type { Measure, TargetCheck } from './support.js';
import { MIB, round, sampleRss } from './support.js';
import { errorLines, SIGNING_SECRET, startBurstWorker, startServices } from './world.js';

const FLOOD = 20_000;
const SENDERS = 100;
const WARM_UP = 20;
const PEAK_TARGET_MIB = 400;
const NEAR_IDLE_RATIO = 1.3;
const AFTER_MS = 60_000;
const SERVICE_LATENCY_MS = 1_000;
const TEXT = 'pricing --project northwind';

const busyAck = (ack: BurstAck) => typeof (ack.body as { text?: unknown } | null)?.text === 'string' && (ack.body as { text: string }).text.startsWith('Radar is busy');
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface FloodMemory {
  beforeBytes: number;
  peakBytes: number;
  /** RSS a minute after the last ack. */
  afterBytes: number;
  /** Seconds from the last ack until RSS was within NEAR_IDLE_RATIO of before (null: not within the minute). */
  nearIdleS: number | null;
  acks: BurstAck[];
  answers: number;
  /** What the process says of its memory a minute after the last ack (V8's heap spaces, buffers). */
  inside: ProcessMemory | null;
  /** The same after a full garbage collection, and RSS then: what is live, and what RSS comes back to. */
  afterGc: ProcessMemory | null;
  afterGcRssBytes: number;
}

/** One flood at `app`: RSS before, peak while sending, and each second for a minute after. */
async function floodOf(app: SpawnedApp): Promise<FloodMemory> {
  const order: BurstOrder = {
    url: `${app.url}/slack/events`,
    signingSecret: SIGNING_SECRET,
    responseUrlBase: '',
    ownResponseUrls: true,
    warmUp: WARM_UP,
    warmUpUser: USERS.carol,
    warmUpChannel: CHANNELS.private,
    count: FLOOD,
    senders: SENDERS,
    text: TEXT,
    channel: CHANNELS.general,
    user: USERS.alice,
  };
  const burst = startBurstWorker(order);
  try {
    await burst.ready;
    // The warm-up's answers land (and its garbage is collected as it would be) before the measure.
    await settle(2_000);
    const beforeBytes = app.memory().rssBytes;
    const sampler = sampleRss(20, () => app.memory().rssBytes);
    burst.go();
    const acks = await burst.acks;
    const { peakBytes } = sampler.stop();
    let nearIdleS: number | null = null;
    let afterBytes = app.memory().rssBytes;
    for (let s = 0; s <= AFTER_MS / 1000; s++) {
      afterBytes = app.memory().rssBytes;
      if (nearIdleS === null && afterBytes <= beforeBytes * NEAR_IDLE_RATIO) nearIdleS = s;
      if (s < AFTER_MS / 1000) await settle(1_000);
    }
    const inside = await app.memoryUsage().catch(() => null);
    const afterGc = await app.memoryUsage({ gc: true }).catch(() => null);
    const afterGcRssBytes = app.memory().rssBytes;
    return { beforeBytes, peakBytes, afterBytes, nearIdleS, acks, answers: await burst.answers(), inside, afterGc, afterGcRssBytes };
  } finally {
    await burst.stop();
  }
}

export const memory: Measure = {
  id: 'memory',
  title: '33. One person sends 20,000 commands: RSS before, peak and after',
  async run() {
    const services = await startServices({});
    let radar: SpawnedApp | undefined;
    let bare: SpawnedApp | undefined;
    try {
      services.sandbox.control.addFault({ path: '/v1/projects/prj_northwind/pricing', kind: 'latency', latencyMs: SERVICE_LATENCY_MS });
      // Fair use's per-window limits lifted; the bounds on work under way (per person and overall) at their defaults.
      const env = { RADAR_TIMING: JSON.stringify({ personRequestsPerWindow: 1_000_000, channelRequestsPerWindow: 1_000_000 }) };
      bare = await spawnBare(services.slack.url);
      const bareFlood = await floodOf(bare);
      await bare.stop();
      bare = undefined;
      radar = await spawnRadar(services, env);
      const radarFlood = await floodOf(radar);

      const mib = (bytes: number) => round(bytes / MIB, 1);
      const notOk = (f: FloodMemory) => f.acks.filter((a) => a.status !== 200).length;
      const busy = radarFlood.acks.filter(busyAck).length;
      const admitted = radarFlood.acks.filter((a) => a.status === 200 && !busyAck(a)).length;
      const targets: TargetCheck[] = [
        {
          target: `${FLOOD.toLocaleString('en-US')} commands from one person leave Radar's RSS under ${PEAK_TARGET_MIB} MiB`,
          met: radarFlood.peakBytes / MIB < PEAK_TARGET_MIB && notOk(radarFlood) === 0,
          detail: `peak ${mib(radarFlood.peakBytes)} MiB (before ${mib(radarFlood.beforeBytes)} MiB; bare Bolt peak ${mib(bareFlood.peakBytes)} MiB); acks not 200: ${notOk(radarFlood)}`,
        },
        {
          target: `Radar's RSS back near idle (within ${NEAR_IDLE_RATIO}x of before) within a minute`,
          met: radarFlood.nearIdleS !== null,
          detail:
            radarFlood.nearIdleS !== null
              ? `after ${radarFlood.nearIdleS} s; ${mib(radarFlood.afterBytes)} MiB a minute after the last ack against ${mib(radarFlood.beforeBytes)} MiB before`
              : `${mib(radarFlood.afterBytes)} MiB a minute after the last ack against ${mib(radarFlood.beforeBytes)} MiB before (${round(radarFlood.afterBytes / radarFlood.beforeBytes, 2)}x); ` +
                `the control, bare Bolt that keeps nothing, ${mib(bareFlood.afterBytes)} MiB against ${mib(bareFlood.beforeBytes)} MiB (${round(bareFlood.afterBytes / bareFlood.beforeBytes, 2)}x)` +
                (bareFlood.nearIdleS === null ? ', not back within the minute either' : `, back after ${bareFlood.nearIdleS} s`),
        },
      ];
      const errors = errorLines(radar.stderr().split('\n'));
      const statuses = (f: FloodMemory) => {
        const counts = new Map<number, number>();
        for (const a of f.acks) if (a.status !== 200) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
        return [...counts].map(([status, n]) => `${n} × ${status === 0 ? 'no answer (connection failed)' : `HTTP ${status}`}`).join(', ') || 'none';
      };
      const insideText = (f: FloodMemory) =>
        f.inside
          ? `heap used ${mib(f.inside.heapUsed)} MiB of ${mib(f.inside.heapTotal)} MiB (new space ${mib(f.inside.spaces.new_space ?? 0)} MiB, old space ${mib(f.inside.spaces.old_space ?? 0)} MiB), external ${mib(f.inside.external)} MiB (array buffers ${mib(f.inside.arrayBuffers)} MiB)`
          : 'not reported';
      return {
        method:
          `Radar (dist/main.js, HTTP mode, SQLite store; fair use's per-window limits lifted, the bounds on work under way at their defaults: 10 a person, 200 in all) ` +
          `and the bare Bolt 5 app, each its own process. The sandbox's pricing read answers after ${SERVICE_LATENCY_MS} ms. From a worker thread, ${WARM_UP} commands from another person, ` +
          `then ${FLOOD.toLocaleString('en-US')} signed /radar ${TEXT} from one person, ${SENDERS} at a time (each sender sends its next once acked); answers go to a stand-in in that thread. ` +
          `RSS is VmRSS from /proc: before the flood, its peak sampled every 20 ms until the last ack, then each second for ${AFTER_MS / 1000} s. The bare app first, stopped, then Radar as npm start runs it.`,
        metrics: [
          { name: 'RSS before the flood', value: mib(radarFlood.beforeBytes), unit: 'MiB', baseline: { label: 'bare Bolt', value: mib(bareFlood.beforeBytes) } },
          { name: 'peak RSS during the flood', value: mib(radarFlood.peakBytes), unit: 'MiB', baseline: { label: 'bare Bolt', value: mib(bareFlood.peakBytes) } },
          { name: 'RSS a minute after the last ack', value: mib(radarFlood.afterBytes), unit: 'MiB', baseline: { label: 'bare Bolt', value: mib(bareFlood.afterBytes) } },
          { name: `seconds until RSS within ${NEAR_IDLE_RATIO}x of before`, value: radarFlood.nearIdleS, unit: 's', baseline: { label: 'bare Bolt', value: bareFlood.nearIdleS } },
          { name: 'RSS after a forced full GC, then', value: mib(radarFlood.afterGcRssBytes), unit: 'MiB', baseline: { label: 'bare Bolt', value: mib(bareFlood.afterGcRssBytes) } },
          { name: 'V8 heap live after that GC', value: radarFlood.afterGc ? mib(radarFlood.afterGc.heapUsed) : null, unit: 'MiB', baseline: { label: 'bare Bolt', value: bareFlood.afterGc ? mib(bareFlood.afterGc.heapUsed) : null } },
          { name: 'commands taken', value: admitted, unit: `of ${FLOOD}` },
          { name: 'commands answered "Radar is busy" at once', value: busy, unit: `of ${FLOOD}` },
          { name: 'answers at the response URLs', value: radarFlood.answers, unit: 'answers' },
          { name: 'acks not 200', value: notOk(radarFlood), unit: 'requests', baseline: { label: 'bare Bolt', value: notOk(bareFlood) } },
        ],
        targets,
        notes: [
          `Acks not 200: Radar ${statuses(radarFlood)}; bare Bolt ${statuses(bareFlood)}.`,
          `A minute after the last ack, Radar: ${insideText(radarFlood)}; bare Bolt: ${insideText(bareFlood)}. Both run with V8's default young generation.`,
          ...(errors.length > 0 ? [`Radar logged ${errors.length} error lines, e.g. ${errors[0]?.slice(0, 300) ?? ''}`] : []),
        ],
      };
    } finally {
      await bare?.stop();
      await radar?.stop();
      await services.stop();
    }
  },
};
