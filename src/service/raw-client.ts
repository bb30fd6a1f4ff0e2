/**
 * The raw Monitoring Service client's interface (issue 27): one method per endpoint, each resolving to
 * the payload its schema checked. Its own module so the area modules in reads/ can build on it while
 * client.ts spreads them onto the client (no import cycle).
 */
import type { BudgetSnapshot, ThrottledGroup } from './budget.js';
import type { AiSourcesHistory, AiSourcesRead } from './schemas/ai-sources.js';
import type { AiVisibilityHistory, AiVisibilityQuery, AiVisibilityRead, AiVisibilityTrend } from './schemas/ai-visibility.js';
import type { BriefingHistoryRow, BriefingQuery, BriefingRead } from './schemas/briefing.js';
import type { DeleteResult, Listed, Page, PageQuery, View } from './schemas/common.js';
import type { PricingRead } from './schemas/pricing.js';
import type { Alerts, Competitor, Health, Project, ProjectDetail, Schedules } from './schemas/projects.js';
import type { AgentAdoptionScan, AgentAdoptionScanBody, ScanStart, TrustSignalsScan } from './schemas/scans.js';
import type { FetchUrlBody, FetchUrlResult } from './schemas/tools.js';
import type {
  ContentChangelog,
  ContentChangelogQuery,
  DimensionDashboard,
  DimensionHistoryRow,
  DimensionRead,
  DimensionRun,
} from './schemas/dimensions.js';
import type {
  Assignee,
  Comment,
  CreateTicketBody,
  Label,
  LabelBody,
  ListTicketsQuery,
  MoveTicketBody,
  Ticket,
  TicketList,
  UpdateTicketBody,
} from './schemas/tickets.js';

export interface RawServiceClient {
  /** GET /v1/health: reachability; the payload carries the server time (field name not shown). */
  health(): Promise<Health>;
  /** GET /v1/docs/openapi.json: the service's machine-readable description (spec 9), whole. */
  describe(): Promise<Record<string, unknown>>;
  /** A project that fails its schema is an `Unreadable` item; the list still reads. */
  listProjects(): Promise<Listed<Project>[]>;
  getProject(projectId: string): Promise<ProjectDetail>;
  /** The project's own domain is listed too, with `isOwn: true`. */
  listCompetitors(projectId: string): Promise<Listed<Competitor>[]>;
  getCompetitor(projectId: string, competitorId: string): Promise<Competitor>;

  /** Latest dashboard of a dimension; `view` applies to tech-trust only. */
  getDimension(projectId: string, dimension: DimensionRead, query?: { view?: View }): Promise<DimensionDashboard>;
  getDimensionHistory(projectId: string, dimension: DimensionRead, query?: PageQuery): Promise<Page<DimensionHistoryRow>>;
  /** One run's detail; `view` applies to tech-trust only. */
  getDimensionRun(projectId: string, dimension: DimensionRead, runId: string, query?: { view?: View }): Promise<DimensionRun>;
  /** The pricing dashboard, typed (see `schemas/pricing.ts`). */
  getPricing(projectId: string): Promise<PricingRead>;
  getContentChangelog(projectId: string, query?: ContentChangelogQuery): Promise<ContentChangelog>;

  getAiVisibility(projectId: string, query?: AiVisibilityQuery): Promise<AiVisibilityRead>;
  getAiVisibilityHistory(projectId: string, query?: PageQuery): Promise<AiVisibilityHistory>;
  getAiVisibilityCheck(projectId: string, checkId: string, query?: AiVisibilityQuery): Promise<AiVisibilityRead>;
  /** GET .../ai-visibility/trend: parameters and payload not shown, so any query is passed as given and the whole body returned. */
  getAiVisibilityTrend(projectId: string, query?: Record<string, string | number | boolean | undefined>): Promise<AiVisibilityTrend>;
  /** AI sources: parameters are not shown, so any query is passed as given. */
  getAiSources(projectId: string, query?: Record<string, string | number | boolean | undefined>): Promise<AiSourcesRead>;
  getAiSourcesHistory(projectId: string, query?: PageQuery): Promise<AiSourcesHistory>;
  getAiSourcesCheck(
    projectId: string,
    checkId: string,
    query?: Record<string, string | number | boolean | undefined>,
  ): Promise<AiSourcesRead>;
  /** The whole response body: its envelope is not shown. */
  getAlerts(projectId: string): Promise<Alerts>;
  /** The whole response body: its envelope is not shown. */
  getSchedules(projectId: string): Promise<Schedules>;

  /** The latest run in any state; `sections` is sent comma-separated (default on the service: hub). */
  getBriefing(projectId: string, query?: BriefingQuery): Promise<BriefingRead>;
  getBriefingHistory(projectId: string, query?: PageQuery): Promise<Page<Listed<BriefingHistoryRow>>>;
  getBriefingRun(projectId: string, runId: string, query?: BriefingQuery): Promise<BriefingRead>;

  /** `status` and `include` are sent comma-separated; keep the order received. */
  listTickets(projectId: string, query?: ListTicketsQuery): Promise<TicketList>;
  createTicket(projectId: string, body: CreateTicketBody): Promise<Ticket>;
  getTicket(projectId: string, ticketId: string): Promise<Ticket>;
  updateTicket(projectId: string, ticketId: string, body: UpdateTicketBody): Promise<Ticket>;
  deleteTicket(projectId: string, ticketId: string): Promise<DeleteResult>;
  moveTicket(projectId: string, ticketId: string, body: MoveTicketBody): Promise<Ticket>;
  /** Oldest first, whole. */
  listComments(projectId: string, ticketId: string): Promise<Listed<Comment>[]>;
  createComment(projectId: string, ticketId: string, body: string): Promise<Comment>;
  updateComment(projectId: string, ticketId: string, commentId: string, body: string): Promise<Comment>;
  deleteComment(projectId: string, ticketId: string, commentId: string): Promise<DeleteResult>;
  /** In the project's order. */
  listLabels(projectId: string): Promise<Listed<Label>[]>;
  /** Resolves to the project's whole label list. */
  createLabel(projectId: string, body: LabelBody): Promise<Listed<Label>[]>;
  /** Resolves to the project's whole label list. */
  updateLabel(projectId: string, labelId: string, body: Partial<LabelBody>): Promise<Listed<Label>[]>;
  /** Resolves to the project's whole label list. */
  deleteLabel(projectId: string, labelId: string): Promise<Listed<Label>[]>;
  listAssignees(projectId: string): Promise<Listed<Assignee>[]>;

  fetchUrl(body: FetchUrlBody): Promise<FetchUrlResult>;
  startTrustSignalsScan(domain: string): Promise<ScanStart>;
  getTrustSignalsScan(scanId: string): Promise<TrustSignalsScan>;
  startAgentAdoptionScan(body: AgentAdoptionScanBody): Promise<ScanStart>;
  getAgentAdoptionScan(scanId: string): Promise<AgentAdoptionScan>;

  /** Where the key's budget stands on a throttled group: in flight, waiting, pause left (tests, logs). */
  budget(group: ThrottledGroup): BudgetSnapshot;

  /** Closes the connection pool the client created; a passed dispatcher is left open. */
  close(): Promise<void>;
}
