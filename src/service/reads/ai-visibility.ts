/**
 * AI visibility read as facts (issue 27): the dashboard, a past check, the answers, the trend and the
 * history, each through its reader in schemas/ai-visibility.ts.
 */
import type { RawServiceClient } from '../raw-client.js';
import type { Pagination } from '../schemas/common.js';
import {
  latestCheckAvailability,
  readAiAnswers,
  readAiHistoryRow,
  readAiTrend,
  readAiVisibility,
  type AiAnswersFacts,
  type AiHistoryRowFacts,
  type AiTrendPoint,
  type AiVisibilityFacts,
  type AiVisibilityQuery,
} from '../schemas/ai-visibility.js';
import type { PageQuery } from '../schemas/common.js';
import type { Part } from '../tolerant.js';

/** The trend's points and whether its latest check could be scored. */
export interface AiTrendFacts {
  points: Part<AiTrendPoint[]>;
  latestCheck: { unavailable: boolean; reason: string | undefined };
}

/** One page of the check history: each row as facts (null: a row Radar couldn't read), the page's counts, and whether the service cut entries. */
export interface AiHistoryFacts {
  items: (AiHistoryRowFacts | null)[];
  pagination: Pagination;
  truncated: boolean;
}

type TrendQuery = Record<string, string | number | boolean | undefined>;

export function aiVisibilityReads(raw: RawServiceClient) {
  return {
    /** GET .../ai-visibility as the AI visibility reader's facts (market map, standing, models, summary). */
    aiVisibilityFacts: async (projectId: string, query?: AiVisibilityQuery): Promise<AiVisibilityFacts> =>
      readAiVisibility(await (query ? raw.getAiVisibility(projectId, query) : raw.getAiVisibility(projectId))),
    /** GET .../ai-visibility with answers: the dashboard's facts and the answers' facts, from one read. */
    aiAnswersFacts: async (projectId: string, query: AiVisibilityQuery): Promise<{ facts: AiVisibilityFacts; answers: AiAnswersFacts }> => {
      const item = await raw.getAiVisibility(projectId, query);
      return { facts: readAiVisibility(item), answers: readAiAnswers(item) };
    },
    /** One past check (GET .../ai-visibility/history/{checkId}) as the dashboard's facts. */
    aiCheckFacts: async (projectId: string, checkId: string, query?: AiVisibilityQuery): Promise<AiVisibilityFacts> =>
      readAiVisibility(await (query ? raw.getAiVisibilityCheck(projectId, checkId, query) : raw.getAiVisibilityCheck(projectId, checkId))),
    /** GET .../ai-visibility/trend as points and the latest check's availability. */
    aiTrendFacts: async (projectId: string, query?: TrendQuery): Promise<AiTrendFacts> => {
      const body = await (query ? raw.getAiVisibilityTrend(projectId, query) : raw.getAiVisibilityTrend(projectId));
      return { points: readAiTrend(body), latestCheck: latestCheckAvailability(body) };
    },
    /** One page of GET .../ai-visibility/history, each row as facts. */
    aiHistoryFacts: async (projectId: string, query?: PageQuery): Promise<AiHistoryFacts> => {
      const page = await (query ? raw.getAiVisibilityHistory(projectId, query) : raw.getAiVisibilityHistory(projectId));
      return { items: page.items.map(readAiHistoryRow), pagination: page.pagination, truncated: page.truncated === true };
    },
  };
}
