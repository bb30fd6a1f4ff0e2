/**
 * The project's competitor list as the competitor card reads it: one read per project shared for a
 * minute by every card asked meanwhile (concurrent asks share the read under way; a failure is not
 * kept). A card that finds no competitor in a list older than the ask reads the list afresh once
 * before it says "no such competitor", so a competitor added a moment ago is never missed. Every
 * list read is also kept in the competitor directory, the guess the next card starts from.
 */
import type { RadarDeps } from '../../deps.js';
import type { ServiceClient } from '../../service/index.js';
import type { CompetitorFacts, CompetitorListFacts } from '../../service/read/competitors.js';
import { competitorDirectory } from '../competitor-match/directory.js';

export const COMPETITOR_LIST_TTL_MS = 60_000;

interface Entry {
  at: number;
  read: Promise<CompetitorListFacts>;
  /** The read's answer, once it has come. */
  list?: CompetitorListFacts;
}

/** Per client (tests start several Radars in one process), per project. */
const shared = new WeakMap<ServiceClient, Map<string, Entry>>();

function entries(service: ServiceClient): Map<string, Entry> {
  let byProject = shared.get(service);
  if (!byProject) shared.set(service, (byProject = new Map()));
  return byProject;
}

/** The list as facts, and whether it was read for this ask (false: shared from an earlier one). */
export async function sharedCompetitorList(
  deps: Pick<RadarDeps, 'service' | 'store' | 'now'>,
  projectId: string,
  options: { fresh?: boolean } = {},
): Promise<{ list: CompetitorListFacts; fresh: boolean }> {
  const byProject = entries(deps.service);
  const now = performance.now();
  const cached = byProject.get(projectId);
  if (!options.fresh && cached && now - cached.at < COMPETITOR_LIST_TTL_MS) return { list: await cached.read, fresh: false };
  const read = deps.service.competitorFacts(projectId);
  const entry: Entry = { at: now, read };
  byProject.set(projectId, entry);
  read.then(
    (list) => {
      entry.list = list;
      void competitorDirectory(deps.store, deps.now).remember(projectId, list.competitors);
    },
    () => {
      if (byProject.get(projectId) === entry) byProject.delete(projectId);
    },
  );
  return { list: await read, fresh: true };
}

/**
 * What the card may guess from without waiting for a read: the list shared within the minute once
 * it has answered, else the one kept in the directory (null when neither is there).
 */
export async function knownCompetitorList(deps: Pick<RadarDeps, 'service' | 'store' | 'now'>, projectId: string): Promise<CompetitorFacts[] | null> {
  const cached = entries(deps.service).get(projectId);
  if (cached?.list && performance.now() - cached.at < COMPETITOR_LIST_TTL_MS) return cached.list.competitors;
  return competitorDirectory(deps.store, deps.now).recall(projectId);
}
