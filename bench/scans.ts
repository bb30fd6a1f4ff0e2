/**
 * Measure 4: 500 trust-signals scans followed at once with the production poll timing (2 to 5 s,
 * `maxConcurrentPolls` 8) and scans that take 5 s in the sandbox (speed 1). Measures the request
 * rate the follower puts on the service, the time from a scan completing (sandbox `completedAt`) to
 * its result posted in Slack, and peak RSS. Baseline: when the first poll after completion could
 * have seen the result, read from the sandbox request log (no follower can post sooner). Radar runs
 * as its own process (`src/main.ts`), so its follower's timers never wait behind the bench's work.
 */
import { DEFAULT_TIMING } from '../src/timing.js';
import type { RequestLogEntry } from '../src/sandbox/index.js';
import type { WebApiCall } from '../src/slack/local-web-api/index.js';
import { CHANNELS } from '../test/support/slack-fixtures.js';
import { SCAN_RESULT_EVENT } from '../src/features/scans/scan-messages.js';
import { spawnRadar, type SpawnedApp } from './spawn-app.js';
import type { Measure, TargetCheck } from './support.js';
import { MIB, max, percentile, round, runLoad, sampleRss, timed, versus, waitUntil } from './support.js';
import type { Services } from './world.js';
import { driverFor, errorLines, startServices } from './world.js';

const SCANS = 500;
const SENDERS = 20;
const P99_TARGET_MS = 6_000;
/** Spec 4.7 durations at speed 1: trust-signals scans take 5 s (1 s queued, 4 s running). */
const SANDBOX_SPEED = 1;
const SCAN_PATH = /^\/v1\/tools\/trust-signals\/scans\/([^/]+)$/;

interface ScanTiming {
  scanId: string;
  completedAt: number;
  /** The first poll answered at or after completion: the earliest anyone could know. */
  firstPollAfter: number | null;
  replyAt: number;
  /** The channel message replaced by the result summary (the last step of posting). */
  summaryAt: number | null;
}

const scanIdOf = (call: WebApiCall) => {
  const metadata = call.args.metadata as { event_type?: string; event_payload?: { scan_id?: unknown } } | undefined;
  return metadata?.event_type === SCAN_RESULT_EVENT && typeof metadata.event_payload?.scan_id === 'string' ? metadata.event_payload.scan_id : null;
};

async function completedAt(world: Services, scanId: string): Promise<number> {
  const res = await fetch(`${world.sandbox.url}/v1/tools/trust-signals/scans/${scanId}`, { headers: { 'SVC-API-Key': world.sandbox.keys.readWrite } });
  const { item } = (await res.json()) as { item: { completedAt?: string } };
  if (!item.completedAt) throw new Error(`scan ${scanId} has no completedAt`);
  return Date.parse(item.completedAt);
}

function timingsOf(world: Services, polls: readonly RequestLogEntry[], completed: Map<string, number>): ScanTiming[] {
  const calls = world.calls.calls;
  return calls.flatMap((reply) => {
    const scanId = scanIdOf(reply);
    const done = scanId === null ? undefined : completed.get(scanId);
    if (scanId === null || done === undefined) return [];
    const summary = calls.find((c) => c.method === 'chat.update' && c.args.ts === reply.args.thread_ts && c.at >= reply.at);
    const firstPoll = polls.find((p) => p.path.endsWith(`/${scanId}`) && Date.parse(p.time) >= done);
    return [{ scanId, completedAt: done, firstPollAfter: firstPoll ? Date.parse(firstPoll.time) : null, replyAt: reply.at, summaryAt: summary?.at ?? null }];
  });
}

/** The most polls inside any window of `windowMs` (sliding over the poll times). */
function busiestWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let busiest = 0;
  let first = 0;
  sorted.forEach((t, last) => {
    while ((sorted[first] ?? t) <= t - windowMs) first++;
    busiest = Math.max(busiest, last - first + 1);
  });
  return busiest;
}

/** The shortest time between two polls of the same scan. */
function shortestGap(polls: readonly RequestLogEntry[]): number | null {
  const byScan = new Map<string, number[]>();
  for (const p of polls) byScan.set(p.path, [...(byScan.get(p.path) ?? []), Date.parse(p.time)]);
  const gaps = [...byScan.values()].flatMap((times) => times.slice(1).map((t, i) => t - (times[i] ?? t)));
  return gaps.length === 0 ? null : Math.min(...gaps);
}

export const scans: Measure = {
  id: 'scans',
  title: '4. 500 scans followed at once (production poll timing)',
  async run() {
    const world = await startServices({ speed: SANDBOX_SPEED, rateLimitPerMinute: 1_000_000 });
    let radar: SpawnedApp | undefined;
    try {
      // One person starts all 500 in one channel: the fair-use scan limits are lifted to measure the follower.
      radar = await spawnRadar(world, { SCAN_LIMIT_PER_PERSON: '1000', SCAN_LIMIT_PER_CHANNEL: '1000' });
      const driver = driverFor(radar.url, world.slack);
      const app = radar;
      const rss = sampleRss(50, () => app.memory().rssBytes);
      const { value: acks, ms: startMs } = await timed(() =>
        runLoad(SCANS, SENDERS, (i) => driver.command(`scan trust bench-${String(i).padStart(4, '0')}.example.com`, { channel: CHANNELS.general })),
      );
      const replies = () => world.calls.calls.filter((c) => c.method === 'chat.postMessage' && scanIdOf(c) !== null).length;
      // A scan takes 5 s and is polled every 2 to 5 s: a minute is ample.
      const { ms: followMs } = await timed(() => waitUntil(() => replies() >= SCANS, 'every scan result', { timeoutMs: 60_000, everyMs: 100 }).catch(() => undefined));
      const memory = rss.stop();

      const polls = world.sandbox.control.requests().filter((r) => r.method === 'GET' && SCAN_PATH.test(r.path));
      const ids = [...new Set(world.calls.calls.map(scanIdOf).filter((id): id is string => id !== null))];
      const completed = new Map(await Promise.all(ids.map(async (id) => [id, await completedAt(world, id)] as const)));
      const timings = timingsOf(world, polls, completed);
      const toPosted = timings.flatMap((t) => (t.summaryAt === null ? [] : [t.summaryAt - t.completedAt]));
      const toReply = timings.map((t) => t.replyAt - t.completedAt);
      const toFirstPoll = timings.flatMap((t) => (t.firstPollAfter === null ? [] : [t.firstPollAfter - t.completedAt]));
      const pollTimes = polls.map((p) => Date.parse(p.time));
      const span = pollTimes.length === 0 ? 1 : (Math.max(...pollTimes) - Math.min(...pollTimes)) / 1000 || 1;
      const busiestSecond = busiestWindow(pollTimes, 1000);
      // One poll per scan per minimum interval at most: in any such window, at most one poll per scan.
      const busiestInterval = busiestWindow(pollTimes, DEFAULT_TIMING.scanPollMinMs);
      const gap = shortestGap(polls);
      const p99 = percentile(toPosted, 99);
      const refused = acks.filter((a) => a.status !== 200).length;

      const targets: TargetCheck[] = [
        { target: `completion to result posted p99 < ${P99_TARGET_MS / 1000} s`, met: p99 !== null && p99 < P99_TARGET_MS, detail: versus(p99, P99_TARGET_MS, 'ms') },
        {
          target: `polls bounded by the schedule: at most one per scan in any ${DEFAULT_TIMING.scanPollMinMs / 1000} s (<= ${SCANS} in any such window)`,
          met: busiestInterval <= SCANS && gap !== null && gap >= DEFAULT_TIMING.scanPollMinMs * 0.95,
          detail: `busiest ${DEFAULT_TIMING.scanPollMinMs / 1000} s window ${busiestInterval} polls; shortest gap between two polls of one scan ${gap ?? '—'} ms`,
        },
        {
          target: 'every scan result posted once',
          met: timings.length === SCANS && ids.length === SCANS && refused === 0,
          detail: `${ids.length} distinct results of ${SCANS} scans, ${replies()} result replies, ${refused} commands not acked 200`,
        },
      ];
      const errors = errorLines(radar.stderr().split('\n'));
      return {
        method:
          `${SCANS} signed "/radar scan trust <domain>" commands from ${SENDERS} senders into one channel; the sandbox at speed ${SANDBOX_SPEED} ` +
          `(a trust scan completes 5 s after it starts) with its per-key rate limit lifted so only Radar's own pacing shows; production timing ` +
          `(polls ${DEFAULT_TIMING.scanPollMinMs / 1000} to ${DEFAULT_TIMING.scanPollMaxMs / 1000} s with jitter, maxConcurrentPolls ${DEFAULT_TIMING.maxConcurrentPolls}). ` +
          `Completion time is the scan's completedAt from the sandbox; "posted" is the chat.update that replaces the channel message with the result, ` +
          `which follows the thread reply. Poll times from the sandbox request log. Radar runs as its own process (src/main.ts); its RSS is read from /proc every 50 ms.`,
        metrics: [
          { name: 'completion to result posted p50', value: round(percentile(toPosted, 50), 0), unit: 'ms', baseline: { label: 'first poll after completion', value: round(percentile(toFirstPoll, 50), 0) } },
          { name: 'completion to result posted p99', value: round(p99, 0), unit: 'ms', baseline: { label: 'first poll after completion', value: round(percentile(toFirstPoll, 99), 0) } },
          { name: 'completion to result posted max', value: round(max(toPosted), 0), unit: 'ms', baseline: { label: 'first poll after completion', value: round(max(toFirstPoll), 0) } },
          { name: 'completion to thread reply p99', value: round(percentile(toReply, 99), 0), unit: 'ms' },
          { name: 'poll requests, busiest second', value: busiestSecond, unit: 'req/s', baseline: { label: 'one poll per scan', value: SCANS } },
          { name: 'poll requests, mean over the polling', value: round(polls.length / span), unit: 'req/s', baseline: { label: `${SCANS} scans / ${DEFAULT_TIMING.scanPollMinMs / 1000} s`, value: SCANS / (DEFAULT_TIMING.scanPollMinMs / 1000) } },
          { name: 'shortest gap between polls of one scan', value: gap, unit: 'ms', baseline: { label: 'scanPollMinMs', value: DEFAULT_TIMING.scanPollMinMs } },
          { name: 'poll requests in all', value: polls.length, unit: 'requests', baseline: { label: 'scans', value: SCANS } },
          { name: 'time to send the 500 commands', value: round(startMs, 0), unit: 'ms' },
          { name: 'then until the last result', value: round(followMs, 0), unit: 'ms' },
          { name: 'Radar peak RSS while following', value: round(memory.peakBytes / MIB), unit: 'MiB' },
          { name: 'Radar RSS before the commands', value: round(memory.startBytes / MIB), unit: 'MiB' },
        ],
        targets,
        notes: [
          `Requests in flight at once (maxConcurrentPolls ${DEFAULT_TIMING.maxConcurrentPolls}) are not observed from outside: the sandbox logs a request when it answers.`,
          ...(errors.length > 0 ? [`Radar logged ${errors.length} error lines, e.g. ${errors[0]?.slice(0, 200) ?? ''}`] : []),
        ],
      };
    } finally {
      await radar?.stop();
      await world.stop();
    }
  },
};
