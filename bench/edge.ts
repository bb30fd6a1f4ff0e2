/**
 * Measure 6: Radar at its edge, as its own compiled process beside the bare compiled Bolt app.
 * - A burst of 1,000 signed `/radar help` commands sent at once: every ack under Slack's 3 s, and
 *   Radar's p99 within 1.5x of the bare app's under the same burst.
 * - 20 concurrent unsigned 50 MB POSTs to /slack/events (declared Content-Length), then 20 chunked
 *   50 MB POSTs with a fresh timestamp and a wrong signature: all refused, and Radar's RSS grows by
 *   less than 20 MiB while they are sent (peak VmRSS during the flood minus VmRSS before it).
 */
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { CHANNELS } from '../test/support/slack-fixtures.js';
import { startRadarListeners } from '../test/support/radar-listeners.js';
import { spawnBare, withRadarAndBare } from './spawn-app.js';
import type { Measure, Metric, TargetCheck } from './support.js';
import { MIB, ackStats, processMemory, round, sampleRss, waitUntil } from './support.js';
import type { BurstOrder } from './burst-worker.js';
import { burstFromWorker, driverFor, errorLines, SIGNING_SECRET } from './world.js';

const BURST = 1_000;
const WARM_UP = 50;
const P99_RATIO_TARGET = 1.5;
const SLACK_ACK_LIMIT_MS = 3_000;
const FLOOD = 20;
const FLOOD_BYTES = 50 * MIB;
const RSS_GROWTH_TARGET_MIB = 20;

interface Refusal {
  /** HTTP status, or 0 when the server closed the connection before answering. */
  status: number;
  /** Bytes the client managed to hand to the socket before the answer or the close. */
  sentBytes: number;
}

/** POSTs `bytes` of zeros to `url` in 64 KiB chunks, stopping as soon as the server answers or closes. */
function hostilePost(url: string, bytes: number, headers: Record<string, string>): Promise<Refusal> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024);
    let sent = 0;
    let settled = false;
    const done = (status: number) => {
      if (settled) return;
      settled = true;
      req.destroy();
      resolve({ status, sentBytes: sent });
    };
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.on('error', () => done(0));
    const pump = () => {
      while (!settled && sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!settled && sent >= bytes) req.end();
    };
    pump();
  });
}

/** `BURST` signed `/radar help` at once, after `WARM_UP` of them. */
const r0 = (acks: Parameters<typeof ackStats>[0]) => ackStats(acks).p99;

const helpBurst = (appUrl: string, responseUrlBase: string): BurstOrder => ({
  url: `${appUrl}/slack/events`,
  signingSecret: SIGNING_SECRET,
  responseUrlBase,
  warmUp: WARM_UP,
  count: BURST,
  text: 'help',
  channel: CHANNELS.intel,
});

export const edge: Measure = {
  id: 'edge',
  title: '6. The edge: a burst of 1,000 /radar help, and 50 MB bodies nobody signed',
  run() {
    return withRadarAndBare({}, async ({ services, radarApp, bareApp }) => {
      const radar = driverFor(radarApp.url, services.slack);
      const answers = () => services.calls.count('response_url');

      // Bare first, then Radar; each sender warms up, then sends all 1,000 requests at once.
      const cpuMs = (from: NodeJS.CpuUsage, to: NodeJS.CpuUsage) => (to.user - from.user + to.system - from.system) / 1000;
      const bareCpuBefore = await bareApp.cpuUsage();
      const bareAcks = await burstFromWorker(helpBurst(bareApp.url, services.slack.responseUrl()));
      const bareCpu = cpuMs(bareCpuBefore, await bareApp.cpuUsage());
      const before = answers();
      const radarCpuBefore = await radarApp.cpuUsage();
      const radarAcks = await burstFromWorker(helpBurst(radarApp.url, services.slack.responseUrl()));
      const radarCpu = cpuMs(radarCpuBefore, await radarApp.cpuUsage());

      // The control: bare Bolt shaped like Radar (Radar's listeners, as many of each kind, and the
      // message Radar acked help with), so what of the ratio is Bolt's walk over the listeners and the
      // answer's size, and what is Radar's own work, shows in the same run.
      const listeners = await startRadarListeners({ sandbox: services.sandbox });
      const shape = {
        listeners: listeners.recorded.registrations.filter((r) => r.kind !== 'command').map((r) => [r.kind, r.constraint instanceof RegExp ? r.constraint.source : String(r.constraint)]),
        ack: radarAcks.find((a) => a.status === 200)?.body ?? null,
      };
      await listeners.stop();
      const shaped = await spawnBare(services.slack.url, { BARE_SHAPE: JSON.stringify(shape) });
      let shapedAcks;
      let shapedCpu;
      try {
        const shapedCpuBefore = await shaped.cpuUsage();
        shapedAcks = await burstFromWorker(helpBurst(shaped.url, services.slack.responseUrl()));
        shapedCpu = cpuMs(shapedCpuBefore, await shaped.cpuUsage());
      } finally {
        await shaped.stop();
      }
      const c = ackStats(shapedAcks);
      const shapedRatio = r0(radarAcks) !== null && c.p99 !== null && c.p99 > 0 ? (r0(radarAcks) as number) / c.p99 : null;
      // Radar answers help in the ack itself; an answer at the response_url (the warm-up's too) would
      // be one more request. Counted both ways, so neither a missing nor a doubled answer hides.
      const inAck = radarAcks.filter((a) => a.status === 200 && typeof (a.body as { text?: unknown } | null)?.text === 'string').length;
      const viaUrl = () => answers() - before;
      if (inAck < BURST) await waitUntil(() => inAck + viaUrl() >= BURST + WARM_UP, 'every help answer', { timeoutMs: 60_000, everyMs: 50 }).catch(() => undefined);
      const answered = inAck === BURST ? inAck : inAck + viaUrl() - WARM_UP;
      const r = ackStats(radarAcks);
      const b = ackStats(bareAcks);
      const ratio = r.p99 !== null && b.p99 !== null && b.p99 > 0 ? r.p99 / b.p99 : null;

      // The flood: nothing signed, so nothing should be read.
      const pid = radarApp.pid;
      const settle = () => new Promise((resolve) => setTimeout(resolve, 500));
      await settle();
      const rssBefore = processMemory(pid).rssBytes;
      const sampler = sampleRss(10, () => processMemory(pid).rssBytes);
      const eventsUrl = `${radarApp.url}/slack/events`;
      const started = performance.now();
      const declared = await Promise.all(Array.from({ length: FLOOD }, () => hostilePost(eventsUrl, FLOOD_BYTES, { 'content-length': String(FLOOD_BYTES) })));
      const chunked = await Promise.all(
        Array.from({ length: FLOOD }, () =>
          hostilePost(eventsUrl, FLOOD_BYTES, {
            'transfer-encoding': 'chunked',
            'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)),
            'x-slack-signature': `v0=${'0'.repeat(64)}`,
          }),
        ),
      );
      const floodMs = performance.now() - started;
      const { peakBytes } = sampler.stop();
      const growthMib = (peakBytes - rssBefore) / MIB;
      const refusedOf = (list: Refusal[]) => list.filter((x) => x.status !== 200).length;
      const sentMib = (list: Refusal[]) => round(list.reduce((sum, x) => sum + x.sentBytes, 0) / FLOOD / MIB, 1);
      const stillServes = await radar.command('help', { channel: CHANNELS.intel });

      const metrics: Metric[] = [
        { name: 'burst ack p50', value: round(r.p50), unit: 'ms', baseline: { label: 'bare Bolt', value: round(b.p50) } },
        { name: 'burst ack p99', value: round(r.p99), unit: 'ms', baseline: { label: 'bare Bolt', value: round(b.p99) } },
        { name: 'burst ack max', value: round(r.max), unit: 'ms', baseline: { label: 'bare Bolt', value: round(b.max) } },
        { name: 'burst acks not 200', value: r.notOk, unit: 'requests', baseline: { label: 'bare Bolt', value: b.notOk } },
        { name: 'burst p99 ratio to bare Bolt', value: round(ratio, 2), unit: 'x' },
        { name: 'CPU spent on the burst (warm-up included)', value: round(radarCpu, 0), unit: 'ms', baseline: { label: 'bare Bolt', value: round(bareCpu, 0) } },
        { name: 'control: Bolt shaped like Radar, burst ack p99', value: round(c.p99), unit: 'ms', baseline: { label: 'bare Bolt', value: round(b.p99) } },
        { name: 'control: Bolt shaped like Radar, CPU on the burst', value: round(shapedCpu, 0), unit: 'ms', baseline: { label: 'bare Bolt', value: round(bareCpu, 0) } },
        { name: 'burst p99 ratio to Bolt shaped like Radar', value: round(shapedRatio, 2), unit: 'x' },
        { name: 'listeners Bolt walks for each request (shaped like Radar)', value: shape.listeners.length + 1, unit: 'listeners', baseline: { label: 'bare Bolt', value: 2 } },
        { name: 'help commands answered (in the ack)', value: inAck, unit: `of ${BURST}` },
        { name: 'answers at a response_url (warm-up included)', value: viaUrl(), unit: 'posts' },
        { name: 'unsigned 50 MB POSTs refused', value: refusedOf(declared), unit: `of ${FLOOD}` },
        { name: 'chunked, wrongly signed 50 MB POSTs refused', value: refusedOf(chunked), unit: `of ${FLOOD}` },
        { name: 'bytes each sender got onto the socket (declared length)', value: sentMib(declared), unit: 'MiB' },
        { name: 'bytes each sender got onto the socket (chunked)', value: sentMib(chunked), unit: 'MiB' },
        { name: 'RSS growth during the flood (peak - before)', value: round(growthMib, 1), unit: 'MiB' },
        { name: 'flood duration', value: round(floodMs, 0), unit: 'ms' },
      ];
      const targets: TargetCheck[] = [
        {
          target: `every burst ack 200 and under ${SLACK_ACK_LIMIT_MS} ms`,
          met: r.max !== null && r.max < SLACK_ACK_LIMIT_MS && r.notOk === 0,
          detail: `slowest ${round(r.max)} ms; ${r.notOk} not 200`,
        },
        {
          target: `burst p99 within ${P99_RATIO_TARGET}x of the bare app`,
          met: ratio === null ? null : ratio <= P99_RATIO_TARGET,
          detail: `Radar ${round(r.p99)} ms, bare ${round(b.p99)} ms: ${round(ratio, 2)}x against ${P99_RATIO_TARGET}x`,
        },
        { target: 'every help command answered, once', met: answered === BURST && (inAck < BURST || viaUrl() === 0), detail: `${answered} of ${BURST} (${inAck} in the ack, ${viaUrl()} posts to a response_url)` },
        {
          target: `all ${FLOOD * 2} hostile 50 MB POSTs refused, Radar still answering`,
          met: refusedOf(declared) === FLOOD && refusedOf(chunked) === FLOOD && stillServes.status === 200,
          detail: `${refusedOf(declared) + refusedOf(chunked)} refused; /radar help afterwards answered ${stillServes.status}`,
        },
        {
          target: `RSS growth under ${RSS_GROWTH_TARGET_MIB} MiB during the flood`,
          met: growthMib < RSS_GROWTH_TARGET_MIB,
          detail: `${round(growthMib, 1)} MiB (from ${round(rssBefore / MIB, 1)} MiB to a peak of ${round(peakBytes / MIB, 1)} MiB)`,
        },
      ];
      const errors = errorLines(radarApp.stderr().split('\n'));
      const capped = radarApp.stderr().split('\n').filter((line) => line.includes('refused connections over the cap')).length;
      if (capped > 0) errors.push(`refused connections over the cap (${capped} log lines)`);
      return {
        method:
          `Radar (dist/main.js, HTTP mode, SQLite store) and the bare Bolt 5 app (bench/bare-bolt-app.mjs) each run as their own process. ` +
          `${WARM_UP} warm-up commands each, then ${BURST} signed /radar help commands sent at once (each its own request, all in flight together), ` +
          `from a worker thread (so the sender does not share its event loop with the local Slack receiving Radar's answers), ` +
          `first to the bare app, then to Radar, then to the control: the bare app shaped like Radar (as many listeners of each kind as Radar registers, none matching a command, and /radar acked with the message Radar acked help with); ack time is measured by the sender, CPU by each process's process.cpuUsage(). Then ${FLOOD} concurrent unsigned POSTs declaring 50 MB, and ` +
          `${FLOOD} chunked POSTs of 50 MB with a current timestamp and a wrong signature, each sender stopping at the answer or the close; ` +
          `Radar's VmRSS is sampled from /proc every 10 ms.`,
        metrics,
        targets,
        notes: errors.length > 0 ? [`Radar logged ${errors.length} error lines, e.g. ${errors[0]?.slice(0, 200) ?? ''}`] : [],
      };
    });
  },
};
