/** Shapes of the sandbox's seed data. Payloads the spec leaves open are plain JSON objects. */

export type Json = Record<string, unknown>;

/** The four dimensions with a latest dashboard, a run history and run details (spec 4.2). */
export const DIMENSIONS = ['tech-trust', 'content', 'positioning', 'pricing'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export interface CompetitorSeed {
  id: string;
  name: string;
  domain: string;
  isOwn: boolean;
  homepageUrl: string;
  pricingUrl: string | null;
  addedAt: string;
}

/** One historical run of a dimension. A null summary answers 404 `run_not_summarized`. */
export interface DimensionRunSeed {
  runId: string;
  startedAt: string;
  completedAt: string;
  summary: Json | null;
  /** Further top-level fields of the run detail (runs published through the control surface carry them). */
  detail?: Json;
}

/** A dimension's latest dashboard (without runId/completedAt, taken from the newest run) and its runs, newest first. */
export interface DimensionSeed {
  latest: Json;
  runs: DimensionRunSeed[];
}

export interface ChangelogEntrySeed {
  id: string;
  competitorId: string;
  detectedAt: string;
  /** URLs added per content category (spec 2.5 category values). */
  urls: Partial<Record<string, string[]>>;
}

/** One AI-visibility check (spec 2.5, 4.3). */
export interface AiCheckSeed {
  checkId: string;
  checkedAt: string;
  providers: string[];
  prompts: string[];
  summary: Json & { marketMap: { brands: Json[] }; competitorRankings: Json[] };
  answers: AiAnswerSeed[];
  providerStatus: Json;
  answerCoverage?: Json;
  /** Queries that came back without a usable answer: `{ provider, promptIndex }`. */
  unansweredQueries?: Json[];
  /** Queries read with nothing to show (e.g. no AI overview): `{ provider, promptIndex, reason }`. */
  noAnswerShown?: Json[];
}

export interface AiAnswerSeed {
  provider: string;
  promptIndex: number;
  /** Brands the model named, in rank order. */
  brands: { name: string; domain: string; rank: number; reasoning: string }[];
}

export interface AiVisibilitySeed {
  /** Scored checks, newest first. */
  checks: AiCheckSeed[];
  /** Set when the most recent check was abandoned as incomplete. */
  latestCheckDataAvailable?: Json;
}

export interface AiSourcesCheckSeed {
  checkId: string;
  checkedAt: string;
  summary: Json & { pages: Json[]; brands: Json[] };
}

export type BriefingStatus = 'done' | 'running' | 'failed';

/** A move an edition puts on the board as a briefing ticket. */
export interface BriefingMoveSeed {
  title: string;
  description: string;
  dimension: string;
  estimatedMinutes: number | null;
  impact: 1 | 2 | 3 | 4 | null;
  effort: 'low' | 'medium' | 'high' | null;
}

export interface DiagnosisRowSeed {
  dimension: string;
  label: string;
  status: string;
  note: string;
  deepDive?: string;
}

/** A briefing run: a done edition carries its hub, coverage and moves; running/failed runs only meta. */
export interface BriefingRunSeed {
  runId: string;
  status: BriefingStatus;
  startedAt: string;
  /** Set on done runs. */
  briefingDate: string | null;
  headline: string | null;
  diagnosis: DiagnosisRowSeed[];
  coverage: string[];
  /** Moves, most important first. */
  moves: BriefingMoveSeed[];
  /** Present while running. */
  progress?: { step: string; startedAt: string; updatedAt: string };
}

export interface ProjectSeed {
  id: string;
  organizationId: string;
  name: string;
  domain: string;
  status: 'active' | 'paused';
  createdAt: string;
  lastMonitoredAt: string | null;
  monitoringPrompts: string[];
  /** The own domain (isOwn true) first, then the competitors. */
  competitors: CompetitorSeed[];
  dimensions: Partial<Record<Dimension, DimensionSeed>>;
  changelog: ChangelogEntrySeed[];
  aiVisibility: AiVisibilitySeed | null;
  aiSources: AiSourcesCheckSeed[];
  alerts: Json[];
  schedules: Json[];
  /** Briefing runs, newest first. */
  briefings: BriefingRunSeed[];
}
