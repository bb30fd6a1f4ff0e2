/**
 * Control route that publishes a new run of any monitored dimension, so tests and demos can make a
 * competitor move: `POST /__sandbox/projects/:projectId/runs` with
 * `{ dimension, patch?, completedAt? }`.
 *
 * The new run is a copy of the dimension's newest run (as the run-detail read serves it) with `patch`
 * applied as a JSON merge patch (RFC 7386: objects merge, arrays and
 * other values replace; null sets null and `"$delete"` removes a key), a new id and timestamp (the sandbox clock, or `completedAt`). It is put on top of
 * the dimension's history (newest first), served by the history and run-detail reads, and the latest
 * dashboard gets the same patch. Without `patch` the run differs from the one before only in its id and
 * timestamps. A dimension with no run yet starts from an empty detail.
 *
 * Dimensions: `pricing`, `content`, `positioning`, `tech-trust` (spec 4.2: the patch applies to the run
 * detail `{ summary, ... }`), `ai-visibility` and `ai-sources` (the patch applies to the stored check:
 * `{ summary, answers?, providerStatus? }`, served through the check reads' views).
 */
import { routeData } from '../routes/data.js';
import { hexId } from '../seed/ids.js';
import type { AiCheckSeed, AiSourcesCheckSeed, Dimension, Json, ProjectSeed } from '../seed/types.js';
import { DIMENSIONS } from '../seed/types.js';
import { SandboxHttpError } from '../types.js';
import type { Route, SandboxState } from '../types.js';

export const PUBLISHABLE = [...DIMENSIONS, 'ai-visibility', 'ai-sources'] as const;
export type Publishable = (typeof PUBLISHABLE)[number];

export interface PublishRunRequest {
  dimension: Publishable;
  patch?: Json;
  /** ISO timestamp of the run; the sandbox clock by default. */
  completedAt?: string;
  /** Content only: sitemap changes the run found, added to the changelog (detected when the run completed). */
  changelog?: { competitorId: string; urls: Record<string, string[]> }[];
}

export interface PublishedDimensionRun {
  runId: string;
  completedAt: string;
}

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * A JSON merge patch on a copy, with one difference from RFC 7386 that a null-contract service needs:
 * null sets the value to null ("not measured"); the string `"$delete"` removes the key (an omitted key).
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isJson(patch)) return clone(patch);
  const out: Json = isJson(target) ? clone(target) : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === DELETE) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

/** The patch value that removes a key. */
export const DELETE = '$delete';

function invalid(message: string): SandboxHttpError {
  return new SandboxHttpError(400, 'invalid_parameters', message);
}

export function parsePublishRun(input: unknown): PublishRunRequest {
  if (!isJson(input)) throw invalid('Body must be a JSON object');
  const { dimension, patch, completedAt, changelog } = input;
  if (!PUBLISHABLE.includes(dimension as Publishable)) throw invalid(`dimension must be one of ${PUBLISHABLE.join(', ')}`);
  if (patch !== undefined && !isJson(patch)) throw invalid('patch must be a JSON object (a merge patch)');
  if (completedAt !== undefined && (typeof completedAt !== 'string' || Number.isNaN(Date.parse(completedAt)))) throw invalid('completedAt must be an ISO timestamp');
  if (changelog !== undefined && (!Array.isArray(changelog) || !changelog.every((e) => isJson(e) && typeof e.competitorId === 'string' && isJson(e.urls)))) {
    throw invalid('changelog must be a list of { competitorId, urls: { <category>: [url] } }');
  }
  return {
    dimension: dimension as Publishable,
    ...(patch ? { patch } : {}),
    ...(completedAt ? { completedAt } : {}),
    ...(changelog ? { changelog: changelog as NonNullable<PublishRunRequest['changelog']> } : {}),
  };
}

/** Publishes the run; throws 404 for an unknown project. */
export function publishRun(state: SandboxState, projectId: string, request: PublishRunRequest): PublishedDimensionRun {
  const data = routeData(state);
  const project = data.projects.get(projectId);
  if (!project) throw new SandboxHttpError(404, 'project_not_found', `Project ${projectId} not found.`);
  data.sequence += 1;
  const key = `${projectId}:${request.dimension}:published:${data.sequence}`;
  const completedAt = request.completedAt ?? new Date(state.now()).toISOString();
  const patch = request.patch ?? {};
  (request.changelog ?? []).forEach((entry, i) => {
    const detectedAt = completedAt;
    project.changelog.unshift({ id: hexId('chg', `${key}:${i}`), competitorId: entry.competitorId, detectedAt, urls: entry.urls });
  });
  switch (request.dimension) {
    case 'ai-visibility':
      return publishCheck(project, hexId('chk', key), completedAt, patch);
    case 'ai-sources':
      return publishSources(project, hexId('chk', key), completedAt, patch);
    default:
      return publishDimensionRun(project, request.dimension, hexId('run', key), completedAt, patch);
  }
}

function publishDimensionRun(project: ProjectSeed, dimension: Dimension, runId: string, completedAt: string, patch: Json): PublishedDimensionRun {
  const seed = (project.dimensions[dimension] ??= { latest: {}, runs: [] });
  const newest = seed.runs[0];
  const served: Json = newest ? { ...newest.detail, summary: newest.summary ?? {} } : { summary: {} };
  const { runId: _id, status: _status, startedAt: _started, completedAt: _completed, summary, ...detail } = mergePatch(served, patch) as Json;
  seed.runs.unshift({ runId, startedAt: new Date(Date.parse(completedAt) - 3_600_000).toISOString(), completedAt, summary: isJson(summary) ? summary : {}, detail });
  seed.latest = mergePatch(seed.latest, patch) as Json;
  return { runId, completedAt };
}

const EMPTY_CHECK_SUMMARY = { customer: null, topCompetitor: null, totalEntries: 0, marketMap: { brands: [] }, competitorRankings: [] };

function publishCheck(project: ProjectSeed, checkId: string, checkedAt: string, patch: Json): PublishedDimensionRun {
  const seed = (project.aiVisibility ??= { checks: [] });
  const base = seed.checks[0] ?? { checkId, checkedAt, providers: [], prompts: [], summary: EMPTY_CHECK_SUMMARY, answers: [], providerStatus: {} };
  const next = mergePatch(base, patch) as unknown as AiCheckSeed;
  seed.checks.unshift({ ...next, checkId, checkedAt });
  return { runId: checkId, completedAt: checkedAt };
}

function publishSources(project: ProjectSeed, checkId: string, checkedAt: string, patch: Json): PublishedDimensionRun {
  const base = project.aiSources[0] ?? { checkId, checkedAt, summary: { pages: [], brands: [], totalCitations: 0 } };
  const next = mergePatch(base, patch) as unknown as AiSourcesCheckSeed;
  project.aiSources.unshift({ ...next, checkId, checkedAt });
  return { runId: checkId, completedAt: checkedAt };
}

export function publishRunRoutes(state: SandboxState): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/__sandbox/projects/:projectId/runs',
      scope: 'none',
      handler: ({ params, body }) => ({ body: { item: publishRun(state, params.projectId ?? '', parsePublishRun(body)) } }),
    },
  ];
}
