/**
 * The service reads a watch makes, per dimension: the run history (newest first) and one run's detail
 * (the full view where the read has one, so lists are whole), and for content the changelog. Ids and
 * dates are read tolerantly (`runId`, `checkId` or `id`; `completedAt`, `checkedAt` or `createdAt`).
 */
import type { ServiceClient } from '../../service/index.js';
import type { DimensionRead } from '../../service/schemas/dimensions.js';
import { lookup } from '../../service/tolerant.js';
import type { WatchDimension } from '../../store/watches.js';
import { readChangelogRows, type ChangelogRowRead } from './changes/content.js';

export interface RunRow {
  runId: string;
  /** When the run completed (ISO 8601), null when the row does not say. */
  at: string | null;
  /** The history row as sent (AI visibility rows carry the check's summary: the noise band's earlier check). */
  item?: unknown;
}

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

function stringAt(row: unknown, keys: readonly string[]): string | null {
  for (const key of keys) {
    const hit = lookup(row, key, { down: false });
    if (hit.found && typeof hit.value === 'string' && hit.value !== '') return hit.value;
  }
  return null;
}

export function runRows(items: readonly unknown[]): RunRow[] {
  return items.flatMap((item) => {
    const runId = stringAt(item, ['runId', 'checkId', 'id']);
    return runId ? [{ runId, at: stringAt(item, ['completedAt', 'checkedAt', 'createdAt', 'startedAt']), item }] : [];
  });
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

/** The content changelog's newest page (sitemap changes, newest first). */
export async function readChangelog(service: ServiceClient, projectId: string): Promise<ChangelogRowRead[]> {
  return readChangelogRows((await service.getContentChangelog(projectId, { page: 1, limit: 100 })).items);
}
