/**
 * Measure 3: one digest cycle for 2,000 channels bound to 500 projects with 50 new editions. Counts
 * the service requests the cycle made (sandbox request log) against the target formula: one history
 * read per project plus the reads each new edition needs (its briefing and its ticket list, spec
 * 4.5), nothing per channel. Also the cycle's wall time and peak RSS.
 */
import type { RequestLogEntry } from '../src/sandbox/index.js';
import { DIGEST_IDS } from '../src/slack/ids.js';
import type { BulkProject } from '../src/sandbox/control/bulk-projects.js';
import type { Measure, TargetCheck } from './support.js';
import { MIB, round, runLoad, sampleRss, timed, postJson } from './support.js';
import type { BenchWorld } from './world.js';
import { errorLines, startBenchWorld } from './world.js';

const PROJECTS = 500;
const CHANNELS_PER_PROJECT = 4;
const NEW_EDITIONS = 50;
/** Reads one new edition needs whatever the number of channels: the edition and its tickets (spec 4.5). */
const READS_PER_EDITION = 2;

/** 500 sandbox projects, each bound to 4 channels whose cursor stands on the project's one edition. */
async function bindMany(world: BenchWorld): Promise<BulkProject[]> {
  const { items } = (await postJson(`${world.sandbox.url}/__sandbox/projects/bulk`, { count: PROJECTS, prefix: 'bench' })) as { items: BulkProject[] };
  const channels = items.flatMap((project, p) =>
    Array.from({ length: CHANNELS_PER_PROJECT }, (_, c) => ({ channel: `C${String(p * CHANNELS_PER_PROJECT + c).padStart(9, '0')}`, project })),
  );
  await runLoad(channels.length, 16, (i) => {
    const { channel, project } = channels[i] as (typeof channels)[number];
    return world.bind(channel, { id: project.id, name: `Bulk ${project.id}` }, { lastSeenRunId: project.latestRunId });
  });
  return items;
}

const requestKey = (r: RequestLogEntry) => `${r.method} ${r.path}?${new URLSearchParams(Object.entries(r.query).sort()).toString()}`;

interface CycleRequests {
  total: number;
  historyReads: number;
  /** Reads that name one of the new editions (its briefing, or its tickets by `briefingRunId`). */
  editionReads: number;
  other: number;
  /** Requests made more than once in the cycle (a read per channel would show here). */
  repeated: number;
}

function classify(requests: readonly RequestLogEntry[], newRunIds: ReadonlySet<string>): CycleRequests {
  const names = (r: RequestLogEntry) => [...newRunIds].some((id) => r.path.endsWith(`/${id}`) || r.query.briefingRunId === id);
  const historyReads = requests.filter((r) => r.path.endsWith('/strategic-briefing/history')).length;
  const editionReads = requests.filter(names).length;
  const keys = requests.map(requestKey);
  return { total: requests.length, historyReads, editionReads, other: requests.length - historyReads - editionReads, repeated: keys.length - new Set(keys).size };
}

export const digestCycle: Measure = {
  id: 'digest-cycle',
  title: '3. One digest cycle: 2,000 channels, 500 projects, 50 new editions',
  async run() {
    const world = await startBenchWorld();
    try {
      const worker = world.radar.workers.find((w) => w.name.includes('digest'));
      if (!worker?.tick) {
        return { method: '', metrics: [], targets: [], notes: [], skipped: 'Radar has no digest worker with tick() (issue 6 not there yet)' };
      }
      const tick = worker.tick.bind(worker);
      const projects = await bindMany(world);

      // A quiet cycle first (nothing new): warms the code paths and shows the floor of a cycle's cost.
      world.sandbox.control.clearRequests();
      const quiet = await timed(tick);
      const quietRequests = world.sandbox.control.requests().length;

      const published = await Promise.all(
        projects.slice(0, NEW_EDITIONS).map(async (p) => ((await postJson(`${world.sandbox.url}/__sandbox/projects/${p.id}/briefings`, {})) as { item: { runId: string } }).item.runId),
      );
      world.sandbox.control.clearRequests();
      const postsBefore = world.calls.calls.length;
      const rss = sampleRss();
      const cycle = await timed(tick);
      const memory = rss.stop();

      // The poller lists a project's bindings once per project; the repository reads every binding to do so.
      const listAll = await timed(() => world.radar.deps.bindings.listAll());
      const requests = classify(world.sandbox.control.requests(), new Set(published));
      const slackCalls = world.calls.calls.slice(postsBefore);
      const digests = slackCalls.filter((c) => c.method === 'chat.postMessage' && (c.args.metadata as { event_type?: string } | undefined)?.event_type === DIGEST_IDS.eventType).length;
      const expectedDigests = NEW_EDITIONS * CHANNELS_PER_PROJECT;
      const formula = PROJECTS + READS_PER_EDITION * NEW_EDITIONS;

      const targets: TargetCheck[] = [
        {
          target: `one history read per project (${PROJECTS}), none per channel`,
          met: requests.historyReads === PROJECTS && requests.repeated === 0,
          detail: `${requests.historyReads} history reads for ${PROJECTS} projects and ${PROJECTS * CHANNELS_PER_PROJECT} channels; ${requests.repeated} requests repeated`,
        },
        {
          target: `requests <= ${PROJECTS} + ${READS_PER_EDITION} x ${NEW_EDITIONS} new editions = ${formula}`,
          met: requests.total <= formula && requests.other === 0,
          detail: `${requests.total} requests: ${requests.historyReads} history, ${requests.editionReads} naming a new edition (${round(requests.editionReads / NEW_EDITIONS, 2)} per edition), ${requests.other} other`,
        },
        { target: 'every new edition digested in every bound channel', met: digests === expectedDigests, detail: `${digests} digests posted of ${expectedDigests}` },
      ];
      const errors = errorLines(world.logs);
      return {
        method:
          `${PROJECTS} projects made through POST /__sandbox/projects/bulk, each bound to ${CHANNELS_PER_PROJECT} channels (bindings written through ` +
          `radar.deps.bindings, cursors on the current edition); one quiet cycle, then ${NEW_EDITIONS} editions published through the control surface and ` +
          `the digest worker's tick() timed. Requests from the sandbox request log of that tick; RSS of this one process (Radar, sandbox and local Slack ` +
          `together) sampled every 20 ms. Production timing (maxConcurrentPolls 8), SQLite store.`,
        metrics: [
          { name: 'service requests in the cycle', value: requests.total, unit: 'requests', baseline: { label: 'target formula', value: formula } },
          { name: 'history reads', value: requests.historyReads, unit: 'requests', baseline: { label: 'projects', value: PROJECTS } },
          { name: 'reads naming a new edition', value: requests.editionReads, unit: 'requests', baseline: { label: `${READS_PER_EDITION} per edition`, value: READS_PER_EDITION * NEW_EDITIONS } },
          { name: 'digests posted (main messages)', value: digests, unit: 'messages', baseline: { label: 'editions x channels', value: expectedDigests } },
          { name: 'cycle wall time', value: round(cycle.ms, 0), unit: 'ms' },
          { name: 'quiet cycle (nothing new) wall time', value: round(quiet.ms, 0), unit: 'ms' },
          { name: 'quiet cycle requests', value: quietRequests, unit: 'requests', baseline: { label: 'projects', value: PROJECTS } },
          { name: `one bindings.listAll() of ${listAll.value.length} bindings`, value: round(listAll.ms, 0), unit: 'ms' },
          { name: 'peak RSS during the cycle', value: round(memory.peakBytes / MIB), unit: 'MiB' },
          { name: 'RSS growth during the cycle', value: round((memory.peakBytes - memory.startBytes) / MIB), unit: 'MiB' },
        ],
        targets,
        notes: [
          `The poller reads all ${listAll.value.length} bindings once per cycle (one listAll, ${round(listAll.ms, 0)} ms here) and each channel's binding afresh before posting.`,
          ...(errors.length > 0 ? [`Radar logged ${errors.length} error lines, e.g. ${errors[0]?.slice(0, 200) ?? ''}`] : []),
        ],
      };
    } finally {
      await world.stop();
    }
  },
};
