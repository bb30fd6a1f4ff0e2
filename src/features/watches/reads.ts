/**
 * The service reads a watch makes, per dimension, all as facts (issue 27): the run history (newest
 * first) and one run's detail (`watchHistoryFacts`, `watchRunFacts`: the service client reads which run
 * a history row is, and a run as its area's reader, its summary reader and the generic leaves read it;
 * src/service/read/runs.ts), and for content the changelog (`changelogFacts`).
 */
import type { ServiceClient } from '../../service/index.js';
import type { WatchArea, WatchHistoryRow, WatchRunFacts } from '../../service/read/runs.js';
import type { WatchDimension } from '../../store/watches.js';
import type { ChangelogRowRead } from './changes/content.js';

/** A run of a watched dimension's history: its id and when it completed (the runs reader's facts), and for AI visibility the
 * row as facts (AI visibility rows carry the check's summary: the noise band's earlier check). */
export type RunRow = WatchHistoryRow;

/** The service's name of each watchable dimension. */
export const SERVICE_DIMENSION: Record<WatchDimension, WatchArea> = {
  pricing: 'pricing',
  content: 'content',
  positioning: 'positioning',
  tech: 'tech-trust',
  ai: 'ai-visibility',
  sources: 'ai-sources',
};

/** One history page covers weeks of runs at any cadence the service has. */
const HISTORY_PAGE = { page: 1, limit: 20 } as const;

export async function readHistory(service: ServiceClient, projectId: string, dimension: WatchDimension): Promise<RunRow[]> {
  return service.watchHistoryFacts(projectId, SERVICE_DIMENSION[dimension], HISTORY_PAGE);
}

export async function readRun(service: ServiceClient, projectId: string, dimension: WatchDimension, runId: string): Promise<WatchRunFacts> {
  return service.watchRunFacts(projectId, SERVICE_DIMENSION[dimension], runId);
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
    const log = await service.changelogFacts(projectId, { page, limit: CHANGELOG_PAGE });
    // Entries Radar cannot read are left out.
    const read = log.rows.filter((r): r is ChangelogRowRead => r !== null);
    rows.push(...read);
    const oldest = read.at(-1)?.date ?? null;
    const reachedSince = oldest !== null && Date.parse(oldest) <= from;
    if (!log.hasMore || reachedSince || log.rows.length === 0) return { rows, cutBefore: null };
    if (page === CHANGELOG_PAGES) return { rows, cutBefore: oldest ?? rows.findLast((r) => r.date !== null)?.date ?? null };
  }
  return { rows, cutBefore: null };
}
