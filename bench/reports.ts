/**
 * Measure: one report cycle for 2,000 channels bound to 500 projects (4 each), every channel's weekly
 * report due. Counts the service requests of the cycle (sandbox request log) against the formula: one
 * read per project of each section's answer (briefing history, pricing, positioning and tech-trust run
 * histories, AI visibility history, content changelog, ticket list: 7 x 500 = 3,500; the bulk projects have no
 * runs, so no run detail is read), whatever the number of channels; every due report posted once.
 * Ticket reads past the service's rate limit hold their reports for later cycles (one a minute here).
 * Beside it, in the same world, one digest cycle over the same 2,000 channels with 50 new editions:
 * wall time and peak RSS of each.
 */
import type { BulkProject } from '../src/sandbox/control/bulk-projects.js';
import { DIGEST_IDS, REPORT_IDS } from '../src/slack/ids.js';
import { createReportSettingsRepo } from '../src/store/report-settings.js';
import { TEAM, USERS } from '../test/support/slack-fixtures.js';
import type { Measure, TargetCheck } from './support.js';
import { MIB, round, runLoad, sampleRss, timed, postJson } from './support.js';
import { errorLines, startBenchWorld } from './world.js';

const PROJECTS = 500;
const CHANNELS_PER_PROJECT = 4;
const NEW_EDITIONS = 50;
/** The reads of one project in a report cycle (reads.ts), each once however many channels. */
const READS_PER_PROJECT = 7;

export const reportsCycle: Measure = {
  id: 'reports',
  title: '31. One report cycle: 2,000 channels, 500 projects, every weekly report due (beside a digest cycle)',
  async run() {
    const world = await startBenchWorld();
    try {
      const reporter = world.radar.workers.find((w) => w.name === 'report-poller');
      const digester = world.radar.workers.find((w) => w.name === 'digest-poller');
      if (!reporter?.tick || !digester?.tick) return { method: '', metrics: [], targets: [], notes: [], skipped: 'Radar has no report or digest worker with tick()' };
      const { items: projects } = (await postJson(`${world.sandbox.url}/__sandbox/projects/bulk`, { count: PROJECTS, prefix: 'rbench' })) as { items: BulkProject[] };
      const channels = projects.flatMap((project, p) => Array.from({ length: CHANNELS_PER_PROJECT }, (_, c) => ({ channel: `C${String(p * CHANNELS_PER_PROJECT + c).padStart(9, '0')}`, project })));
      // Due now: weekly on today's weekday (UTC), ten minutes ago (within a report's patience), set a week and a day ago.
      const now = new Date();
      const slotAt = new Date(now.getTime() - 10 * 60_000);
      const schedule = { cadence: 'weekly' as const, weekday: slotAt.getUTCDay(), time: slotAt.toISOString().slice(11, 16), zone: 'UTC' };
      const setAt = new Date(now.getTime() - 8 * 86_400_000).toISOString();
      const repo = createReportSettingsRepo(world.radar.deps.store);
      await runLoad(channels.length, 16, async (i) => {
        const { channel, project } = channels[i] as (typeof channels)[number];
        await world.bind(channel, { id: project.id, name: `Bulk ${project.id}` }, { lastSeenRunId: project.latestRunId });
        await repo.update(TEAM.id, channel, project.id, () => ({ teamId: TEAM.id, channelId: channel, projectId: project.id, schedule, sectionsOff: [], setBy: USERS.alice, setAt, lastSlot: null, lastReportAt: null, failing: null }));
      });
      const expected = PROJECTS * CHANNELS_PER_PROJECT;
      const reportPosts = (from: number) => world.calls.calls.slice(from).filter((c) => c.method === 'chat.postMessage' && (c.args.metadata as { event_type?: string } | undefined)?.event_type === REPORT_IDS.eventType);
      // The sandbox's ticket limit is a fixed window a minute (120 requests): start on a fresh one.
      await nextMinute();

      world.sandbox.control.clearRequests();
      const before = world.calls.calls.length;
      const rss = sampleRss();
      const cycle = await timed(() => reporter.tick!());
      const memory = rss.stop();
      const requests = world.sandbox.control.requests().length;
      const firstPosts = reportPosts(before).length;

      // The reports held back (their ticket read refused) go in the next cycles, one a minute as the limit allows.
      const laterStarted = Date.now();
      let cycles = 1;
      let laterRequests = 0;
      while (reportPosts(before).length < expected && cycles < 10) {
        await nextMinute();
        world.sandbox.control.clearRequests();
        await reporter.tick();
        laterRequests += world.sandbox.control.requests().length;
        cycles += 1;
      }
      const allMs = Date.now() - laterStarted + cycle.ms;
      const posts = reportPosts(before);
      const perChannel = new Map<string, number>();
      for (const p of posts) perChannel.set(String(p.args.channel), (perChannel.get(String(p.args.channel)) ?? 0) + 1);
      const once = posts.length === expected && perChannel.size === expected && [...perChannel.values()].every((n) => n === 1);
      const partial = posts.filter((p) => JSON.stringify(p.args.blocks ?? []).includes("couldn't read")).length;
      // One more cycle: nothing due, nothing read, nothing posted.
      world.sandbox.control.clearRequests();
      const beforeAgain = world.calls.calls.length;
      await reporter.tick();
      const againRequests = world.sandbox.control.requests().length;
      const againPosts = world.calls.calls.slice(beforeAgain).filter((c) => c.method === 'chat.postMessage').length;

      // The digest cycle beside it, on a fresh ticket window: 50 new editions over the same 2,000 channels.
      await Promise.all(projects.slice(0, NEW_EDITIONS).map((p) => postJson(`${world.sandbox.url}/__sandbox/projects/${p.id}/briefings`, {})));
      await nextMinute();
      world.sandbox.control.clearRequests();
      const digestBefore = world.calls.calls.length;
      const digestRss = sampleRss();
      const digestCycle = await timed(() => digester.tick!());
      const digestMemory = digestRss.stop();
      const digestRequests = world.sandbox.control.requests().length;
      const digests = world.calls.calls.slice(digestBefore).filter((c) => c.method === 'chat.postMessage' && (c.args.metadata as { event_type?: string } | undefined)?.event_type === DIGEST_IDS.eventType).length;

      const formula = READS_PER_PROJECT * PROJECTS;
      const targets: TargetCheck[] = [
        { target: `first cycle: at most ${formula} service requests (${READS_PER_PROJECT} reads per project, shared by its ${CHANNELS_PER_PROJECT} channels)`, met: requests <= formula, detail: `${requests} requests for ${expected} channels` },
        { target: 'every due report posted once, complete (no section unread)', met: once && partial === 0, detail: `${posts.length} reports of ${expected} due over ${cycles} cycles, ${partial} missing a section` },
        { target: 'the cycle after reads and posts nothing (every slot delivered)', met: againRequests === 0 && againPosts === 0, detail: `${againRequests} requests, ${againPosts} posts` },
      ];
      const errors = errorLines(world.logs);
      return {
        method:
          `${PROJECTS} projects through POST /__sandbox/projects/bulk, each bound to ${CHANNELS_PER_PROJECT} channels whose weekly report is due ` +
          `(records written through the report-settings repository), on a fresh minute of the sandbox's ticket limit; the report worker's tick() timed, then ticked once a minute until every report was posted; then ${NEW_EDITIONS} briefing editions and the ` +
          `digest worker's tick() timed the same way. Requests from the sandbox request log; RSS of this one process (Radar, sandbox and local Slack ` +
          `together) sampled every 20 ms. Production timing, SQLite store.`,
        metrics: [
          { name: 'first cycle: service requests', value: requests, unit: 'requests', baseline: { label: `formula: ${READS_PER_PROJECT} x projects`, value: formula } },
          { name: 'first cycle: reports posted (the rest held: ticket reads refused, 429)', value: firstPosts, unit: 'messages', baseline: { label: 'channels', value: expected } },
          { name: 'first cycle wall time', value: round(cycle.ms, 0), unit: 'ms', baseline: { label: 'digest cycle', value: round(digestCycle.ms, 0) } },
          { name: 'first cycle peak RSS', value: round(memory.peakBytes / MIB), unit: 'MiB', baseline: { label: 'digest cycle', value: round(digestMemory.peakBytes / MIB) } },
          { name: 'first cycle RSS growth', value: round((memory.peakBytes - memory.startBytes) / MIB), unit: 'MiB', baseline: { label: 'digest cycle', value: round((digestMemory.peakBytes - digestMemory.startBytes) / MIB) } },
          { name: 'cycles until every report was posted', value: cycles, unit: 'cycles', baseline: { label: 'ticket reads / 120 a minute', value: Math.ceil(PROJECTS / 120) } },
          { name: 'service requests of the later cycles', value: laterRequests, unit: 'requests' },
          { name: 'time until every report was posted', value: round(allMs / 1000, 1), unit: 's' },
          { name: 'digest cycle: service requests', value: digestRequests, unit: 'requests' },
          { name: 'digests posted in the digest cycle', value: digests, unit: 'messages', baseline: { label: 'editions x channels', value: NEW_EDITIONS * CHANNELS_PER_PROJECT } },
        ],
        targets,
        notes: [
          'Ticket endpoints are rate limited per API key (spec 8; the sandbox allows 120 a minute): tick() reads every project at once, so past the limit a project\'s ticket read is refused (429, or held unsent by the client\'s budget) and its reports wait for a later cycle (up to an hour after their slot) instead of going without tickets; each later cycle reads a held project\'s ticket list again, keeping its other reads. A scheduled cycle spreads its projects over REPORT_INTERVAL_SECONDS (300 s: 100 projects a minute for 500).',
          'Bulk projects have no dimension runs (their reads answer no_data_available), so no run detail is read: a project with a new run since the last report adds at most 2 run reads per compared dimension (pricing, tech-trust), 4 in all.',
          ...(errors.length > 0 ? [`Radar logged ${errors.length} error lines, e.g. ${errors[0]?.slice(0, 200) ?? ''}`] : []),
        ],
      };
    } finally {
      await world.stop();
    }
  },
};

/** Waits (real time) for the next minute's ticket window, and a little more for the client's Retry-After hold. */
function nextMinute(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 60_000 - (Date.now() % 60_000) + 1_200));
}
