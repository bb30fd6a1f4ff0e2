/** AI sources read as facts (issue 27): the dashboard, a past check and the history through schemas/ai-sources.ts's readers. */
import type { RawServiceClient } from '../raw-client.js';
import { readSources, readSourcesHistoryRow, type SourcesFacts, type SourcesHistoryRow } from '../schemas/ai-sources.js';
import type { PageQuery, Pagination } from '../schemas/common.js';

type SourcesQuery = Record<string, string | number | boolean | undefined>;

export function aiSourcesReads(raw: RawServiceClient) {
  return {
    /** GET .../ai-sources as the sources reader's facts (cited pages and brands, each list's page). */
    sourcesFacts: async (projectId: string, query?: SourcesQuery): Promise<SourcesFacts> =>
      readSources(await (query ? raw.getAiSources(projectId, query) : raw.getAiSources(projectId))),
    /** One past check (GET .../ai-sources/history/{checkId}) as the same facts. */
    sourcesCheckFacts: async (projectId: string, checkId: string, query?: SourcesQuery): Promise<SourcesFacts> =>
      readSources(await (query ? raw.getAiSourcesCheck(projectId, checkId, query) : raw.getAiSourcesCheck(projectId, checkId))),
    /** One page of GET .../ai-sources/history, each row as facts. */
    sourcesHistoryFacts: async (projectId: string, query?: PageQuery): Promise<{ items: SourcesHistoryRow[]; pagination: Pagination }> => {
      const page = await (query ? raw.getAiSourcesHistory(projectId, query) : raw.getAiSourcesHistory(projectId));
      return { items: page.items.map(readSourcesHistoryRow), pagination: page.pagination };
    },
  };
}
