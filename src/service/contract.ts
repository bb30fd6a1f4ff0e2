/**
 * What Radar calls on the Monitoring Service and what it depends on in the answers, written once.
 *
 * Each endpoint names the client methods that call it (a test drives every client method against a
 * recording server and checks the method, path and query parameters land here, so this list cannot
 * drift from `client.ts`), the query parameters Radar may send, and the answer's field paths Radar
 * reads: `spec` paths are named and placed by the spec (or required by the client's schemas);
 * `tolerant` paths are the sandbox's picks where the spec is silent, which Radar looks up and copes
 * without (docs/assumptions.md). `npm run doctor` and `/radar status` compare this with the service's
 * own description (`GET /v1/docs/openapi.json`, spec 9).
 *
 * Paths: dot-separated keys from the top of the JSON answer; `[]` after a key steps into its items.
 */
import type { ServiceClient } from './client.js';

export type ContractMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface FieldNeed {
  path: string;
  /** A noun phrase for sentences: "the gap flags". */
  what: string;
  /** True for a path the spec does not place, which Radar looks up tolerantly. */
  tolerant?: true;
}

export interface ContractEndpoint {
  /** How sentences name the endpoint: "pricing", "ticket list". */
  name: string;
  method: ContractMethod;
  /** Spec path template, `{name}` for path parameters. */
  path: string;
  /** The client methods that call it. */
  client: readonly Exclude<keyof ServiceClient, 'close'>[];
  /** Query parameters Radar may send. */
  query?: readonly string[];
  /** The client passes a caller's query through as given (parameters not shown by the spec). */
  queryPassthrough?: true;
  fields?: readonly FieldNeed[];
}

const PROJECT = '/v1/projects/{projectId}';
const PAGING = ['page', 'limit'] as const;

const f = (path: string, what: string): FieldNeed => ({ path, what });
const t = (path: string, what: string): FieldNeed => ({ path, what, tolerant: true });

const PAGINATION = ['page', 'limit', 'total', 'totalPages', 'hasMore'].map((k) => f(`pagination.${k}`, `the pagination's ${k}`));

const TICKET_KEYS = [
  'id', 'number', 'origin', 'author', 'briefing', 'title', 'description', 'labels', 'status', 'statusChangedAt',
  'assignee', 'dueDate', 'effort', 'impact', 'commentCount', 'deletable', 'createdAt', 'updatedAt', 'lastActivityAt',
] as const;
const COMMENT_KEYS = ['id', 'ticketId', 'origin', 'author', 'body', 'edited', 'createdAt', 'updatedAt'] as const;
const LABEL_KEYS = ['id', 'name', 'color'] as const;

const keysAt = (prefix: string, keys: readonly string[], noun: string): FieldNeed[] => keys.map((k) => f(`${prefix}.${k}`, `the ${noun}'s ${k}`));

const DIMENSIONS = ['tech-trust', 'content', 'positioning', 'pricing'] as const;

function dimensionEndpoints(dimension: (typeof DIMENSIONS)[number]): ContractEndpoint[] {
  const view = dimension === 'tech-trust' ? ['view'] : [];
  const latestClient: ContractEndpoint['client'] = dimension === 'pricing' ? ['getDimension', 'getPricing'] : ['getDimension'];
  const pricingFields: FieldNeed[] =
    dimension === 'pricing'
      ? [
          f('item.summary.customer', "the project's own pricing"),
          f('item.summary.customer.hasFreePlan', "the project's free-plan flag"),
          t('item.summary.gaps', 'the gap flags'),
          t('item.summary.gaps.hasPriceGap', 'the price gap flag'),
          f('item.summary.marketAvgPrice', 'the market average price'),
          f('item.summary.marketPricingUnit', 'the market pricing unit'),
          f('item.summary.pricePositionPercent', 'the price position'),
          t('item.summary.pricingAnalysisAvailable', 'the own-pricing availability marker'),
          f('item.competitors', 'the competitor rows'),
          f('item.competitors[].hasFreePlan', "a competitor's free-plan flag"),
          f('item.competitors[].pricingDataAvailable', "a competitor's pricing availability marker"),
          t('item.competitors[].domain', "a competitor row's domain"),
          t('item.competitors[].isOwn', "a competitor row's own-project mark"),
        ]
      : [f('item', `the ${dimension} dashboard`)];
  return [
    { name: dimension, method: 'GET', path: `${PROJECT}/${dimension}`, client: latestClient, query: view, fields: pricingFields },
    {
      name: `${dimension} history`,
      method: 'GET',
      path: `${PROJECT}/${dimension}/history`,
      client: ['getDimensionHistory'],
      query: PAGING,
      fields: [f('items', `the ${dimension} runs`), ...PAGINATION],
    },
    { name: `${dimension} run`, method: 'GET', path: `${PROJECT}/${dimension}/history/{runId}`, client: ['getDimensionRun'], query: view, fields: [f('item', 'the run')] },
  ];
}

const AI_VISIBILITY_QUERY = ['includeAnswers', 'provider', 'brand', 'promptIndex', 'view', 'includeSummary', 'offset', 'limit'] as const;
const AI_VISIBILITY_FIELDS: FieldNeed[] = [
  f('item.summary.customer', "the project's own AI visibility"),
  f('item.summary.customer.perPrompt', "the project's per-prompt results"),
  f('item.summary.totalEntries', 'the raw answer count'),
  f('item.summary.marketMap.brands', 'the market map'),
  t('item.latestCheckDataAvailable', 'the abandoned-check marker'),
];

const BRIEFING_QUERY = ['sections', 'includeCharts'] as const;
const BRIEFING_FIELDS: FieldNeed[] = [
  f('meta.runId', "the run's id"),
  f('meta.status', "the run's status"),
  f('meta.editionNumber', 'the edition number'),
  f('meta.startedAt', "the run's start"),
  f('meta.briefingDate', 'the briefing date'),
  f('meta.progress', "a running run's progress"),
  f('item', 'the edition'),
  f('item.hub.blocks', 'the hub blocks'),
  f('item.hub.blocks[].type', "a hub block's type"),
  f('item.hub.blocks[].verdict', "the headline's verdict"),
  t('item.hub.blocks[].rows', 'the diagnosis rows'),
  f('coverage.items', 'the coverage caveats'),
  f('contains', 'the sections the edition holds'),
  f('tickets.total', "the edition's ticket count"),
  f('tickets.byStatus', "the edition's tickets by column"),
  f('tickets.opened', 'the tickets the edition opened'),
  f('tickets.alreadyOnBoard', 'the tickets already on the board'),
];

const SCAN_FIELDS = (kind: string): FieldNeed[] => [
  f('item.id', `the ${kind} scan's id`),
  f('item.status', `the ${kind} scan's status`),
  f('item.createdAt', `the ${kind} scan's creation time`),
  f('item.expiresAt', `the ${kind} scan's expiry`),
];

/** Every endpoint Radar's client calls, with what Radar sends and reads. */
export const SERVICE_CONTRACT: readonly ContractEndpoint[] = [
  { name: 'health', method: 'GET', path: '/v1/health', client: ['health'], fields: [f('item', 'the health item')] },
  {
    name: 'service description',
    method: 'GET',
    path: '/v1/docs/openapi.json',
    client: ['describe'],
    fields: [f('openapi', 'the OpenAPI version'), f('info.version', "the document's version"), f('paths', 'the endpoints')],
  },
  {
    name: 'project list',
    method: 'GET',
    path: '/v1/projects',
    client: ['listProjects'],
    fields: keysAt('items[]', ['id', 'organizationId', 'name', 'domain', 'status', 'competitorCount', 'lastMonitoredAt', 'createdAt'], 'project'),
  },
  { name: 'project', method: 'GET', path: PROJECT, client: ['getProject'], fields: [f('item', 'the project')] },
  { name: 'competitor list', method: 'GET', path: `${PROJECT}/competitors`, client: ['listCompetitors'], fields: keysAt('items[]', ['isOwn', 'domain'], 'competitor') },
  { name: 'competitor', method: 'GET', path: `${PROJECT}/competitors/{competitorId}`, client: ['getCompetitor'], fields: keysAt('item', ['isOwn', 'domain'], 'competitor') },
  ...DIMENSIONS.flatMap(dimensionEndpoints),
  {
    name: 'content changelog',
    method: 'GET',
    path: `${PROJECT}/content/changelog`,
    client: ['getContentChangelog'],
    query: [...PAGING, 'competitorId', 'category', 'allUrlsPerCategory'],
    fields: [f('items', 'the changelog rows'), f('truncated', 'the truncation flag'), ...PAGINATION],
  },
  { name: 'ai-visibility', method: 'GET', path: `${PROJECT}/ai-visibility`, client: ['getAiVisibility'], query: AI_VISIBILITY_QUERY, fields: AI_VISIBILITY_FIELDS },
  {
    name: 'ai-visibility history',
    method: 'GET',
    path: `${PROJECT}/ai-visibility/history`,
    client: ['getAiVisibilityHistory'],
    query: PAGING,
    fields: [f('items', 'the checks'), f('items[].summary', "a check's summary"), f('items[].summary.competitorRankings', "a check's competitor rankings"), f('truncated', 'the truncation flag'), ...PAGINATION],
  },
  {
    name: 'ai-visibility check',
    method: 'GET',
    path: `${PROJECT}/ai-visibility/history/{checkId}`,
    client: ['getAiVisibilityCheck'],
    query: AI_VISIBILITY_QUERY,
    fields: AI_VISIBILITY_FIELDS.filter((x) => !x.path.includes('latestCheck')),
  },
  { name: 'ai-visibility trend', method: 'GET', path: `${PROJECT}/ai-visibility/trend`, client: ['getAiVisibilityTrend'], queryPassthrough: true, fields: [t('item', 'the trend')] },
  { name: 'ai-sources', method: 'GET', path: `${PROJECT}/ai-sources`, client: ['getAiSources'], queryPassthrough: true, fields: [f('item', 'the AI sources check')] },
  { name: 'ai-sources history', method: 'GET', path: `${PROJECT}/ai-sources/history`, client: ['getAiSourcesHistory'], query: PAGING, fields: [f('items', 'the checks'), ...PAGINATION] },
  { name: 'ai-sources check', method: 'GET', path: `${PROJECT}/ai-sources/history/{checkId}`, client: ['getAiSourcesCheck'], queryPassthrough: true, fields: [f('item', 'the check')] },
  { name: 'alerts', method: 'GET', path: `${PROJECT}/alerts`, client: ['getAlerts'] },
  { name: 'schedules', method: 'GET', path: `${PROJECT}/schedules`, client: ['getSchedules'] },
  { name: 'briefing', method: 'GET', path: `${PROJECT}/strategic-briefing`, client: ['getBriefing'], query: BRIEFING_QUERY, fields: BRIEFING_FIELDS },
  {
    name: 'briefing history',
    method: 'GET',
    path: `${PROJECT}/strategic-briefing/history`,
    client: ['getBriefingHistory'],
    query: PAGING,
    fields: [...keysAt('items[]', ['runId', 'editionNumber', 'briefingDate', 'documentDate', 'status', 'headline'], 'edition row'), ...PAGINATION],
  },
  { name: 'briefing edition', method: 'GET', path: `${PROJECT}/strategic-briefing/history/{runId}`, client: ['getBriefingRun'], query: BRIEFING_QUERY, fields: BRIEFING_FIELDS },
  {
    name: 'ticket list',
    method: 'GET',
    path: `${PROJECT}/tickets`,
    client: ['listTickets'],
    query: ['status', 'closed', 'origin', 'dimension', 'briefingRunId', 'assignee', 'labelId', 'number', 'q', 'include'],
    fields: [...keysAt('items[]', TICKET_KEYS, 'ticket'), f('total', 'the ticket count'), f('hasMore', 'the more-tickets flag')],
  },
  { name: 'ticket create', method: 'POST', path: `${PROJECT}/tickets`, client: ['createTicket'], fields: keysAt('item', TICKET_KEYS, 'ticket') },
  { name: 'ticket', method: 'GET', path: `${PROJECT}/tickets/{ticketId}`, client: ['getTicket'], fields: keysAt('item', TICKET_KEYS, 'ticket') },
  { name: 'ticket update', method: 'PATCH', path: `${PROJECT}/tickets/{ticketId}`, client: ['updateTicket'], fields: keysAt('item', ['id', 'status'], 'ticket') },
  { name: 'ticket delete', method: 'DELETE', path: `${PROJECT}/tickets/{ticketId}`, client: ['deleteTicket'], fields: keysAt('item', ['success', 'id'], 'deletion') },
  { name: 'ticket move', method: 'PATCH', path: `${PROJECT}/tickets/{ticketId}/move`, client: ['moveTicket'], fields: keysAt('item', ['id', 'status'], 'ticket') },
  { name: 'comment list', method: 'GET', path: `${PROJECT}/tickets/{ticketId}/comments`, client: ['listComments'], fields: keysAt('items[]', COMMENT_KEYS, 'comment') },
  { name: 'comment create', method: 'POST', path: `${PROJECT}/tickets/{ticketId}/comments`, client: ['createComment'], fields: keysAt('item', COMMENT_KEYS, 'comment') },
  { name: 'comment update', method: 'PATCH', path: `${PROJECT}/tickets/{ticketId}/comments/{commentId}`, client: ['updateComment'], fields: keysAt('item', ['id', 'body'], 'comment') },
  { name: 'comment delete', method: 'DELETE', path: `${PROJECT}/tickets/{ticketId}/comments/{commentId}`, client: ['deleteComment'], fields: keysAt('item', ['success', 'id'], 'deletion') },
  { name: 'label list', method: 'GET', path: `${PROJECT}/tickets/labels`, client: ['listLabels'], fields: keysAt('items[]', LABEL_KEYS, 'label') },
  { name: 'label create', method: 'POST', path: `${PROJECT}/tickets/labels`, client: ['createLabel'], fields: keysAt('items[]', LABEL_KEYS, 'label') },
  { name: 'label update', method: 'PATCH', path: `${PROJECT}/tickets/labels/{labelId}`, client: ['updateLabel'], fields: keysAt('items[]', LABEL_KEYS, 'label') },
  { name: 'label delete', method: 'DELETE', path: `${PROJECT}/tickets/labels/{labelId}`, client: ['deleteLabel'], fields: keysAt('items[]', LABEL_KEYS, 'label') },
  { name: 'assignees', method: 'GET', path: `${PROJECT}/tickets/assignees`, client: ['listAssignees'], fields: keysAt('items[]', ['userId', 'fullName'], 'assignee') },
  {
    name: 'fetch-url',
    method: 'POST',
    path: '/v1/tools/fetch-url',
    client: ['fetchUrl'],
    fields: [
      ...keysAt('item', ['statusCode', 'finalUrl', 'durationMs', 'body', 'contentType', 'headers', 'headersAvailable'], 'fetch result'),
    ],
  },
  { name: 'trust-signals scan start', method: 'POST', path: '/v1/tools/trust-signals/scans', client: ['startTrustSignalsScan'], fields: SCAN_FIELDS('trust-signals') },
  {
    name: 'trust-signals scan',
    method: 'GET',
    path: '/v1/tools/trust-signals/scans/{scanId}',
    client: ['getTrustSignalsScan'],
    fields: [
      ...SCAN_FIELDS('trust-signals'),
      f('item.result.verdict', 'the trust verdict'),
      f('item.result.categoryScores', 'the trust category scores'),
      f('item.result.signalsDetected', 'the detected signals'),
      f('item.result.gapsVsBenchmark', 'the gaps against the benchmark'),
      f('item.error.code', "a failed scan's code"),
    ],
  },
  { name: 'agent-adoption scan start', method: 'POST', path: '/v1/tools/agent-adoption/scans', client: ['startAgentAdoptionScan'], fields: SCAN_FIELDS('agent-adoption') },
  {
    name: 'agent-adoption scan',
    method: 'GET',
    path: '/v1/tools/agent-adoption/scans/{scanId}',
    client: ['getAgentAdoptionScan'],
    fields: [
      ...SCAN_FIELDS('agent-adoption'),
      f('item.result.score', 'the agent-adoption score'),
      f('item.result.level', 'the agent-adoption level'),
      f('item.result.levelName', 'the agent-adoption level name'),
      f('item.result.categoryReports', 'the category reports'),
      f('item.error.code', "a failed scan's code"),
    ],
  },
];
