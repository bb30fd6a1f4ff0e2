/**
 * The typed Monitoring Service client: one method per endpoint of spec 4.1 to 4.7.
 *
 * Methods resolve to the unwrapped payload (`{ item }` -> the item; paginated reads -> `{ items,
 * pagination }`) and reject only with `ServiceError`. The client never reads the environment.
 */
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { silentLogger } from '../log.js';
import type { Logger } from '../log.js';
import type { SharedPauses } from './shared-pauses.js';
import { createKeyBudget } from './budget.js';
import { createHttp, DEFAULT_TIMEOUTS } from './http.js';
import type { Timeouts } from './http.js';
import { DEFAULT_RETRY_POLICY } from './retry.js';
import type { Page } from './schemas/common.js';
import type { RetryPolicy } from './retry.js';
import { aiSourcesHistorySchema, aiSourcesReadSchema } from './schemas/ai-sources.js';
import { aiVisibilityHistorySchema, aiVisibilityReadSchema, aiVisibilityTrendSchema } from './schemas/ai-visibility.js';
import { briefingHistoryRowSchema, briefingReadSchema } from './schemas/briefing.js';
import {
  deleteResultSchema,
  itemEnvelope,
  looseRecordSchema,
  paginatedEnvelope,
  tolerantItemsEnvelope,
  tolerantPaginatedEnvelope,
} from './schemas/common.js';
import {
  contentChangelogSchema,
  dimensionDashboardSchema,
  dimensionHistoryRowSchema,
  dimensionRunSchema,
} from './schemas/dimensions.js';
import { pricingReadSchema } from './schemas/pricing.js';
import {
  alertsSchema,
  competitorSchema,
  healthSchema,
  projectDetailSchema,
  projectSchema,
  schedulesSchema,
} from './schemas/projects.js';
import { agentAdoptionScanSchema, scanStartSchema, trustSignalsScanSchema } from './schemas/scans.js';
import { assigneeSchema, commentSchema, labelSchema, ticketListSchema, ticketSchema } from './schemas/tickets.js';
import { fetchUrlResultSchema } from './schemas/tools.js';
import type { QueryOf } from './url.js';
import { withReads, type ServiceClient } from './reads/index.js';
import type { RawServiceClient } from './raw-client.js';

export type { ServiceClient } from './reads/index.js';
export type { RawServiceClient } from './raw-client.js';

export interface ServiceClientOptions {
  /** The service root, e.g. `http://127.0.0.1:1234`; a trailing slash or `/v1` is tolerated. */
  baseUrl: string;
  /** Sent as `SVC-API-Key`; never logged, never stored on an error. */
  apiKey: string;
  /** A transport to use instead of the keep-alive pool the client would create (and close). */
  dispatcher?: Dispatcher;
  /** A partial policy is completed from `DEFAULT_RETRY_POLICY`; `false` sends each call once. */
  retry?: Partial<RetryPolicy> | false;
  logger?: Logger;
  timeouts?: Partial<Timeouts>;
  userAgent?: string;
  /** The clock (reads a `Retry-After` date against it, and times group pauses); defaults to the system clock. */
  now?: () => Date;
  /**
   * Requests of one throttled group (free tools, tickets) in flight at once; background work (inside
   * `runInBackground`) may use all but one. Default 4. See `budget.ts`.
   */
  groupConcurrency?: number;
  /** The key's 429 pauses shared with its other clients (replicas sharing Redis: `store/service-pauses.ts`). */
  pauses?: SharedPauses;
}


const PROJECT = '/v1/projects/{projectId}';
const TICKETS = `${PROJECT}/tickets`;
const TICKET = `${TICKETS}/{ticketId}`;

const projectItems = tolerantItemsEnvelope(projectSchema);
const projectItem = itemEnvelope(projectDetailSchema);
const competitorItems = tolerantItemsEnvelope(competitorSchema);
const competitorItem = itemEnvelope(competitorSchema);
const dimensionItem = itemEnvelope(dimensionDashboardSchema);
const dimensionHistory = paginatedEnvelope(dimensionHistoryRowSchema);
const dimensionRunItem = itemEnvelope(dimensionRunSchema);
const pricingItem = itemEnvelope(pricingReadSchema);
const aiVisibilityItem = itemEnvelope(aiVisibilityReadSchema);
const aiSourcesItem = itemEnvelope(aiSourcesReadSchema);
const briefingHistory = tolerantPaginatedEnvelope(briefingHistoryRowSchema);
const ticketItem = itemEnvelope(ticketSchema);
const deleteItem = itemEnvelope(deleteResultSchema);
const commentItems = tolerantItemsEnvelope(commentSchema);
const commentItem = itemEnvelope(commentSchema);
const labelItems = tolerantItemsEnvelope(labelSchema);
const assigneeItems = tolerantItemsEnvelope(assigneeSchema);
const fetchUrlItem = itemEnvelope(fetchUrlResultSchema);
const scanStartItem = itemEnvelope(scanStartSchema);
const trustSignalsScanItem = itemEnvelope(trustSignalsScanSchema);
const agentAdoptionScanItem = itemEnvelope(agentAdoptionScanSchema);
const healthItem = itemEnvelope(healthSchema);

/** The `{ items, pagination }` of a paginated answer. */
function page<T>(answer: { items: T[]; pagination: Page<T>['pagination'] }): Page<T> {
  return { items: answer.items, pagination: answer.pagination };
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const now = options.now ?? (() => new Date());
  const budget = createKeyBudget({ now: () => now().getTime(), ...(options.groupConcurrency ? { concurrency: options.groupConcurrency } : {}) });
  const http = createHttp({
    budget,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    dispatcher: options.dispatcher,
    retry: options.retry === false ? false : { ...DEFAULT_RETRY_POLICY, ...options.retry },
    logger: options.logger ?? silentLogger,
    timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
    userAgent: options.userAgent ?? 'radar',
    now,
    ...(options.pauses ? { pauses: options.pauses } : {}),
  });

  const get = <S extends z.ZodType, Q extends QueryOf<Q> = Record<string, never>>(
    pattern: string,
    params: Record<string, string>,
    schema: S,
    query?: Q,
  ) => http.call({ method: 'GET', pattern, params, query }, schema);
  const send = <S extends z.ZodType>(
    method: 'POST' | 'PATCH' | 'DELETE',
    pattern: string,
    params: Record<string, string>,
    schema: S,
    body?: unknown,
  ) => http.call({ method, pattern, params, body }, schema);

  const raw: RawServiceClient = {
    health: async () => (await get('/v1/health', {}, healthItem)).item,
    describe: () => get('/v1/docs/openapi.json', {}, looseRecordSchema),
    listProjects: async () => (await get('/v1/projects', {}, projectItems)).items,
    getProject: async (projectId) => (await get(PROJECT, { projectId }, projectItem)).item,
    listCompetitors: async (projectId) => (await get(`${PROJECT}/competitors`, { projectId }, competitorItems)).items,
    getCompetitor: async (projectId, competitorId) =>
      (await get(`${PROJECT}/competitors/{competitorId}`, { projectId, competitorId }, competitorItem)).item,

    getDimension: async (projectId, dimension, query) =>
      (await get(`${PROJECT}/${encodeURIComponent(dimension)}`, { projectId }, dimensionItem, query)).item,
    getDimensionHistory: async (projectId, dimension, query) =>
      page(await get(`${PROJECT}/${encodeURIComponent(dimension)}/history`, { projectId }, dimensionHistory, query)),
    getDimensionRun: async (projectId, dimension, runId, query) =>
      (await get(`${PROJECT}/${encodeURIComponent(dimension)}/history/{runId}`, { projectId, runId }, dimensionRunItem, query)).item,
    getPricing: async (projectId) => (await get(`${PROJECT}/pricing`, { projectId }, pricingItem)).item,
    getContentChangelog: (projectId, query) =>
      get(`${PROJECT}/content/changelog`, { projectId }, contentChangelogSchema, query),

    getAiVisibility: async (projectId, query) =>
      (await get(`${PROJECT}/ai-visibility`, { projectId }, aiVisibilityItem, query)).item,
    getAiVisibilityHistory: (projectId, query) =>
      get(`${PROJECT}/ai-visibility/history`, { projectId }, aiVisibilityHistorySchema, query),
    getAiVisibilityCheck: async (projectId, checkId, query) =>
      (await get(`${PROJECT}/ai-visibility/history/{checkId}`, { projectId, checkId }, aiVisibilityItem, query)).item,
    getAiVisibilityTrend: (projectId, query) => get(`${PROJECT}/ai-visibility/trend`, { projectId }, aiVisibilityTrendSchema, query),
    getAiSources: async (projectId, query) =>
      (await get(`${PROJECT}/ai-sources`, { projectId }, aiSourcesItem, query)).item,
    getAiSourcesHistory: (projectId, query) =>
      get(`${PROJECT}/ai-sources/history`, { projectId }, aiSourcesHistorySchema, query),
    getAiSourcesCheck: async (projectId, checkId, query) =>
      (await get(`${PROJECT}/ai-sources/history/{checkId}`, { projectId, checkId }, aiSourcesItem, query)).item,
    getAlerts: (projectId) => get(`${PROJECT}/alerts`, { projectId }, alertsSchema),
    getSchedules: (projectId) => get(`${PROJECT}/schedules`, { projectId }, schedulesSchema),

    getBriefing: (projectId, query) => get(`${PROJECT}/strategic-briefing`, { projectId }, briefingReadSchema, query),
    getBriefingHistory: async (projectId, query) =>
      page(await get(`${PROJECT}/strategic-briefing/history`, { projectId }, briefingHistory, query)),
    getBriefingRun: (projectId, runId, query) =>
      get(`${PROJECT}/strategic-briefing/history/{runId}`, { projectId, runId }, briefingReadSchema, query),

    listTickets: (projectId, query) => get(TICKETS, { projectId }, ticketListSchema, query),
    createTicket: async (projectId, body) => (await send('POST', TICKETS, { projectId }, ticketItem, body)).item,
    getTicket: async (projectId, ticketId) => (await get(TICKET, { projectId, ticketId }, ticketItem)).item,
    updateTicket: async (projectId, ticketId, body) =>
      (await send('PATCH', TICKET, { projectId, ticketId }, ticketItem, body)).item,
    deleteTicket: async (projectId, ticketId) => (await send('DELETE', TICKET, { projectId, ticketId }, deleteItem)).item,
    moveTicket: async (projectId, ticketId, body) =>
      (await send('PATCH', `${TICKET}/move`, { projectId, ticketId }, ticketItem, body)).item,
    listComments: async (projectId, ticketId) =>
      (await get(`${TICKET}/comments`, { projectId, ticketId }, commentItems)).items,
    createComment: async (projectId, ticketId, body) =>
      (await send('POST', `${TICKET}/comments`, { projectId, ticketId }, commentItem, { body })).item,
    updateComment: async (projectId, ticketId, commentId, body) =>
      (await send('PATCH', `${TICKET}/comments/{commentId}`, { projectId, ticketId, commentId }, commentItem, { body }))
        .item,
    deleteComment: async (projectId, ticketId, commentId) =>
      (await send('DELETE', `${TICKET}/comments/{commentId}`, { projectId, ticketId, commentId }, deleteItem)).item,
    listLabels: async (projectId) => (await get(`${TICKETS}/labels`, { projectId }, labelItems)).items,
    createLabel: async (projectId, body) => (await send('POST', `${TICKETS}/labels`, { projectId }, labelItems, body)).items,
    updateLabel: async (projectId, labelId, body) =>
      (await send('PATCH', `${TICKETS}/labels/{labelId}`, { projectId, labelId }, labelItems, body)).items,
    deleteLabel: async (projectId, labelId) =>
      (await send('DELETE', `${TICKETS}/labels/{labelId}`, { projectId, labelId }, labelItems)).items,
    listAssignees: async (projectId) => (await get(`${TICKETS}/assignees`, { projectId }, assigneeItems)).items,

    fetchUrl: async (body) => (await send('POST', '/v1/tools/fetch-url', {}, fetchUrlItem, body)).item,
    startTrustSignalsScan: async (domain) =>
      (await send('POST', '/v1/tools/trust-signals/scans', {}, scanStartItem, { domain })).item,
    getTrustSignalsScan: async (scanId) =>
      (await get('/v1/tools/trust-signals/scans/{scanId}', { scanId }, trustSignalsScanItem)).item,
    startAgentAdoptionScan: async (body) =>
      (await send('POST', '/v1/tools/agent-adoption/scans', {}, scanStartItem, body)).item,
    getAgentAdoptionScan: async (scanId) =>
      (await get('/v1/tools/agent-adoption/scans/{scanId}', { scanId }, agentAdoptionScanItem)).item,

    budget: (group) => budget.snapshot(group),
    close: () => http.close(),
  };
  return withReads(raw);
}
