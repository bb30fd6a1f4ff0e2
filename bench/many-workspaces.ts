/**
 * Measure (issue 32, item 5): Radar at the size it is for. 200 workspaces installed from a link,
 * 5,000 projects, 20,000 bound channels (each project in four channels of one workspace), every
 * channel watching pricing; the service answers every project read after 200 ms. One digest and
 * watch cycle (250 new editions, 250 new pricing runs) run by Radar processes in OAuth mode on one
 * Redis with BACKGROUND_JOBS=bullmq: on one replica, on two, and on two with one killed (SIGKILL)
 * mid-cycle. Requests by formula, wall time, peak memory per replica, and every message posted once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import type { RequestLogEntry } from '../src/sandbox/index.js';
import type { BulkProject } from '../src/sandbox/control/bulk-projects.js';
import { DIGEST_IDS, WATCH_IDS } from '../src/slack/ids.js';
import { openStore } from '../src/store/backends/open-store.js';
import type { Store } from '../src/store/backends/store.js';
import { createBindingsRepo } from '../src/store/bindings.js';
import { createSecretBox } from '../src/store/crypto.js';
import { createInstallationStore, installationKey } from '../src/store/installations.js';
import { createServiceKeysRepo } from '../src/store/service-keys.js';
import { createWatchesRepo } from '../src/store/watches.js';
import type { LocalWebApi, WebApiCall } from '../src/slack/local-web-api/index.js';
import type { SpawnedApp } from './spawn-app.js';
import { spawnApp, ENTRIES, startFlags } from './spawn-app.js';
import type { Measure, Metric, TargetCheck } from './support.js';
import { MIB, round, runLoad, waitUntil, postJson } from './support.js';
import type { Services } from './world.js';
import { SIGNING_SECRET, startServices } from './world.js';

const WORKSPACES = Number(process.env.BENCH_MW_WORKSPACES ?? 200);
const PROJECTS = Number(process.env.BENCH_MW_PROJECTS ?? 5_000);
const CHANNELS_PER_PROJECT = 4;
const NEW_EDITIONS = PROJECTS / 20;
const NEW_RUNS = PROJECTS / 20;
const SERVICE_LATENCY_MS = 200;
/** Concurrent background requests per replica: at 200 ms a request, 8 (the default) would take 6 minutes a cycle. */
const CONCURRENT_POLLS = 64;
/** How soon a dead replica's job lock lapses and another replica takes the job. */
const LEASE_TTL_MS = 15_000;
const CYCLE_TIMEOUT_MS = 600_000;
/** The killed run waits this long for the survivor to post what the dead replica had claimed. */
const RECOVERY_TIMEOUT_MS = 240_000;

const ENCRYPTION_KEY = randomBytes(32);
const OAUTH = { SLACK_CLIENT_ID: '1000.2000', SLACK_CLIENT_SECRET: 'bench-client-secret', SLACK_STATE_SECRET: 'bench-state-secret-0123456789abcdef0123' };

const teamOf = (p: number) => `T${String(Math.floor((p * WORKSPACES) / PROJECTS)).padStart(8, '0')}`;
/**
 * Each run's channels are its own (`run` 0, 1, 2): the local Slack keeps every run's messages, and a
 * replica recovering a claim finds a digest of the same edition an earlier run posted in the same
 * channel (rightly: it is Radar's, posted in that channel) and records it instead of posting.
 */
const channelOf = (run: number, p: number, c: number) => `C${run}${String(p * CHANNELS_PER_PROJECT + c).padStart(8, '0')}`;

interface BenchData {
  projects: BulkProject[];
  baselines: Map<string, string>;
  editions: Set<string>;
  runs: Set<string>;
}

/** The service's side, made once: projects, a baseline pricing run each, then the cycle's news. */
async function makeProjects(services: Services): Promise<BenchData> {
  const { items: projects } = (await postJson(`${services.sandbox.url}/__sandbox/projects/bulk`, { count: PROJECTS, prefix: 'mw' })) as { items: BulkProject[] };
  const baselines = new Map<string, string>();
  const patch = (project: BulkProject, price: number) => ({ competitors: [{ domain: `rival-${project.id}.example`, isOwn: false, lowestPrice: price, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 3, hasFreePlan: false }] });
  for (const project of projects) baselines.set(project.id, services.sandbox.control.publishRun(project.id, { dimension: 'pricing', patch: patch(project, 20) }).runId);
  const editions = new Set<string>();
  for (const project of projects.slice(0, NEW_EDITIONS)) {
    editions.add(((await postJson(`${services.sandbox.url}/__sandbox/projects/${project.id}/briefings`, {})) as { item: { runId: string } }).item.runId);
  }
  const runs = new Set<string>();
  for (const project of projects.slice(-NEW_RUNS)) runs.add(services.sandbox.control.publishRun(project.id, { dimension: 'pricing', patch: patch(project, 30) }).runId);
  return { projects, baselines, editions, runs };
}

/**
 * Radar's side for one run, under its own store prefix: installations (each with a token the local
 * Slack issued for its workspace, so its posts carry that workspace's bot id, as the installation
 * records), bindings with digest cursors, watches.
 */
async function writeRecords(store: Store, data: BenchData, serviceKey: string, slack: LocalWebApi, run: number): Promise<void> {
  const box = createSecretBox({ current: ENCRYPTION_KEY });
  const installations = createInstallationStore(store, box);
  const serviceKeys = createServiceKeysRepo(store, box);
  for (let t = 0; t < WORKSPACES; t++) {
    const team = teamOf(Math.ceil((t * PROJECTS) / WORKSPACES));
    const token = slack.oauth?.install({ teamId: team, teamName: `Workspace ${t}` });
    if (!token) throw new Error('the local Slack was started without installs from a link');
    await installations.storeInstallation({
      team: { id: team, name: `Workspace ${t}` },
      enterprise: undefined,
      isEnterpriseInstall: false,
      appId: 'A0RADAR001',
      tokenType: 'bot',
      bot: { token, userId: 'U0RADARBOT', id: `B${team}`, scopes: ['commands', 'chat:write'] },
    } as Parameters<typeof installations.storeInstallation>[0]);
    // Each workspace connected (as an admin does from Home); every one with the sandbox's key, the sandbox having one organisation.
    await serviceKeys.set(installationKey({ teamId: team }), serviceKey, { scope: 'read_write', connectedBy: 'U0BENCH' });
  }
  const bindings = createBindingsRepo(store);
  const watches = createWatchesRepo(store);
  const setAt = new Date(Date.now() - 86_400_000).toISOString();
  await runLoad(PROJECTS * CHANNELS_PER_PROJECT, 32, async (i) => {
    const p = Math.floor(i / CHANNELS_PER_PROJECT);
    const project = data.projects[p] as BulkProject;
    const teamId = teamOf(p);
    const channelId = channelOf(run, p, i % CHANNELS_PER_PROJECT);
    await bindings.set({ teamId, channelId, projectId: project.id, projectName: `Bulk ${project.id}`, boundBy: 'U0BENCH', boundAt: setAt, digestsEnabled: true, lastSeenRunId: project.latestRunId });
    await watches.update(teamId, channelId, project.id, (current) => ({
      ...current,
      watches: [{ dimension: 'pricing', competitors: [], category: null, threshold: null, muted: [], tiers: {}, band: null, setBy: 'U0BENCH', setAt, lastSeenRunId: data.baselines.get(project.id) ?? null }],
    }));
  });
}

const runIdOf = (call: WebApiCall) => (call.args.metadata as { event_type?: string; event_payload?: { run_id?: string } } | undefined)?.event_payload?.run_id;
const typeOf = (call: WebApiCall) => (call.args.metadata as { event_type?: string } | undefined)?.event_type;

interface Posts {
  digests: number;
  watchMessages: number;
  /** Messages posted more than once (same channel, type and run). */
  twice: number;
}

function postsOf(calls: readonly WebApiCall[], data: BenchData): Posts {
  const seen = new Map<string, number>();
  let digests = 0;
  let watchMessages = 0;
  for (const call of calls) {
    if (call.method !== 'chat.postMessage' || typeof call.args.thread_ts === 'string') continue;
    const run = runIdOf(call);
    if (run === undefined) continue;
    const type = typeOf(call);
    if (type === DIGEST_IDS.eventType && data.editions.has(run)) digests++;
    else if (type === WATCH_IDS.eventType && data.runs.has(run)) watchMessages++;
    else continue;
    const key = `${String(call.args.channel)} ${type} ${run}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return { digests, watchMessages, twice: [...seen.values()].filter((n) => n > 1).length };
}

interface Requests {
  total: number;
  digestHistory: number;
  watchHistory: number;
  runReads: number;
  editionReads: number;
  boardReads: number;
  other: number;
}

function classify(requests: readonly RequestLogEntry[], data: BenchData): Requests {
  const out: Requests = { total: requests.length, digestHistory: 0, watchHistory: 0, runReads: 0, editionReads: 0, boardReads: 0, other: 0 };
  for (const r of requests) {
    if (r.path.endsWith('/strategic-briefing/history')) out.digestHistory++;
    else if (r.path.endsWith('/pricing/history')) out.watchHistory++;
    else if (/\/pricing\/history\/[^/]+$/.test(r.path)) out.runReads++;
    else if ([...data.editions].some((id) => r.path.endsWith(`/${id}`)) || (typeof r.query.briefingRunId === 'string' && data.editions.has(r.query.briefingRunId))) out.editionReads++;
    else if (r.path.endsWith('/tickets')) out.boardReads++;
    // The replicas' /healthz asks the service whether it is reachable (spawnApp waits on it): not the cycle's.
    else if (r.path === '/v1/health') out.total--;
    else out.other++;
  }
  return out;
}

interface CycleRun {
  label: string;
  wallMs: number;
  requests: Requests;
  posts: Posts;
  peakMiB: (number | null)[];
  complete: boolean;
  errors: number;
  /** A replica was killed mid-cycle: the cycles after it re-read (no request target), posts are still once. */
  killed: boolean;
}

/** One cycle: a fresh prefix, the records written, `replicas` processes started (the first cycle runs at start), waited on until every message is posted. */
async function cycle(services: Services, data: BenchData, label: string, replicas: number, kill: boolean, run: number): Promise<CycleRun> {
  const redisUrl = process.env.REDIS_URL ?? '';
  const prefix = `mw-${randomUUID().slice(0, 8)}`;
  const store = await openStore(redisUrl, { namespacePrefix: prefix });
  try {
    await writeRecords(store, data, services.sandbox.keys.readWrite, services.slack, run);
  } finally {
    await store.close();
  }
  services.sandbox.control.clearRequests();
  const from = recorded(services).length;
  const env = {
    ...OAUTH,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: services.slack.url,
    SVC_BASE_URL: services.sandbox.url,
    SVC_API_KEY: services.sandbox.keys.readWrite,
    RADAR_ENCRYPTION_KEY: ENCRYPTION_KEY.toString('base64'),
    STORE_URL: redisUrl,
    STORE_PREFIX: prefix,
    BACKGROUND_JOBS: 'bullmq',
    LOG_LEVEL: process.env.BENCH_MW_LOG_LEVEL ?? 'warn',
    // The killed run: a post the dead replica claimed but never made is retried once its claim is
    // stale (20 s here, 5 minutes by default), by the next cycle (every 30 s here).
    DIGEST_INTERVAL_SECONDS: kill ? '30' : '86400',
    WATCH_INTERVAL_SECONDS: kill ? '30' : '86400',
    RADAR_TIMING: JSON.stringify({ maxConcurrentPolls: CONCURRENT_POLLS, leaseTtlMs: LEASE_TTL_MS, ...(kill ? { digestClaimTtlMs: 20_000 } : {}) }),
  };
  const expected = { digests: NEW_EDITIONS * CHANNELS_PER_PROJECT, watchMessages: NEW_RUNS * CHANNELS_PER_PROJECT };
  const started = performance.now();
  const startedAt = Date.now();
  const apps: SpawnedApp[] = [];
  let complete = true;
  let peakMiB: (number | null)[] = [];
  let errors = 0;
  try {
    for (let i = 0; i < replicas; i++) apps.push(await spawnApp(ENTRIES.radar, env, startFlags()));
    if (kill) {
      await waitUntil(() => postsOf(recorded(services).slice(from), data).digests >= expected.digests / 4, 'a quarter of the digests', { timeoutMs: CYCLE_TIMEOUT_MS, everyMs: 50 });
      process.kill(apps[0]?.pid ?? 0, 'SIGKILL');
    }
    await waitUntil(
      () => {
        const posts = postsOf(recorded(services).slice(from), data);
        const requests = classify(services.sandbox.control.requests(), data);
        return posts.digests >= expected.digests && posts.watchMessages >= expected.watchMessages && requests.digestHistory >= PROJECTS && requests.watchHistory >= PROJECTS;
      },
      'every digest and watch message',
      { timeoutMs: kill ? RECOVERY_TIMEOUT_MS : CYCLE_TIMEOUT_MS, everyMs: 100 },
    ).catch(() => (complete = false));
    if (process.env.BENCH_MW_DEBUG) {
      const posts = postsOf(recorded(services).slice(from), data);
      console.error(label, Math.round(performance.now() - started), 'ms', JSON.stringify(posts), JSON.stringify(classify(services.sandbox.control.requests(), data)));
      const events = services.sandbox.control.requests().flatMap((r) => [{ at: r.received, d: 1 }, { at: r.answered, d: -1 }]).sort((a, b) => a.at - b.at);
      let inFlight = 0;
      let most = 0;
      for (const e of events) most = Math.max(most, (inFlight += e.d));
      console.error('most requests in flight at once', most);
      const calls = recorded(services).slice(from);
      const lastPost = calls.filter((c) => c.method === 'chat.postMessage').at(-1);
      console.error('last post after', lastPost ? Math.round(lastPost.at - startedAt) : null, 'ms');
      const firstPost = calls.find((c) => c.method === 'chat.postMessage');
      console.error('first post after', firstPost ? Math.round(firstPost.at - startedAt) : null, 'ms; calls', calls.length, 'by method', JSON.stringify(Object.fromEntries([...new Set(calls.map((c) => c.method))].map((m) => [m, calls.filter((c) => c.method === m).length]))));
      for (const app of apps) console.error(app.stderr().split('\n').filter((l) => !l.includes('renew lock') && !l.includes('Missing key')).join('\n').slice(0, 3000));
    }
  } finally {
    // Peak memory is read before stopping (a killed replica's is gone with it).
    peakMiB = apps.map((app, i) => (kill && i === 0 ? null : round(app.memory().peakBytes / MIB)));
    errors = apps.reduce((n, app) => n + app.stderr().split('\n').filter((l) => l.includes('"level":"error"')).length, 0);
    for (const app of apps) await app.stop();
    await forget(redisUrl, prefix);
  }
  const wallMs = performance.now() - started;
  return { label, wallMs, requests: classify(services.sandbox.control.requests(), data), posts: postsOf(recorded(services).slice(from), data), peakMiB, complete, errors, killed: kill };
}

/** Deletes every key of a run's prefix (its records and its BullMQ queues): a shared Redis keeps nothing from the bench. */
async function forget(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

function recorded(services: Services): readonly WebApiCall[] {
  return services.calls.calls;
}

export const manyWorkspaces: Measure = {
  id: 'many-workspaces',
  title: '32. Many workspaces: 200 workspaces, 5,000 projects, 20,000 channels, one digest and watch cycle on one and two replicas',
  async run() {
    if (!process.env.REDIS_URL) return { method: '', metrics: [], targets: [], notes: [], skipped: 'REDIS_URL is not set: the replicas share Redis' };
    const services = await startServices({ rateLimitPerMinute: 1_000_000 }, { oauth: { clientId: OAUTH.SLACK_CLIENT_ID, clientSecret: OAUTH.SLACK_CLIENT_SECRET } });
    try {
      services.sandbox.control.addFault({ path: '^/v1/projects/', kind: 'latency', latencyMs: SERVICE_LATENCY_MS });
      const data = await makeProjects(services);
      const runs = [await cycle(services, data, 'one replica', 1, false, 0), await cycle(services, data, 'two replicas', 2, false, 1), await cycle(services, data, 'two replicas, one killed mid-cycle', 2, true, 2)];

      const formula = 3 * PROJECTS + 2 * NEW_EDITIONS + 2 * NEW_RUNS;
      const expected = { digests: NEW_EDITIONS * CHANNELS_PER_PROJECT, watchMessages: NEW_RUNS * CHANNELS_PER_PROJECT };
      const metrics: Metric[] = runs.flatMap((r) => [
        { name: `${r.label}: cycle wall time`, value: round(r.wallMs / 1000, 1), unit: 's' },
        { name: `${r.label}: service requests`, value: r.requests.total, unit: 'requests', baseline: { label: 'formula', value: formula } },
        { name: `${r.label}: digests / watch messages posted`, value: r.posts.digests + r.posts.watchMessages, unit: 'messages', baseline: { label: 'expected', value: expected.digests + expected.watchMessages } },
        ...r.peakMiB.map((peak, i) => ({ name: `${r.label}: peak RSS, replica ${i + 1}`, value: peak, unit: 'MiB' })),
      ]);
      const targets: TargetCheck[] = runs.flatMap((r) => [
        ...(r.killed
          ? []
          : [
              {
          target: `${r.label}: requests <= 3 x ${PROJECTS} projects + 2 x ${NEW_EDITIONS} editions + 2 x ${NEW_RUNS} runs = ${formula}`,
          met: r.requests.total <= formula && r.requests.other === 0,
          detail: `${r.requests.total}: ${r.requests.digestHistory} briefing histories, ${r.requests.watchHistory} pricing histories, ${r.requests.runReads} run reads, ${r.requests.editionReads} edition reads, ${r.requests.boardReads} board reads (follows), ${r.requests.other} other`,
              },
            ]),
        {
          target: `${r.label}: every message posted, none twice`,
          met: r.complete && r.posts.twice === 0 && r.posts.digests === expected.digests && r.posts.watchMessages === expected.watchMessages,
          detail: `${r.posts.digests} of ${expected.digests} digests, ${r.posts.watchMessages} of ${expected.watchMessages} watch messages, ${r.posts.twice} posted twice${r.complete ? '' : ' (not all within the time allowed)'}`,
        },
      ]);
      const one = runs[0];
      const two = runs[1];
      return {
        method:
          `The sandbox with ${PROJECTS} bulk projects and every /v1/projects/ read held ${SERVICE_LATENCY_MS} ms (latency fault; its per-key rate limit raised, so the ` +
          `follow poller's board reads are counted, not throttled); ${WORKSPACES} installations and their service keys (sealed; every workspace connected with the sandbox's one key), ${PROJECTS * CHANNELS_PER_PROJECT} bindings (each ` +
          `project in ${CHANNELS_PER_PROJECT} channels of one workspace) and as many pricing watches written into a fresh Redis prefix per run. Radar runs as ` +
          `npm start runs it, in OAuth mode with BACKGROUND_JOBS=bullmq and maxConcurrentPolls ${CONCURRENT_POLLS}; the first cycle starts with the replicas. ` +
          `Wall time from the first spawn to the last expected message; peak RSS per replica from /proc (VmHWM). The killed run sends SIGKILL to the first ` +
          `replica once a quarter of the digests are out; lease/lock time ${LEASE_TTL_MS / 1000} s; in that run a claim goes stale after 20 s and cycles come every 30 s, so a post the dead replica claimed and never made is made by the next cycle (its requests are stated, no formula).`,
        metrics,
        targets,
        notes: [
          ...(one && two ? [`Two replicas took ${round(two.wallMs / 1000, 1)} s against one replica's ${round(one.wallMs / 1000, 1)} s.`] : []),
          ...runs.filter((r) => r.errors > 0).map((r) => `${r.label}: Radar logged ${r.errors} error lines.`),
        ],
      };
    } finally {
      await services.stop();
    }
  },
};
