/**
 * What one report cycle reads of one project, each read made at most once however many channels of
 * the project are due (their reports differ only in their "since", applied to the same answers): the
 * briefing history, the pricing, positioning and tech-trust run histories and the run details a comparison needs
 * (each run read once), the AI visibility history, the content changelog's newest page and the ticket
 * list. Reads start only when a channel's report asks for them (a section every channel switched off
 * is never read). A report held back for a failed read keeps the others for the next cycle (`retryFailed`). `no_data_available` reads as "nothing yet"; any other failure is the caller's to
 * retry. Every read is a facts method of the service client: no payload is read here.
 */
import { isServiceError } from '../../service/errors.js';
import type { ServiceClient } from '../../service/index.js';
import type { AreaRunFacts } from '../../service/read/runs.js';
import type { AiHistoryRowFacts } from '../../service/schemas/ai-visibility.js';
import type { BriefingHistoryRow } from '../../service/schemas/briefing.js';
import type { ChangelogFacts } from '../../service/schemas/content.js';
import type { TicketList } from '../../service/schemas/tickets.js';
import { isUnreadable } from '../../service/tolerant.js';
import type { Listed } from '../../service/schemas/common.js';
import type { Limiter } from '../../limiter.js';

export type RunDimension = 'pricing' | 'positioning' | 'tech-trust';

export interface RunRow {
  runId: string;
  /** When the run completed (ISO 8601); null when the row does not say. */
  at: string | null;
}

export interface ProjectReads {
  projectId: string;
  /** When this set of reads began: the end of the span a report made from it covers. */
  startedAt: Date;
  briefingHistory(): Promise<BriefingHistoryRow[]>;
  runs(dimension: RunDimension): Promise<RunRow[]>;
  /** What the run says about its area, as its area's reader read it (null: no such run, or no data). */
  run(dimension: RunDimension, runId: string): Promise<AreaRunFacts | null>;
  aiHistory(): Promise<AiHistoryRowFacts[]>;
  changelog(): Promise<ChangelogFacts | null>;
  tickets(): Promise<TicketList>;
  /**
   * The same reads for a later cycle: what was read stays read, what failed is read again (a report
   * held for a refused ticket read costs one read the next cycle, not six).
   */
  retryFailed(): ProjectReads;
}

/** A history page covers weeks of runs at any cadence the service has. */
const HISTORY_PAGE = { page: 1, limit: 20 } as const;


async function orNothing<T>(read: Promise<T>, nothing: T): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (isServiceError(error) && (error.code === 'no_data_available' || error.code === 'not_found')) return nothing;
    throw error;
  }
}

const readableRows = <T>(items: readonly Listed<T>[]): T[] => items.filter((i): i is T => !isUnreadable(i));

/** One cycle's reads of one project; every read through `limiter` (the background bound), each made once. */
export function projectReads(service: ServiceClient, projectId: string, limiter: Pick<Limiter, 'run'>, startedAt: Date, kept: ReadonlyMap<string, Promise<unknown>> = new Map()): ProjectReads {
  const memo = new Map<string, Promise<unknown>>(kept);
  const failed = new Set<string>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    let found = memo.get(key) as Promise<T> | undefined;
    if (!found) {
      found = limiter.run(read);
      found.catch(() => failed.add(key));
      memo.set(key, found);
    }
    return found;
  };
  return {
    projectId,
    startedAt,
    briefingHistory: () => once('briefing', async () => readableRows((await orNothing(service.getBriefingHistory(projectId, HISTORY_PAGE), null))?.items ?? [])),
    // Which run a history row is, and when: the runs reader's reading (rows without a run id left out).
    runs: (dimension) =>
      once(`runs:${dimension}`, async () =>
        ((await orNothing(service.historyFacts(projectId, dimension, HISTORY_PAGE), null))?.items ?? []).flatMap((row) => (row?.ref ? [{ runId: row.ref.runId, at: row.ref.at }] : [])),
      ),
    run: (dimension, runId) =>
      once(`run:${dimension}:${runId}`, async () => (await orNothing(service.runFacts(projectId, dimension, runId, dimension === 'tech-trust' ? { view: 'full' } : {}), null))?.area ?? null),
    aiHistory: () =>
      once('ai', async () => ((await orNothing(service.aiHistoryFacts(projectId, HISTORY_PAGE), null))?.items ?? []).flatMap((row) => row ?? [])),
    changelog: () => once('changelog', () => orNothing(service.changelogFacts(projectId, { page: 1, limit: 100 }), null)),
    tickets: () => once('tickets', () => service.listTickets(projectId, { closed: 'recent' })),
    retryFailed: () => projectReads(service, projectId, limiter, startedAt, new Map([...memo].filter(([key]) => !failed.has(key)))),
  };
}
