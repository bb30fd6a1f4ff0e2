/**
 * Measure: one report cycle for 2,000 channels bound to 500 projects (4 each), every channel's weekly
 * report due. Counts the service requests of the cycle (sandbox request log) against the formula: one
 * read per project of each section's answer (briefing history, pricing and tech-trust run histories,
 * AI visibility history, content changelog, ticket list: 6 x 500 = 3,000; the bulk projects have no
 * runs, so no run detail is read), whatever the number of channels; every due report posted once.
 * Beside it, in the same world, one digest cycle over the same 2,000 channels with 50 new editions:
 * wall time and peak RSS of each.
 */
import type { BulkProject } from '../src/sandbox/control/bulk-projects.js';
import { DIGEST_IDS, REPORT_IDS } from '../src/slack/ids.js';
import { createReportSettingsRepo } from '../src/store/report-settings.js';
import { TEAM, USERS } from '../test/support/slack-fixtures.js';
import type { Measure, TargetCheck } from './support.js';
import { MIB, round, runLoad, sampleRss, timed } from './support.js';
import { errorLines, startBenchWorld } from './world.js';

const PROJECTS = 500;
const CHANNELS_PER_PROJECT = 4;
const NEW_EDITIONS = 50;
/** The reads of one project in a report cycle (reads.ts), each once however many channels. */
const READS_PER_PROJECT = 6;

async function postJson(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

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
      // Due now: weekly on today's weekday (UTC), an hour ago, set a week and a day ago.
      const now = new Date();
      const hourAgo = new Date(now.getTime() - 3_600_000);
      const schedule = { cadence: 'weekly' as const, weekday: hourAgo.getUTCDay(), time: hourAgo.toISOString().slice(11, 16), zone: 'UTC' };
      const setAt = new Date(now.getTime() - 8 * 86_400_000).toISOString();
      const repo = createReportSettingsRepo(world.radar.deps.store);
      await runLoad(channels.length, 16, async (i) => {
        const { channel, project } = channels[i] as (typeof channels)[number];
        await world.bind(channel, { id: project.id, name: `Bulk ${project.id}` }, { lastSeenRunId: project.latestRunId });
        await repo.update(TEAM.id, channel, project.id, () => ({ teamId: TEAM.id, channelId: channel, projectId: project.id, schedule, sectionsOff: [], setBy: USERS.alice, setAt, lastSlot: null, lastReportAt: null, failing: null }));
      });

      world.sandbox.control.clearRequests();
      const before = world.calls.calls.length;
      const rss = sampleRss();
      const cycle = await timed(() => reporter.tick!());
      const memory = rss.stop();
      const requests = world.sandbox.control.requests().length;
      const posts = world.calls.calls.slice(before).filter((c) => c.method === 'chat.postMessage' && (c.args.metadata as { event_type?: string } | undefined)?.event_type === REPORT_IDS.eventType);
      const perChannel = new Map<string, number>();
      for (const p of posts) perChannel.set(String(p.args.channel), (perChannel.get(String(p.args.channel)) ?? 0) + 1);
      const expected = PROJECTS * CHANNELS_PER_PROJECT;
      const partial = posts.filter((p) => JSON.stringify(p.args.blocks ?? []).includes("couldn't read")).length;
      const once = posts.length === expected && perChannel.size === expected && [...perChannel.values()].every((n) => n === 1);
      // A second tick: nothing due, nothing read, nothing posted.
      world.sandbox.control.clearRequests();
      const beforeAgain = world.calls.calls.length;
      await reporter.tick();
      const againRequests = world.sandbox.control.requests().length;
      const againPosts = world.calls.calls.slice(beforeAgain).filter((c) => c.method === 'chat.postMessage').length;

      // The digest cycle beside it: 50 new editions over the same 2,000 channels.
      await Promise.all(projects.slice(0, NEW_EDITIONS).map((p) => postJson(`${world.sandbox.url}/__sandbox/projects/${p.id}/briefings`, {})));
      world.sandbox.control.clearRequests();
      const digestBefore = world.calls.calls.length;
      const digestRss = sampleRss();
      const digestCycle = await timed(() => digester.tick!());
      const digestMemory = digestRss.stop();
      const digestRequests = world.sandbox.control.requests().length;
      const digests = world.calls.calls.slice(digestBefore).filter((c) => c.method === 'chat.postMessage' && (c.args.metadata as { event_type?: string } | undefined)?.event_type === DIGEST_IDS.eventType).length;

      const formula = READS_PER_PROJECT * PROJECTS;
      const targets: TargetCheck[] = [
        { target: `at most ${formula} service requests (${READS_PER_PROJECT} reads per project, shared by its ${CHANNELS_PER_PROJECT} channels)`, met: requests <= formula, detail: `${requests} requests for ${expected} channels` },
        { target: 'every due report posted once', met: once, detail: `${posts.length} reports of ${expected} due` },
        { target: 'the next cycle reads and posts nothing (the slot is delivered)', met: againRequests === 0 && againPosts === 0, detail: `${againRequests} requests, ${againPosts} posts` },
      ];
      const errors = errorLines(world.logs);
      return {
        method:
          `${PROJECTS} projects through POST /__sandbox/projects/bulk, each bound to ${CHANNELS_PER_PROJECT} channels whose weekly report is due ` +
          `(records written through the report-settings repository); the report worker's tick() timed; then ${NEW_EDITIONS} briefing editions and the ` +
          `digest worker's tick() timed the same way. Requests from the sandbox request log; RSS of this one process (Radar, sandbox and local Slack ` +
          `together) sampled every 20 ms. Production timing, SQLite store.`,
        metrics: [
          { name: 'report cycle: service requests', value: requests, unit: 'requests', baseline: { label: 'formula: 6 x projects', value: formula } },
          { name: 'reports posted', value: posts.length, unit: 'messages', baseline: { label: 'channels', value: expected } },
          { name: 'reports with a section unread (ticket reads refused: 429)', value: partial, unit: 'messages' },
          { name: 'report cycle wall time', value: round(cycle.ms, 0), unit: 'ms', baseline: { label: 'digest cycle', value: round(digestCycle.ms, 0) } },
          { name: 'report cycle peak RSS', value: round(memory.peakBytes / MIB), unit: 'MiB', baseline: { label: 'digest cycle', value: round(digestMemory.peakBytes / MIB) } },
          { name: 'report cycle RSS growth', value: round((memory.peakBytes - memory.startBytes) / MIB), unit: 'MiB', baseline: { label: 'digest cycle', value: round((digestMemory.peakBytes - digestMemory.startBytes) / MIB) } },
          { name: 'digest cycle: service requests', value: digestRequests, unit: 'requests' },
          { name: 'digests posted in the digest cycle', value: digests, unit: 'messages', baseline: { label: 'editions x channels', value: NEW_EDITIONS * CHANNELS_PER_PROJECT } },
        ],
        targets,
        notes: [
          'Ticket endpoints are rate limited per API key (spec 8): past the sandbox\'s limit a project\'s ticket read is refused (429, or held unsent by the client\'s budget), and its report goes out saying tickets could not be read, the rest complete; the request count then falls below the formula.',
          'Bulk projects have no dimension runs (their reads answer no_data_available), so no run detail is read: a project with a new run since the last report adds at most 2 run reads per compared dimension (pricing, tech-trust), 4 in all.',
          ...(errors.length > 0 ? [`Radar logged ${errors.length} error lines, e.g. ${errors[0]?.slice(0, 200) ?? ''}`] : []),
        ],
      };
    } finally {
      await world.stop();
    }
  },
};
