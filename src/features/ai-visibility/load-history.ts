/**
 * One page of AI visibility history, whole. The history has a response size cap: `truncated` true
 * means whole entries were dropped from the end of `items` and `hasMore` does not account for them,
 * so Radar asks again for the same checks with a lower `limit` (spec 2.5) instead of paging forward:
 * a page of 10 is re-read as two pages of 5, and a page of 5 still cut as five pages of 1.
 */
import type { AiHistoryRowFacts, ServiceClient } from '../../service/index.js';

/** Checks on one page of `/radar ai history`. */
export const HISTORY_PAGE_SIZE = 10;
/** The lower limits tried, each dividing the one before (so pages align on the same checks). */
const LOWER_LIMITS = [5, 1] as const;

export interface HistoryPage {
  /** Each check as the AI visibility reader read it (null: a row Radar couldn't read). */
  items: (AiHistoryRowFacts | null)[];
  /** `pagination.total`: the true number of scored checks. */
  total: number;
  page: number;
  pageSize: number;
  /** The lowest limit Radar had to ask with, or null when the first answer was whole. */
  loweredTo: number | null;
  /** Checks the service dropped even one at a time (too large for its cap on their own). */
  stillDropped: number;
  hasMore: boolean;
}

export async function loadHistoryPage(service: ServiceClient, projectId: string, page: number): Promise<HistoryPage> {
  const offset = (page - 1) * HISTORY_PAGE_SIZE;
  const first = await service.aiHistoryFacts(projectId, { page, limit: HISTORY_PAGE_SIZE });
  const total = first.pagination.total;
  const result: HistoryPage = { items: first.items, total, page, pageSize: HISTORY_PAGE_SIZE, loweredTo: null, stillDropped: 0, hasMore: first.pagination.hasMore };
  if (!first.truncated) return result;

  const items: (AiHistoryRowFacts | null)[] = [];
  const end = Math.min(offset + HISTORY_PAGE_SIZE, total);
  const readRange = async (start: number, limit: number, level: number): Promise<void> => {
    const answer = await service.aiHistoryFacts(projectId, { page: start / limit + 1, limit });
    result.loweredTo = Math.min(result.loweredTo ?? limit, limit);
    const wanted = Math.min(limit, end - start);
    if (!answer.truncated || answer.items.length >= wanted) {
      items.push(...answer.items.slice(0, wanted));
      return;
    }
    const lower = LOWER_LIMITS[level + 1];
    if (lower === undefined) {
      items.push(...answer.items);
      result.stillDropped += wanted - answer.items.length;
      return;
    }
    for (let at = start; at < start + wanted; at += lower) await readRange(at, lower, level + 1);
  };
  for (let at = offset; at < end; at += LOWER_LIMITS[0]) await readRange(at, LOWER_LIMITS[0], 0);
  result.items = items;
  result.hasMore = end < total;
  return result;
}
