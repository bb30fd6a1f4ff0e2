/**
 * Run histories and past runs read as facts (issue 27): history rows through `readHistoryRow`, a run
 * detail through `readRunDetail` and its area's reader (`runAreaOf`), all in read/runs.ts.
 */
import type { RawServiceClient } from '../raw-client.js';
import {
  readHistoryRow,
  readRunDetail,
  readWatchHistory,
  readWatchRun,
  runAreaOf,
  type AreaRunFacts,
  type HistoryRowFacts,
  type RunDetailFacts,
  type WatchArea,
  type WatchHistoryRow,
  type WatchRunFacts,
} from '../read/runs.js';
import type { PageQuery, Pagination, View } from '../schemas/common.js';
import type { DimensionRead } from '../schemas/dimensions.js';

/** A past run: its own fields and summary (`detail`) and what it says about its area (`area`). */
export interface RunFacts {
  detail: RunDetailFacts;
  area: AreaRunFacts;
}

export function runsReads(raw: RawServiceClient) {
  return {
    /** One page of a dimension's run history, each row as facts (null: a row Radar couldn't read). */
    historyFacts: async (projectId: string, dimension: DimensionRead, query?: PageQuery): Promise<{ items: (HistoryRowFacts | null)[]; pagination: Pagination }> => {
      const page = await (query ? raw.getDimensionHistory(projectId, dimension, query) : raw.getDimensionHistory(projectId, dimension));
      return { items: page.items.map((row) => readHistoryRow(row, dimension)), pagination: page.pagination };
    },
    /** One run's detail (GET .../{dimension}/history/{runId}) as facts. */
    runFacts: async (projectId: string, dimension: DimensionRead, runId: string, query?: { view?: View }): Promise<RunFacts> => {
      const detail = await (query ? raw.getDimensionRun(projectId, dimension, runId, query) : raw.getDimensionRun(projectId, dimension, runId));
      return { detail: readRunDetail(detail, dimension), area: runAreaOf(detail, dimension) };
    },
    /** One page of a watched area's history (the AI checks' and sources checks' too) as the runs it lists, newest first (`readWatchHistory`). */
    watchHistoryFacts: async (projectId: string, area: WatchArea, query: PageQuery): Promise<WatchHistoryRow[]> => {
      const page =
        area === 'ai-visibility'
          ? await raw.getAiVisibilityHistory(projectId, query)
          : area === 'ai-sources'
            ? await raw.getAiSourcesHistory(projectId, query)
            : await raw.getDimensionHistory(projectId, area, query);
      return readWatchHistory(area, page.items);
    },
    /**
     * One run of a watched area as a watch compares it (`readWatchRun`): the full view where the read
     * has one (AI checks, sources checks, tech), so lists are whole.
     */
    watchRunFacts: async (projectId: string, area: WatchArea, runId: string): Promise<WatchRunFacts> => {
      const run =
        area === 'ai-visibility'
          ? await raw.getAiVisibilityCheck(projectId, runId, { view: 'full' })
          : area === 'ai-sources'
            ? await raw.getAiSourcesCheck(projectId, runId, { view: 'full' })
            : area === 'tech-trust'
              ? await raw.getDimensionRun(projectId, area, runId, { view: 'full' })
              : await raw.getDimensionRun(projectId, area, runId);
      return readWatchRun(area, run);
    },
  };
}
