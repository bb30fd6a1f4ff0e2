/**
 * Measure 10: one person's flood against fair use's limits, with Radar's default limits (10
 * requests a person and 30 a channel per 10 s).
 * - 1,000 signed `/radar help` from one person sent at once cost Radar at most 1.5x the CPU a bare
 *   Bolt app spends acking them: each process's own `process.cpuUsage()` (asked over IPC,
 *   `cpu-probe.mjs`) before and after, in the same run; Radar's count includes answering the
 *   commands it admitted.
 * - Refused commands write nothing to the store: the replay claims the flood left in Radar's SQLite
 *   file equal the commands it admitted.
 * - Another person's commands during a second flood are all acked in under 3 s and answered.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CHANNELS, USERS } from '../test/support/slack-fixtures.js';
import type { BurstAck, BurstOrder } from './burst-worker.js';
import { spawnBare, spawnRadar, type SpawnedApp } from './spawn-app.js';
import type { Measure, TargetCheck } from './support.js';
import { cpuMs, max, round, waitUntil } from './support.js';
import { driverFor, errorLines, SIGNING_SECRET, startBurstWorker, startServices } from './world.js';

const FLOOD = 1_000;
const WARM_UP = 50;
const CPU_RATIO_TARGET = 1.5;
const SLACK_ACK_LIMIT_MS = 3_000;
const OTHER_ASKS = 5;

const refusedAck = (ack: BurstAck) => typeof (ack.body as { text?: unknown } | null)?.text === 'string' && (ack.body as { text: string }).text.includes('try again in');
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const flood: Measure = {
  id: 'flood',
  title: '10. One person floods: 1,000 commands at once, against fair use’s limits',
  async run() {
    const services = await startServices({});
    const storeDir = mkdtempSync(join(tmpdir(), 'radar-bench-flood-'));
    const storeFile = join(storeDir, 'radar.sqlite');
    let radar: SpawnedApp | undefined;
    let bare: SpawnedApp | undefined;
    try {
      // Radar's default limits (RADAR_TIMING blank), its store where the bench can read it.
      radar = await spawnRadar(services, { STORE_URL: `sqlite://${storeFile}`, RADAR_TIMING: '' });
      bare = await spawnBare(services.slack.url);
      const driver = driverFor(radar.url, services.slack);
      // Read-only beside Radar's own connection (WAL: a reader never waits on the writer).
      const claims = () => {
        const file = new Database(storeFile, { readonly: true });
        try {
          return (file.prepare("SELECT count(*) AS n FROM keyv WHERE key >= 'slack-seen:' AND key < 'slack-seen;'").get() as { n: number }).n;
        } finally {
          file.close();
        }
      };
      const answers = () => services.calls.count('response_url');

      // Bob's channel is bound before anything else (his first request of the window).
      const bound = await driver.command('bind northwind', { channel: CHANNELS.intel, user: USERS.bob });
      if (bound.status !== 200) throw new Error(`/radar bind was acked with HTTP ${bound.status}`);
      await waitUntil(() => answers() >= 1, 'the bind answer');

      // Each flood from its own thread, warmed on 50 commands from another person in another channel.
      const order = (appUrl: string, user: string): BurstOrder => ({
        url: `${appUrl}/slack/events`,
        signingSecret: SIGNING_SECRET,
        responseUrlBase: services.slack.responseUrl(),
        warmUp: WARM_UP,
        warmUpUser: USERS.carol,
        warmUpChannel: CHANNELS.private,
        count: FLOOD,
        text: 'help',
        channel: CHANNELS.general,
        user,
      });
      /** One flood at `app`: CPU of the app from the go until its last ack (and, for Radar, its last answer). */
      const measureFlood = async (app: SpawnedApp, user: string, isRadar: boolean) => {
        const burst = startBurstWorker(order(app.url, user));
        await burst.ready;
        // The warm-up's answers land before the measure starts.
        await settle(1_000);
        const claimsBefore = isRadar ? claims() : 0;
        const answersBefore = answers();
        const before = await app.cpuUsage();
        burst.go();
        const acks = await burst.acks;
        const admitted = acks.filter((a) => a.status === 200 && !refusedAck(a)).length;
        // Help is answered in the ack itself; any other answer comes to the response_url.
        const answeredInAck = acks.filter((a) => a.status === 200 && !refusedAck(a) && typeof (a.body as { text?: unknown } | null)?.text === 'string').length;
        if (isRadar) await waitUntil(() => answeredInAck + answers() - answersBefore >= admitted, 'the admitted commands’ answers', { timeoutMs: 30_000, everyMs: 5 });
        const after = await app.cpuUsage();
        await burst.stop();
        return { acks, admitted, cpuMs: cpuMs(before, after), claims: isRadar ? claims() - claimsBefore : 0 };
      };

      const bareFlood = await measureFlood(bare, USERS.alice, false);
      const radarFlood = await measureFlood(radar, USERS.alice, true);
      const ratio = bareFlood.cpuMs > 0 ? radarFlood.cpuMs / bareFlood.cpuMs : null;
      const refused = radarFlood.acks.filter(refusedAck).length;

      // A second flood (another flooder, same channel) while Bob asks for tickets in his channel.
      await settle(10_000);
      const second = startBurstWorker(order(radar.url, USERS.maya));
      await second.ready;
      await settle(1_000);
      second.go();
      const bob: { status: number; ms: number; refused: boolean; answered: boolean }[] = [];
      for (let i = 0; i < OTHER_ASKS; i++) {
        const ack = await driver.command('tickets', { channel: CHANNELS.intel, user: USERS.bob });
        const isRefused = refusedAck({ ...ack, sentAt: 0 });
        const id = ack.responseUrl?.split('/response/')[1];
        const answered =
          !isRefused && ack.status === 200 && id !== undefined
            ? await services.calls.waitFor((c) => c.method === 'response_url' && c.responseUrlId === id, 20_000).then(
                () => true,
                () => false,
              )
            : false;
        bob.push({ status: ack.status, ms: ack.ms, refused: isRefused, answered });
      }
      const secondAcks = await second.acks;
      await second.stop();
      const bobSlowest = max(bob.map((b) => b.ms));
      const bobOk = bob.filter((b) => b.status === 200 && !b.refused && b.ms < SLACK_ACK_LIMIT_MS && b.answered).length;

      const targets: TargetCheck[] = [
        {
          target: `${FLOOD} commands from one person at once cost Radar at most ${CPU_RATIO_TARGET}x the CPU a bare Bolt app spends acking them`,
          // Only a flood every request of which was acked 200 (admitted, or refused with the sentence) counts.
          met: ratio === null ? null : ratio <= CPU_RATIO_TARGET && radarFlood.acks.every((a) => a.status === 200) && bareFlood.acks.every((a) => a.status === 200),
          detail: `Radar ${round(radarFlood.cpuMs, 0)} ms of CPU, bare Bolt ${round(bareFlood.cpuMs, 0)} ms: ${round(ratio, 2)}x against ${CPU_RATIO_TARGET}x; acks not 200: Radar ${radarFlood.acks.filter((a) => a.status !== 200).length}, bare ${bareFlood.acks.filter((a) => a.status !== 200).length}`,
        },
        {
          target: 'refused commands write nothing to the store',
          met: radarFlood.claims === radarFlood.admitted && radarFlood.admitted + refused === FLOOD,
          detail: `${radarFlood.claims} replay claims written for ${radarFlood.admitted} admitted and ${refused} refused commands`,
        },
        {
          target: `another person's commands during a flood all acked in under ${SLACK_ACK_LIMIT_MS} ms and answered`,
          met: bobOk === OTHER_ASKS,
          detail: `${bobOk} of ${OTHER_ASKS}; slowest ack ${round(bobSlowest)} ms`,
        },
      ];
      const slowest = (acks: BurstAck[]) => max(acks.map((a) => a.ms));
      const errors = errorLines(radar.stderr().split('\n'));
      return {
        method:
          `Radar (dist/main.js, HTTP mode, SQLite store, its default limits) and the bare Bolt 5 app (bench/bare-bolt-app.mjs) each as their own process; ` +
          `each warmed on ${WARM_UP} commands from another person in another channel, then ${FLOOD} signed /radar help from one person sent at once from a worker thread, ` +
          `first to the bare app, then to Radar. CPU is each process's own process.cpuUsage() (user + system), asked over IPC just before the flood and after its last ack ` +
          `(for Radar, after the answers of the commands it admitted). Replay claims counted in Radar's SQLite file before and after. ` +
          `Then, after the window, another person floods the same channel while a third person sends ${OTHER_ASKS} /radar tickets, one after another, in a bound channel.`,
        metrics: [
          { name: 'CPU for the flood', value: round(radarFlood.cpuMs, 0), unit: 'ms', baseline: { label: 'bare Bolt', value: round(bareFlood.cpuMs, 0) } },
          { name: 'CPU ratio to bare Bolt', value: round(ratio, 2), unit: 'x' },
          { name: 'flood commands admitted', value: radarFlood.admitted, unit: `of ${FLOOD}` },
          { name: 'flood commands refused with the sentence', value: refused, unit: `of ${FLOOD}` },
          { name: 'flood acks not 200', value: radarFlood.acks.filter((a) => a.status !== 200).length, unit: 'requests', baseline: { label: 'bare Bolt', value: bareFlood.acks.filter((a) => a.status !== 200).length } },
          { name: 'slowest flood ack', value: round(slowest(radarFlood.acks)), unit: 'ms', baseline: { label: 'bare Bolt', value: round(slowest(bareFlood.acks)) } },
          { name: 'replay claims the flood wrote', value: radarFlood.claims, unit: 'rows' },
          { name: 'other person’s commands acked < 3 s and answered', value: bobOk, unit: `of ${OTHER_ASKS}` },
          { name: 'other person’s slowest ack', value: round(bobSlowest), unit: 'ms' },
          { name: 'second flood admitted', value: secondAcks.filter((a) => a.status === 200 && !refusedAck(a)).length, unit: `of ${FLOOD}` },
        ],
        targets,
        notes: errors.length > 0 ? [`Radar logged ${errors.length} error lines, e.g. ${errors[0]?.slice(0, 200) ?? ''}`] : [],
      };
    } finally {
      await bare?.stop();
      await radar?.stop();
      await services.stop();
      rmSync(storeDir, { recursive: true, force: true });
    }
  },
};
