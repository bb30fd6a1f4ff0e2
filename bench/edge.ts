/**
 * Measure 6: Radar at its edge, as its own compiled process beside the bare compiled Bolt app.
 * - A burst of 1,000 signed `/radar help` commands sent at once: every ack under Slack's 3 s, and
 *   Radar's p99 within 1.5x of the bare app's under the same burst. Three rounds, each app one burst
 *   a round in turns, beside two controls: a second bare app (the same app twice) and bare Bolt
 *   shaped like Radar; each app's CPU over its bursts is read with `process.cpuUsage()`.
 * - 20 concurrent unsigned 50 MB POSTs to /slack/events (declared Content-Length), then 20 chunked
 *   50 MB POSTs with a fresh timestamp and a wrong signature: all refused, and Radar's RSS grows by
 *   less than 20 MiB while they are sent (peak VmRSS during the flood minus VmRSS before it).
 */
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { CHANNELS } from '../test/support/slack-fixtures.js';
import { startRadarListeners } from '../test/support/radar-listeners.js';
import { spawnBare, withRadarAndBare } from './spawn-app.js';
import type { SpawnedApp } from './spawn-app.js';
import type { Measure, Metric, TargetCheck } from './support.js';
import { MIB, ackStats, cpuMs, processMemory, ratioOf, round, sampleRss, waitUntil } from './support.js';
import type { BurstAck, BurstOrder } from './burst-worker.js';
import { burstFromWorker, driverFor, errorLines, SIGNING_SECRET } from './world.js';

const BURST = 1_000;
const WARM_UP = 50;
/** Bursts each app takes, one a round, in turns; each app's burst p99 is the median of its rounds'. */
const ROUNDS = 3;
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
const helpBurst = (appUrl: string, responseUrlBase: string): BurstOrder => ({
  url: `${appUrl}/slack/events`,
  signingSecret: SIGNING_SECRET,
  responseUrlBase,
  warmUp: WARM_UP,
  count: BURST,
  text: 'help',
  channel: CHANNELS.intel,
});

/** The median of the values (the lower middle one of an even count); null for none. */
const median = (values: readonly (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return known.length === 0 ? null : (known[Math.floor((known.length - 1) / 2)] as number);
};

/** One app's bursts: every ack, each burst's p99, and the CPU the app spent on its bursts (warm-ups included). */
interface Bursts {
  label: string;
  app: SpawnedApp;
  acks: BurstAck[];
  p99s: (number | null)[];
  cpuMs: number;
}

export const edge: Measure = {
  id: 'edge',
  title: '6. The edge: a burst of 1,000 /radar help, and 50 MB bodies nobody signed',
  run() {
    return withRadarAndBare({}, async ({ services, radarApp, bareApp }) => {
      const radar = driverFor(radarApp.url, services.slack);
      const answers = () => services.calls.count('response_url');

      // The controls, in the same rounds. A second bare app, identical to the first: what the machine
      // alone makes of the same app twice. And bare Bolt shaped like Radar (Radar's listeners, as many
      // of each kind, and the message Radar acks help with), so what of the ratio is Bolt's walk over
      // the listeners and the answer's size, and what is Radar's own work, shows in the same run.
      const listeners = await startRadarListeners({ sandbox: services.sandbox });
      const helpAck = await radar.command('help', { channel: CHANNELS.intel });
      const shape = {
        listeners: listeners.recorded.registrations.filter((r) => r.kind !== 'command').map((r) => [r.kind, r.constraint instanceof RegExp ? r.constraint.source : String(r.constraint)]),
        ack: helpAck.status === 200 ? helpAck.body : null,
      };
      await listeners.stop();
      const controlApp = await spawnBare(services.slack.url);
      const shapedApp = await spawnBare(services.slack.url, { BARE_SHAPE: JSON.stringify(shape) }).catch(async (error: unknown) => {
        await controlApp.stop();
        throw error;
      });
      const before = answers();
      const bursts = (label: string, app: SpawnedApp): Bursts => ({ label, app, acks: [], p99s: [], cpuMs: 0 });
      const bare = bursts('bare Bolt', bareApp);
      const control = bursts('second bare app', controlApp);
      const radarBursts = bursts('Radar', radarApp);
      const shaped = bursts('Bolt shaped like Radar', shapedApp);
      const apps = [bare, radarBursts, control, shaped];
      try {
        // Each app takes one burst a round, the order turning each round, so that load from elsewhere
        // on the machine falls on the apps alike and none always follows another.
        for (let round = 0; round < ROUNDS; round++) {
          for (let turn = 0; turn < apps.length; turn++) {
            const one = apps[(round + turn) % apps.length] as Bursts;
            const cpuBefore = await one.app.cpuUsage();
            const acks = await burstFromWorker(helpBurst(one.app.url, services.slack.responseUrl()));
            one.cpuMs += cpuMs(cpuBefore, await one.app.cpuUsage());
            one.acks.push(...acks);
            one.p99s.push(ackStats(acks).p99);
          }
        }
      } finally {
        await shapedApp.stop();
        await controlApp.stop();
      }
      const p99 = (b: Bursts) => median(b.p99s);
      const ratio = ratioOf(p99(radarBursts), p99(bare));
      const controlRatio = ratioOf(p99(control), p99(bare));
      const shapedRatio = ratioOf(p99(radarBursts), p99(shaped));
      const cpuRatio = (b: Bursts) => round(ratioOf(b.cpuMs, bare.cpuMs), 2);
      const radarAcks = radarBursts.acks;
      // Radar answers help in the ack itself; an answer at the response_url (the warm-ups' too) would
      // be one more request. Counted both ways, so neither a missing nor a doubled answer hides.
      const sent = BURST * ROUNDS;
      const inAck = radarAcks.filter((a) => a.status === 200 && typeof (a.body as { text?: unknown } | null)?.text === 'string').length;
      const viaUrl = () => answers() - before;
      if (inAck < sent) await waitUntil(() => inAck + viaUrl() >= sent + WARM_UP * ROUNDS, 'every help answer', { timeoutMs: 60_000, everyMs: 50 }).catch(() => undefined);
      const answered = inAck === sent ? inAck : inAck + viaUrl() - WARM_UP * ROUNDS;
      const r = ackStats(radarAcks);
      const b = ackStats(bare.acks);
      const ms = (values: (number | null)[]) => values.map((v) => round(v, 0)).join(', ');

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
        { name: 'burst ack p50 (all bursts)', value: round(r.p50), unit: 'ms', baseline: { label: 'bare Bolt', value: round(b.p50) } },
        { name: 'burst ack p99 (median of the bursts)', value: round(p99(radarBursts)), unit: 'ms', baseline: { label: 'bare Bolt', value: round(p99(bare)) } },
        { name: 'burst ack max (all bursts)', value: round(r.max), unit: 'ms', baseline: { label: 'bare Bolt', value: round(b.max) } },
        { name: 'burst acks not 200', value: r.notOk, unit: 'requests', baseline: { label: 'bare Bolt', value: b.notOk } },
        { name: 'burst p99 ratio to bare Bolt', value: round(ratio, 2), unit: 'x' },
        { name: 'CPU spent on the bursts (warm-ups included)', value: round(radarBursts.cpuMs, 0), unit: 'ms', baseline: { label: 'bare Bolt', value: round(bare.cpuMs, 0) } },
        { name: 'CPU ratio to bare Bolt', value: cpuRatio(radarBursts), unit: 'x' },
        { name: 'control: second bare app, burst ack p99', value: round(p99(control)), unit: 'ms', baseline: { label: 'bare Bolt', value: round(p99(bare)) } },
        { name: 'control: bare vs bare p99 ratio', value: round(controlRatio, 2), unit: 'x' },
        { name: 'control: second bare app, CPU on the bursts', value: round(control.cpuMs, 0), unit: 'ms', baseline: { label: 'bare Bolt', value: round(bare.cpuMs, 0) } },
        { name: 'control: Bolt shaped like Radar, burst ack p99', value: round(p99(shaped)), unit: 'ms', baseline: { label: 'bare Bolt', value: round(p99(bare)) } },
        { name: 'control: Bolt shaped like Radar, CPU on the bursts', value: round(shaped.cpuMs, 0), unit: 'ms', baseline: { label: 'bare Bolt', value: round(bare.cpuMs, 0) } },
        { name: 'burst p99 ratio to Bolt shaped like Radar', value: round(shapedRatio, 2), unit: 'x' },
        { name: 'CPU ratio to Bolt shaped like Radar', value: round(ratioOf(radarBursts.cpuMs, shaped.cpuMs), 2), unit: 'x' },
        { name: 'listeners Bolt walks for each request (shaped like Radar)', value: shape.listeners.length + 1, unit: 'listeners', baseline: { label: 'bare Bolt', value: 2 } },
        { name: 'help commands answered (in the ack)', value: inAck, unit: `of ${sent}` },
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
          detail: `Radar ${round(p99(radarBursts))} ms, bare ${round(p99(bare))} ms: ${round(ratio, 2)}x against ${P99_RATIO_TARGET}x (the same bare app twice: ${round(controlRatio, 2)}x)`,
        },
        { target: 'every help command answered, once', met: answered === sent && (inAck < sent || viaUrl() === 0), detail: `${answered} of ${sent} (${inAck} in the ack, ${viaUrl()} posts to a response_url)` },
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
          `A burst is ${WARM_UP} warm-up commands, then ${BURST} signed /radar help commands sent at once (each its own request, all in flight together), ` +
          `from a worker thread (so the sender does not share its event loop with the local Slack receiving Radar's answers). ` +
          `Four apps take one burst each in each of ${ROUNDS} rounds, the order turning each round: the bare app, Radar, and two controls: a second bare app identical to the first, ` +
          `and the bare app shaped like Radar (as many listeners of each kind as Radar registers, none matching a command, and /radar acked with the message Radar acks help with). ` +
          `An app's burst p99 is the median of its ${ROUNDS} bursts' p99s; ack time is measured by the sender, CPU by each process's process.cpuUsage() before and after each of its bursts. Then ${FLOOD} concurrent unsigned POSTs declaring 50 MB, and ` +
          `${FLOOD} chunked POSTs of 50 MB with a current timestamp and a wrong signature, each sender stopping at the answer or the close; ` +
          `Radar's VmRSS is sampled from /proc every 10 ms.`,
        metrics,
        targets,
        notes: [
          `Each burst's p99, round by round (ms): ${apps.map((x) => `${x.label} ${ms(x.p99s)}`).join('; ')}.`,
          `Control: the same bare app twice differs by ${round(controlRatio, 2)}x in burst p99 (second ${round(p99(control))} ms, first ${round(p99(bare))} ms): ` +
            `what the machine alone makes of two identical apps; read Radar's ${round(ratio, 2)}x against it. The target compares Radar with the first bare app. ` +
            `CPU on the bursts against the first bare app: Radar ${cpuRatio(radarBursts)}x, the second bare app ${cpuRatio(control)}x, Bolt shaped like Radar ${cpuRatio(shaped)}x.`,
          ...(errors.length > 0 ? [`Radar logged ${errors.length} error lines, e.g. ${errors[0]?.slice(0, 200) ?? ''}`] : []),
        ],
      };
    });
  },
};
