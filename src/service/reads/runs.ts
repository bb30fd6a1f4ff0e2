/**
 * Run histories and past runs read as facts (issue 27): history rows through `readHistoryRow`, a run
 * detail through `readRunDetail` and its area's reader (`runAreaOf`), all in read/runs.ts.
 */
import type { RawServiceClient } from '../raw-client.js';
import { readHistoryRow, readRunDetail, runAreaOf, type AreaRunFacts, type HistoryRowFacts, type RunDetailFacts } from '../read/runs.js';
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
  };
}
