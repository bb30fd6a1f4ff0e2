/**
 * Measure: one watch cycle for 2,000 channels bound to 500 projects, three dimensions watched in each
 * channel (pricing, positioning, tech), 50 new runs. Counts the service requests of the cycle (sandbox
 * request log) against issue 16's targets: exactly one history read per (project, watched dimension),
 * 1,500, and at most two run reads per new run (the run and the one before it), 100; every due
 * message posted once. Beside it, in the same world, one digest cycle over the same 2,000 channels
 * with 50 new editions: wall time and peak RSS of each. Then a ticket is made from every watch message
 * posted and one living cycle runs: with living messages the watch rhythm adds one board read per project
 * with linked tickets (issue 30), whatever the number of messages. Then the cost of a day of digest-tier changes
 * (issue 30): the tech runs' trust-signal and score moves are held per channel, not posted; with their
 * holding moved back two days (so the day's digest time has passed), one more watch cycle posts each
 * holding channel's digest once: its requests (the formula's history reads, no run read), messages,
 * wall time, and the held store's size.
 */
import type { RequestLogEntry } from '../src/sandbox/index.js';
import type { BulkProject } from '../src/sandbox/control/bulk-projects.js';
import { DIGEST_IDS, WATCH_IDS } from '../src/slack/ids.js';
import { createTicketThreadsRepo } from '../src/store/ticket-threads.js';
import { createWatchHeldRepo } from '../src/store/watch-held.js';
import { createWatchesRepo, type WatchDimension } from '../src/store/watches.js';
import { TEAM, USERS } from '../test/support/slack-fixtures.js';
import type { Measure, TargetCheck } from './support.js';
import { MIB, round, runLoad, sampleRss, timed, postJson } from './support.js';
import type { BenchWorld } from './world.js';
import { errorLines, startBenchWorld } from './world.js';

const PROJECTS = 500;
const CHANNELS_PER_PROJECT = 4;
const NEW_RUNS = 50;
const WATCHED: { dimension: WatchDimension; service: 'pricing' | 'positioning' | 'tech-trust' }[] = [
  { dimension: 'pricing', service: 'pricing' },
  { dimension: 'positioning', service: 'positioning' },
  { dimension: 'tech', service: 'tech-trust' },
];

/** A run's detail for a bulk project: one competitor row whose facts `n` sets. */
function patchOf(service: string, domain: string, n: number): Record<string, unknown> {
  if (service === 'pricing') return { competitors: [{ domain, isOwn: false, lowestPrice: 20 + n, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 3, hasFreePlan: false }] };
  if (service === 'positioning') return { competitors: [{ domain, isOwn: false, headline: `Headline ${n}`, primaryCta: 'Start free' }] };
  return { competitors: [{ domain, isOwn: false, securityHeaders: { grade: n === 0 ? 'B' : 'A', score: 70 + n }, trustSignals: { count: 10 + n }, techStack: ['React'] }] };
}

async function setUp(world: BenchWorld): Promise<{ projects: BulkProject[]; channels: { channel: string; project: BulkProject }[] }> {
  const { items: projects } = (await postJson(`${world.sandbox.url}/__sandbox/projects/bulk`, { count: PROJECTS, prefix: 'wbench' })) as { items: BulkProject[] };
  const channels = projects.flatMap((project, p) => Array.from({ length: CHANNELS_PER_PROJECT }, (_, c) => ({ channel: `C${String(p * CHANNELS_PER_PROJECT + c).padStart(9, '0')}`, project })));
  // A baseline run of each watched dimension, in process (1,500 runs).
  const baselines = new Map<string, string>();
  for (const project of projects) {
    for (const w of WATCHED) baselines.set(`${project.id}:${w.dimension}`, world.sandbox.control.publishRun(project.id, { dimension: w.service, patch: patchOf(w.service, `rival-${project.id}.example`, 0) }).runId);
  }
  const watches = createWatchesRepo(world.radar.deps.store);
  const setAt = new Date().toISOString();
  await runLoad(channels.length, 16, async (i) => {
    const { channel, project } = channels[i] as (typeof channels)[number];
    await world.bind(channel, { id: project.id, name: `Bulk ${project.id}` }, { lastSeenRunId: project.latestRunId });
    await watches.update(TEAM.id, channel, project.id, (current) => ({
      ...current,
      watches: WATCHED.map((w) => ({ dimension: w.dimension, competitors: [], category: null, threshold: null, muted: [], tiers: {}, band: null, setBy: USERS.alice, setAt, lastSeenRunId: baselines.get(`${project.id}:${w.dimension}`) ?? null })),
    }));
  });
  return { projects, channels };
}

const isRunRead = (r: RequestLogEntry) => /\/(pricing|positioning|tech-trust)\/history\/[^/]+$/.test(r.path);
const isHistoryRead = (r: RequestLogEntry) => /\/(pricing|positioning|tech-trust)\/history$/.test(r.path);

export const watchesCycle: Measure = {
  id: 'watches',
  title: '8. One watch cycle: 2,000 channels, 500 projects, 3 watched dimensions, 50 new runs (beside a digest cycle)',
  async run() {
    const world = await startBenchWorld();
    try {
      const watcher = world.radar.workers.find((w) => w.name === 'watch-poller');
      const digester = world.radar.workers.find((w) => w.name === 'digest-poller');
      if (!watcher?.tick || !digester?.tick) return { method: '', metrics: [], targets: [], notes: [], skipped: 'Radar has no watch or digest worker with tick()' };
      const { projects } = await setUp(world);

      // New runs: 50 (project, dimension) pairs, over the first projects and the three dimensions.
      const fresh = Array.from({ length: NEW_RUNS }, (_, i) => {
        const project = projects[Math.floor(i / WATCHED.length)] as BulkProject;
        const w = WATCHED[i % WATCHED.length]!;
        return world.sandbox.control.publishRun(project.id, { dimension: w.service, patch: patchOf(w.service, `rival-${project.id}.example`, 1) }).runId;
      });
      world.sandbox.control.clearRequests();
      const before = world.calls.calls.length;
      const rss = sampleRss();
      const cycle = await timed(() => watcher.tick!());
      const memory = rss.stop();
      const requests = world.sandbox.control.requests();
      const historyReads = requests.filter(isHistoryRead).length;
      const runReads = requests.filter(isRunRead).length;
      const posts = world.calls.calls.slice(before).filter((c) => c.method === 'chat.postMessage' && c.args.thread_ts === undefined && (c.args.metadata as { event_type?: string } | undefined)?.event_type === WATCH_IDS.eventType);
      const perRun = new Map<string, number>();
      for (const p of posts) {
        const key = `${String(p.args.channel)}:${String((p.args.metadata as { event_payload: { run_id: string } }).event_payload.run_id)}`;
        perRun.set(key, (perRun.get(key) ?? 0) + 1);
      }
      const expected = NEW_RUNS * CHANNELS_PER_PROJECT;
      const once = posts.length === expected && [...perRun.values()].every((n) => n === 1) && fresh.every((id) => posts.some((p) => (p.args.metadata as { event_payload: { run_id: string } }).event_payload.run_id === id));

      // The digest cycle beside it: 50 new editions over the same 2,000 channels.
      await Promise.all(projects.slice(0, NEW_RUNS).map((p) => postJson(`${world.sandbox.url}/__sandbox/projects/${p.id}/briefings`, {})));
      world.sandbox.control.clearRequests();
      const digestBefore = world.calls.calls.length;
      const digestRss = sampleRss();
      const digestCycle = await timed(() => digester.tick!());
      const digestMemory = digestRss.stop();
      const digests = world.calls.calls.slice(digestBefore).filter((c) => c.method === 'chat.postMessage' && (c.args.metadata as { event_type?: string } | undefined)?.event_type === DIGEST_IDS.eventType).length;

      // Living messages (issue 30): a ticket made from every watch message just posted, its thread linked; one
      // living cycle then reads each linked project's board once, however many messages link to it.
      const living = world.radar.workers.find((w) => w.name === 'living-poller');
      const threads = createTicketThreadsRepo(world.radar.deps.store);
      // One ticket per project (the sandbox limits ticket calls per key to 120 a minute), every message of the project linked to it.
      const projectOf = (post: (typeof posts)[number]) => String((post.args.metadata as { event_payload: { project_id: string } }).event_payload.project_id);
      const linkedProjects = new Set(posts.map(projectOf));
      const tickets = new Map<string, { id: string; number: number }>();
      for (const projectId of linkedProjects) tickets.set(projectId, await world.radar.deps.service.createTicket(projectId, { title: 'From the watch', status: 'triage' }));
      await runLoad(posts.length, 8, async (i) => {
        const post = posts[i]!;
        const ts = String((post.response as { ts?: string } | undefined)?.ts ?? '');
        const ticket = tickets.get(projectOf(post))!;
        await threads.link({ teamId: TEAM.id, channelId: String(post.args.channel), threadTs: ts }, { projectId: projectOf(post), ticketId: ticket.id, ticketNumber: ticket.number, title: 'From the watch' }, { ts, kind: 'watch', text: null }, new Date());
      });
      world.sandbox.control.clearRequests();
      const livingBefore = world.calls.calls.length;
      const livingCycle = living?.tick ? await timed(() => living.tick!()) : null;
      const boardReads = world.sandbox.control.requests().filter((r) => r.method === 'GET' && /\/tickets$/.test(r.path)).length;
      const livingUpdates = world.calls.calls.slice(livingBefore).filter((c) => c.method === 'chat.update').length;
      // A day of digest-tier changes: what the cycle held, then the cycle that posts the day's digests.
      const held = createWatchHeldRepo(world.radar.deps.store);
      const holding = await held.listAll();
      const heldEntries = holding.reduce((n, r) => n + r.entries.length, 0);
      const heldChanges = holding.reduce((n, r) => n + r.entries.reduce((m, e) => m + e.changes.length, 0), 0);
      const heldBytes = holding.reduce((n, r) => n + JSON.stringify(r).length, 0);
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
      for (const r of holding) for (const e of r.entries) await held.add(r.teamId, r.channelId, { ...e, heldAt: twoDaysAgo }, new Date());
      world.sandbox.control.clearRequests();
      const dayBefore = world.calls.calls.length;
      const dayCycle = await timed(() => watcher.tick!());
      const dayRequests = world.sandbox.control.requests();
      const dayPosts = world.calls.calls.slice(dayBefore).filter((c) => c.method === 'chat.postMessage' && (c.args.metadata as { event_payload?: { held?: string } } | undefined)?.event_payload?.held === 'digest');
      const stillHeld = (await held.listAll()).length;

      const groups = PROJECTS * WATCHED.length;
      const targets: TargetCheck[] = [
        { target: `exactly ${groups} history reads (one per project and watched dimension)`, met: historyReads === groups, detail: `${historyReads} history reads for ${PROJECTS * CHANNELS_PER_PROJECT} channels x ${WATCHED.length} watches` },
        { target: `at most ${2 * NEW_RUNS} run reads (the new run and the one before it)`, met: runReads <= 2 * NEW_RUNS, detail: `${runReads} run reads for ${NEW_RUNS} new runs` },
        { target: 'every due message posted once', met: once, detail: `${posts.length} watch messages of ${expected} due (${NEW_RUNS} runs x ${CHANNELS_PER_PROJECT} channels)` },
        { target: 'living messages: one board read per project with linked tickets', met: livingCycle !== null && boardReads === linkedProjects.size, detail: `${boardReads} board reads for ${posts.length} linked watch messages on ${linkedProjects.size} projects` },
        {
          target: 'a day of digest-tier changes: one digest per holding channel, no run read added',
          met: dayPosts.length === holding.length && stillHeld === 0 && dayRequests.filter(isRunRead).length === 0 && dayRequests.filter(isHistoryRead).length === groups,
          detail: `${dayPosts.length} digests for ${holding.length} holding channels; ${dayRequests.filter(isHistoryRead).length} history reads, ${dayRequests.filter(isRunRead).length} run reads`,
        },
      ];
      const errors = errorLines(world.logs);
      return {
        method:
          `${PROJECTS} projects through POST /__sandbox/projects/bulk, each bound to ${CHANNELS_PER_PROJECT} channels watching pricing, positioning and tech ` +
          `(records written through the watches repository, each on a baseline run published through the control surface); ${NEW_RUNS} new runs published, ` +
          `then the watch worker's tick() timed; then ${NEW_RUNS} briefing editions and the digest worker's tick() timed the same way; then one ticket per ` +
          `project with new runs, every watch message posted linked to it, and the living worker's tick() timed (board reads counted). Requests from the ` +
          `sandbox request log; RSS of this one process (Radar, sandbox and local Slack together) sampled every 20 ms. Production timing, SQLite store.`,
        metrics: [
          { name: 'watch cycle: history reads', value: historyReads, unit: 'requests', baseline: { label: 'projects x watched dimensions', value: groups } },
          { name: 'watch cycle: run reads', value: runReads, unit: 'requests', baseline: { label: 'at most 2 per new run', value: 2 * NEW_RUNS } },
          { name: 'watch cycle: other requests', value: requests.length - historyReads - runReads, unit: 'requests' },
          { name: 'watch messages posted', value: posts.length, unit: 'messages', baseline: { label: 'runs x channels', value: expected } },
          { name: 'watch cycle wall time', value: round(cycle.ms, 0), unit: 'ms', baseline: { label: 'digest cycle', value: round(digestCycle.ms, 0) } },
          { name: 'watch cycle peak RSS', value: round(memory.peakBytes / MIB), unit: 'MiB', baseline: { label: 'digest cycle', value: round(digestMemory.peakBytes / MIB) } },
          { name: 'watch cycle RSS growth', value: round((memory.peakBytes - memory.startBytes) / MIB), unit: 'MiB', baseline: { label: 'digest cycle', value: round((digestMemory.peakBytes - digestMemory.startBytes) / MIB) } },
          { name: 'digests posted in the digest cycle', value: digests, unit: 'messages', baseline: { label: 'editions x channels', value: NEW_RUNS * CHANNELS_PER_PROJECT } },
          { name: 'living cycle: board reads', value: boardReads, unit: 'requests', baseline: { label: 'projects with linked tickets', value: linkedProjects.size } },
          { name: 'living cycle: messages updated', value: livingUpdates, unit: 'messages', baseline: { label: 'linked watch messages', value: posts.length } },
          { name: 'living cycle wall time', value: round(livingCycle?.ms ?? 0, 0), unit: 'ms', baseline: { label: 'watch cycle', value: round(cycle.ms, 0) } },
          { name: 'a day of digest-tier changes: held entries (runs)', value: heldEntries, unit: 'entries', baseline: { label: 'changes held', value: heldChanges } },
          { name: 'a day of digest-tier changes: held store size', value: round(heldBytes / 1024, 1), unit: 'KiB' },
          { name: 'a day of digest-tier changes: digests posted', value: dayPosts.length, unit: 'messages', baseline: { label: 'holding channels', value: holding.length } },
          { name: 'a day of digest-tier changes: cycle wall time', value: round(dayCycle.ms, 0), unit: 'ms', baseline: { label: 'the watch cycle', value: round(cycle.ms, 0) } },
          { name: 'a day of digest-tier changes: cycle requests', value: dayRequests.length, unit: 'requests', baseline: { label: 'history reads of the formula', value: groups } },
        ],
        targets,
        notes: [
          'Content is not among the benched dimensions: a content run also reads the changelog once per new run (not a run read).',
          ...(errors.length > 0 ? [`Radar logged ${errors.length} error lines, e.g. ${errors[0]?.slice(0, 200) ?? ''}`] : []),
        ],
      };
    } finally {
      await world.stop();
    }
  },
};
