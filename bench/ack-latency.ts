/**
 * Measure 1: how fast `/radar briefing` is acked under 20 concurrent senders while the service takes
 * 2.5 s to answer, beside a bare Bolt app that only acks, measured in the same run. A second bare app,
 * identical to the first, takes its turns in the same rounds as a control: the ratio of the two bare
 * apps' p99s is what the machine alone makes of "the same app twice", stated beside Radar's ratio.
 */
import type { Ack } from '../test/support/slack-driver.js';
import { CHANNELS } from '../test/support/slack-fixtures.js';
import { spawnBare, withRadarAndBare } from './spawn-app.js';
import type { SpawnedApp } from './spawn-app.js';
import type { Measure, MeasureResult, Metric, TargetCheck } from './support.js';
import { ackStats, cpuMs, ratioOf, round, runLoad, timed, versus, waitUntil } from './support.js';
import type { Services } from './world.js';
import { driverFor, errorLines } from './world.js';

const REQUESTS = 400;
const SENDERS = 20;
const WARM_UP = 40;
/** The load is sent in this many rounds, bare app and Radar taking turns. */
const ROUNDS = 4;
const SERVICE_LATENCY_MS = 2_500;
const P99_TARGET_MS = 100;
const BARE_RATIO_TARGET = 1.5;
const SLACK_ACK_LIMIT_MS = 3_000;

export const ackLatency: Measure = {
  id: 'ack-latency',
  title: '1. Ack latency of /radar briefing (service answering after 2.5 s)',
  run() {
    return withRadarAndBare({}, async ({ services, radarApp, bareApp }) => {
      // The control: a second bare app, the same code and shape as the first.
      const controlApp = await spawnBare(services.slack.url);
      try {
        return await measureAcks(services, radarApp, bareApp, controlApp);
      } finally {
        await controlApp.stop();
      }
    });
  },
};

async function measureAcks(services: Services, radarApp: SpawnedApp, bareApp: SpawnedApp, controlApp: SpawnedApp): Promise<Omit<MeasureResult, 'id' | 'title' | 'durationMs'>> {
  const driver = driverFor(radarApp.url, services.slack);
  const bareDriver = driverFor(bareApp.url, services.slack);
  const controlDriver = driverFor(controlApp.url, services.slack);
  const answers = () => services.calls.count('response_url');
  const bound = await driver.command('bind northwind', { channel: CHANNELS.intel });
  if (bound.status !== 200) throw new Error(`/radar bind was acked with HTTP ${bound.status}`);
  await waitUntil(() => answers() >= 1, 'the bind answer');
  const briefing = () => driver.command('briefing', { channel: CHANNELS.intel });
  const bareCommand = () => bareDriver.command('briefing', { channel: CHANNELS.intel });
  const controlCommand = () => controlDriver.command('briefing', { channel: CHANNELS.intel });

  // Warm the apps up (JIT, connection pools, the store) before the slow service is switched on.
  await runLoad(WARM_UP, SENDERS, bareCommand);
  await runLoad(WARM_UP, SENDERS, controlCommand);
  await runLoad(WARM_UP, SENDERS, briefing);
  await waitUntil(() => answers() >= 1 + WARM_UP, 'the warm-up answers');

  services.sandbox.control.addFault({ path: `^/v1/projects/[^/]+/strategic-briefing`, kind: 'latency', latencyMs: SERVICE_LATENCY_MS });
  // Alternate rounds, so that load from elsewhere on the machine falls on the three apps alike;
  // the order turns each round, so none always follows Radar's rounds (whose answers land 2.5 s on).
  const bareAcks: Ack[] = [];
  const controlAcks: Ack[] = [];
  const radarAcks: Ack[] = [];
  // Each app's own CPU (process.cpuUsage, over IPC) across its turns: what it spent on the commands it was sent.
  const cpu = { radar: 0, bare: 0, control: 0 };
  const withCpu = async (app: SpawnedApp, which: keyof typeof cpu, turn: () => Promise<void>) => {
    const before = await app.cpuUsage();
    await turn();
    cpu[which] += cpuMs(before, await app.cpuUsage());
  };
  const before = answers();
  let loadMs = 0;
  const turns = [
    () => withCpu(bareApp, 'bare', async () => void bareAcks.push(...(await runLoad(REQUESTS / ROUNDS, SENDERS, bareCommand)))),
    () =>
      withCpu(radarApp, 'radar', async () => {
        const { value, ms } = await timed(() => runLoad(REQUESTS / ROUNDS, SENDERS, briefing));
        radarAcks.push(...value);
        loadMs += ms;
      }),
    () => withCpu(controlApp, 'control', async () => void controlAcks.push(...(await runLoad(REQUESTS / ROUNDS, SENDERS, controlCommand)))),
  ];
  for (let round = 0; round < ROUNDS; round++) {
    for (let turn = 0; turn < turns.length; turn++) await turns[(round + turn) % turns.length]?.();
  }
  // Let the slow answers finish before stopping, and count them: every command must be answered.
  const { ms: drainMs } = await timed(() =>
    waitUntil(() => answers() - before >= REQUESTS, 'every briefing answer', { timeoutMs: SERVICE_LATENCY_MS * 8, everyMs: 50 }).catch(() => undefined),
  );
  const answered = answers() - before;

  const radar = ackStats(radarAcks);
  const baseline = ackStats(bareAcks);
  const control = ackStats(controlAcks);
  const ratio = ratioOf(radar.p99, baseline.p99);
  const controlRatio = ratioOf(control.p99, baseline.p99);
  const perCommand = (ms: number) => ms / REQUESTS;
  const cpuRatio = ratioOf(cpu.radar, cpu.bare);
  const p50Ratio = ratioOf(radar.p50, baseline.p50);
  const metrics: Metric[] = [
    { name: 'ack p50', value: round(radar.p50), unit: 'ms', baseline: { label: 'bare Bolt', value: round(baseline.p50) } },
    { name: 'ack p99', value: round(radar.p99), unit: 'ms', baseline: { label: 'bare Bolt', value: round(baseline.p99) } },
    { name: 'ack max', value: round(radar.max), unit: 'ms', baseline: { label: 'bare Bolt', value: round(baseline.max) } },
    { name: 'acks not 200', value: radar.notOk, unit: 'requests', baseline: { label: 'bare Bolt', value: baseline.notOk } },
    { name: 'p99 ratio to bare Bolt', value: round(ratio, 2), unit: 'x' },
    { name: 'control: second bare app ack p50', value: round(control.p50), unit: 'ms', baseline: { label: 'bare Bolt', value: round(baseline.p50) } },
    { name: 'control: second bare app ack p99', value: round(control.p99), unit: 'ms', baseline: { label: 'bare Bolt', value: round(baseline.p99) } },
    { name: 'control: bare vs bare p99 ratio', value: round(controlRatio, 2), unit: 'x' },
    { name: 'CPU per command during the rounds', value: round(perCommand(cpu.radar), 3), unit: 'ms', baseline: { label: 'bare Bolt', value: round(perCommand(cpu.bare), 3) } },
    { name: 'control: second bare app, CPU per command', value: round(perCommand(cpu.control), 3), unit: 'ms', baseline: { label: 'bare Bolt', value: round(perCommand(cpu.bare), 3) } },
    { name: 'CPU ratio to bare Bolt', value: round(cpuRatio, 2), unit: 'x' },
    { name: 'p50 ratio to bare Bolt', value: round(p50Ratio, 2), unit: 'x' },
    { name: 'commands answered (response_url)', value: answered, unit: `of ${REQUESTS}` },
    { name: 'time to send the commands to Radar', value: round(loadMs, 0), unit: 'ms' },
    { name: 'after the last round, until the last answer', value: round(drainMs, 0), unit: 'ms' },
  ];
  const targets: TargetCheck[] = [
    { target: `p99 < ${P99_TARGET_MS} ms`, met: radar.p99 !== null && radar.p99 < P99_TARGET_MS, detail: versus(radar.p99, P99_TARGET_MS, 'ms') },
    {
      target: `p99 within ${BARE_RATIO_TARGET}x of the bare Bolt app`,
      met: ratio !== null && ratio <= BARE_RATIO_TARGET,
      detail: `Radar ${round(radar.p99)} ms, bare ${round(baseline.p99)} ms: ${round(ratio, 2)}x against ${BARE_RATIO_TARGET}x (the same bare app twice: ${round(controlRatio, 2)}x)`,
    },
    {
      target: `no ack at or above ${SLACK_ACK_LIMIT_MS} ms, every ack 200`,
      met: radar.max !== null && radar.max < SLACK_ACK_LIMIT_MS && radar.notOk === 0,
      detail: `slowest ack ${round(radar.max)} ms; ${radar.notOk} not 200`,
    },
    { target: 'every command answered', met: answered === REQUESTS, detail: `${answered} of ${REQUESTS} answers reached the response_url` },
  ];
  const errors = errorLines(radarApp.stderr().split('\n'));
  return {
    method:
      `Radar (src/main.ts, HTTP mode) and the bare apps each run as their own process; the senders, the sandbox and the local Slack share the bench process. ` +
      `${REQUESTS} signed /radar briefing commands (channel bound to Northwind with /radar bind) from ${SENDERS} concurrent senders, each sending its next when acked; ` +
      `the sandbox holds every strategic-briefing read ${SERVICE_LATENCY_MS} ms (latency fault). The same load goes to a bare Bolt app (same HTTPReceiver ` +
      `and server, a /radar listener that only acks) and to a second, identical bare app (the control) in the same run, in ${ROUNDS} rounds of three turns whose ` +
      `order turns each round. ${WARM_UP} warm-up requests each first. Ack time is measured by the sender (request sent to HTTP response), on loopback.`,
    metrics,
    targets,
    notes: [
      `Control: the same bare app twice, in the same rounds, differs by ${round(controlRatio, 2)}x in p99 (second ${round(control.p99)} ms, first ${round(baseline.p99)} ms): ` +
        `what the machine alone makes of two identical apps; read Radar's ${round(ratio, 2)}x against it. The target compares Radar with the first bare app, as before.`,
      `CPU per command over each app's own rounds (the ack and what runs before the process waits: for Radar its binding read and the start of its service read; ` +
        `the answers land 2.5 s later, after the rounds): Radar ${round(perCommand(cpu.radar), 3)} ms, bare Bolt ${round(perCommand(cpu.bare), 3)} ms (${round(cpuRatio, 2)}x), ` +
        `the second bare app ${round(perCommand(cpu.control), 3)} ms. With ${SENDERS} senders each waiting for its ack, the process's CPU is what the acks queue behind, ` +
        `so the ack p50 ratio (${round(p50Ratio, 2)}x here) follows the CPU ratio, and the p99 adds each app's pauses (GC) on top.`,
      ...(errors.length > 0 ? [`Radar logged ${errors.length} error lines, e.g. ${errors[0]?.slice(0, 200) ?? ''}`] : []),
    ],
  };
}
