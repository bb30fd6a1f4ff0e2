/**
 * Control route that creates many small projects in one call, for benchmarks and load demos:
 * `POST /__sandbox/projects/bulk` with `{ count, prefix?, organizationId? }`.
 *
 * Each project has an own domain, one competitor, an empty ticket board and one done briefing edition
 * (so a digest has a history to read and a cursor to stand on); dimension reads answer `no_data_available`. Ids are
 * `prj_<prefix>_<n>` with n from 1, zero-padded. Like every route module's data, they last until the
 * next reset.
 */
import { daysAgo, withSeedClock } from '../seed/ids.js';
import { singleEdition } from '../seed/briefings.js';
import type { CompetitorSeed, ProjectSeed } from '../seed/types.js';
import { routeData } from '../routes/data.js';
import type { TicketBoards } from '../tickets/boards.js';
import { SandboxHttpError } from '../types.js';
import type { Route, SandboxState } from '../types.js';

/** Most projects one call creates. */
export const MAX_BULK_PROJECTS = 10_000;

const DEFAULT_PREFIX = 'bulk';
const DEFAULT_ORGANIZATION = 'org_acme';
const PREFIX_SHAPE = /^[a-z0-9]{1,20}$/;

export interface BulkProjectsRequest {
  count: number;
  prefix: string;
  organizationId: string;
}

/** One created project: its id and the run id of its one done edition. */
export interface BulkProject {
  id: string;
  latestRunId: string;
}

function invalid(message: string): SandboxHttpError {
  return new SandboxHttpError(400, 'invalid_parameters', message);
}

/** Validates a `POST /__sandbox/projects/bulk` body. */
export function parseBulkProjectsRequest(input: unknown, state: SandboxState): BulkProjectsRequest {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw invalid('Body must be a JSON object');
  const { count, prefix = DEFAULT_PREFIX, organizationId = DEFAULT_ORGANIZATION } = input as Record<string, unknown>;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_BULK_PROJECTS) {
    throw invalid(`count must be an integer from 1 to ${MAX_BULK_PROJECTS}`);
  }
  if (typeof prefix !== 'string' || !PREFIX_SHAPE.test(prefix)) throw invalid('prefix must be 1 to 20 lower-case letters or digits');
  if (typeof organizationId !== 'string' || !state.orgs.some((o) => o.id === organizationId)) {
    throw invalid(`organizationId must be one of ${state.orgs.map((o) => o.id).join(', ')}`);
  }
  return { count, prefix, organizationId };
}

function competitor(id: string, domain: string, isOwn: boolean): CompetitorSeed {
  return { id, name: domain, domain, isOwn, homepageUrl: `https://${domain}/`, pricingUrl: `https://${domain}/pricing`, addedAt: daysAgo(60) };
}

function bulkProject(key: string, organizationId: string): ProjectSeed {
  const domain = `${key.replace(/_/g, '-')}.example`;
  return {
    id: `prj_${key}`,
    organizationId,
    name: `Bulk ${key}`,
    domain,
    status: 'active',
    createdAt: daysAgo(60),
    lastMonitoredAt: daysAgo(1),
    monitoringPrompts: [`${domain} alternatives`],
    competitors: [competitor(`cmp_${key}_own`, domain, true), competitor(`cmp_${key}_rival`, `rival-${domain}`, false)],
    dimensions: {},
    changelog: [],
    aiVisibility: null,
    aiSources: [],
    alerts: [],
    schedules: [],
    briefings: singleEdition(key, `First edition for ${domain}.`, [`rival-${domain}`]),
  };
}

/** Creates the projects; refuses the whole call when any id is taken, so nothing is half-made. */
export function createBulkProjects(state: SandboxState, boards: TicketBoards, request: BulkProjectsRequest): BulkProject[] {
  const { projects } = routeData(state);
  const width = String(request.count).length;
  const keys = Array.from({ length: request.count }, (_, i) => `${request.prefix}_${String(i + 1).padStart(width, '0')}`);
  const taken = keys.find((key) => projects.has(`prj_${key}`));
  if (taken !== undefined) throw invalid(`Project prj_${taken} already exists; pick another prefix`);
  return keys.map((key) => {
    const project = withSeedClock(state.now(), () => bulkProject(key, request.organizationId));
    projects.set(project.id, project);
    boards.addProject(project.id, request.organizationId);
    return { id: project.id, latestRunId: project.briefings[0]?.runId ?? '' };
  });
}

export function bulkProjectRoutes(state: SandboxState, boards: TicketBoards): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/__sandbox/projects/bulk',
      scope: 'none',
      handler: ({ body }) => ({ body: { items: createBulkProjects(state, boards, parseBulkProjectsRequest(body, state)) } }),
    },
  ];
}
