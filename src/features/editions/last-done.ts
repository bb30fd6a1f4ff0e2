/**
 * The last done edition of a project's briefing: history is read newest first, a page of 100 at a
 * time, until a done run appears, at most 5 pages (years of editions: a briefing runs every two
 * to four weeks). Binding, `/radar digest on|now` and `/radar briefing` all ask this one question.
 */
import type { BriefingHistoryRow, ServiceClient } from '../../service/index.js';
import type { BriefingFacts } from '../../service/read/briefing.js';
import { readable } from '../../service/tolerant.js';

const PAGE_SIZE = 100;
const MAX_PAGES = 5;

/** The newest `done` row of the project's briefing history, or null when none is done (within the bound). */
export async function findLastDone(service: ServiceClient, projectId: string): Promise<BriefingHistoryRow | null> {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { items, pagination } = await service.getBriefingHistory(projectId, { page, limit: PAGE_SIZE });
    // A history row Radar could not read is passed over (docs/assumptions.md, briefing history).
    const done = readable(items).find((row) => row.status === 'done');
    if (done) return done;
    if (!pagination.hasMore) return null;
  }
  return null;
}

/** The last done edition, read as facts; null when the project has none. */
export async function lastDoneEdition(service: ServiceClient, projectId: string): Promise<BriefingFacts | null> {
  const row = await findLastDone(service, projectId);
  return row ? service.briefingRunFacts(projectId, row.runId) : null;
}
