/**
 * The service reads a watch makes, per dimension: the run history (newest first) and one run's detail
 * (the full view where the read has one, so lists are whole), and for content the changelog. Which run
 * a history row is, and when, is the runs reader's reading (`runRefsOf`, src/service/read/runs.ts).
 */
import type { ServiceClient } from '../../service/index.js';
import type { DimensionRead } from '../../service/schemas/dimensions.js';
import { runRefsOf, type RunRef } from '../../service/read/runs.js';
import type { WatchDimension } from '../../store/watches.js';
import { readChangelogRows, type ChangelogRowRead } from './changes/content.js';

/** A run of a watched dimension's history: its id and when it completed (the runs reader's facts), and the row as sent
 * (AI visibility rows carry the check's summary: the noise band's earlier check). */
export type RunRow = RunRef & { item?: unknown };

/** The service's name of each watchable dimension. */
export const SERVICE_DIMENSION: Record<WatchDimension, string> = {
  pricing: 'pricing',
  content: 'content',
  positioning: 'positioning',
  tech: 'tech-trust',
  ai: 'ai-visibility',
  sources: 'ai-sources',
};

/** One history page covers weeks of runs at any cadence the service has. */
const HISTORY_PAGE = { page: 1, limit: 20 } as const;

/** The runs a history page lists, as the runs reader reads them (rows without a run id left out), each with its row. */
export function runRows(items: readonly unknown[]): RunRow[] {
  return items.flatMap((item) => runRefsOf([item]).map((ref) => ({ ...ref, item })));
}

export async function readHistory(service: ServiceClient, projectId: string, dimension: WatchDimension): Promise<RunRow[]> {
  switch (dimension) {
    case 'ai':
      return runRows((await service.getAiVisibilityHistory(projectId, HISTORY_PAGE)).items);
    case 'sources':
      return runRows((await service.getAiSourcesHistory(projectId, HISTORY_PAGE)).items);
    default:
      return runRows((await service.getDimensionHistory(projectId, SERVICE_DIMENSION[dimension] as DimensionRead, HISTORY_PAGE)).items);
  }
}

export async function readRun(service: ServiceClient, projectId: string, dimension: WatchDimension, runId: string): Promise<unknown> {
  switch (dimension) {
    case 'ai':
      return service.getAiVisibilityCheck(projectId, runId, { view: 'full' });
    case 'sources':
      return service.getAiSourcesCheck(projectId, runId, { view: 'full' });
    case 'tech':
      return service.getDimensionRun(projectId, 'tech-trust', runId, { view: 'full' });
    default:
      return service.getDimensionRun(projectId, SERVICE_DIMENSION[dimension] as DimensionRead, runId);
  }
}

/** The changelog as a watch reads it: its entries newest first, and where reading stopped short. */
export interface ChangelogRead {
  rows: ChangelogRowRead[];
  /**
   * When the bound on pages was reached with older entries still there: the date of the oldest entry
   * read (changes before it were not read). Null when every entry since `since` was read.
   */
  cutBefore: string | null;
}

/** Entries a page, and pages a cycle reads at most (500 sitemap changes between two runs). */
export const CHANGELOG_PAGE = 100;
export const CHANGELOG_PAGES = 5;

/**
 * The content changelog (sitemap changes, newest first), paged on until an entry at or before `since`
 * (the earliest run the watch compares), the last page, or `CHANGELOG_PAGES` pages; what the bound
 * left unread is said (`cutBefore`), never passed over as if there were nothing.
 */
export async function readChangelog(service: ServiceClient, projectId: string, since: string | null): Promise<ChangelogRead> {
  const from = since === null ? Number.NEGATIVE_INFINITY : Date.parse(since);
  const rows: ChangelogRowRead[] = [];
  for (let page = 1; page <= CHANGELOG_PAGES; page++) {
    const log = await service.getContentChangelog(projectId, { page, limit: CHANGELOG_PAGE });
    const read = readChangelogRows(log.items);
    rows.push(...read);
    const oldest = read.at(-1)?.date ?? null;
    const reachedSince = oldest !== null && Date.parse(oldest) <= from;
    if (!log.pagination.hasMore || reachedSince || log.items.length === 0) return { rows, cutBefore: null };
    if (page === CHANGELOG_PAGES) return { rows, cutBefore: oldest ?? rows.findLast((r) => r.date !== null)?.date ?? null };
  }
  return { rows, cutBefore: null };
}
