/**
 * The project's competitor list as the competitor card reads it: one read per project shared for a
 * minute by every card asked meanwhile (concurrent asks share the read under way; a failure is not
 * kept). A card that finds no competitor in a list older than the ask reads the list afresh once
 * before it says "no such competitor", so a competitor added a moment ago is never missed.
 */
import type { Competitor, Listed, ServiceClient } from '../../service/index.js';

export const COMPETITOR_LIST_TTL_MS = 60_000;

interface Entry {
  at: number;
  read: Promise<Listed<Competitor>[]>;
}

/** Per client (tests start several Radars in one process), per project. */
const shared = new WeakMap<ServiceClient, Map<string, Entry>>();

/** The list, and whether it was read for this ask (false: shared from an earlier one). */
export async function sharedCompetitorList(service: ServiceClient, projectId: string, options: { fresh?: boolean } = {}): Promise<{ items: Listed<Competitor>[]; fresh: boolean }> {
  let byProject = shared.get(service);
  if (!byProject) shared.set(service, (byProject = new Map()));
  const now = performance.now();
  const cached = byProject.get(projectId);
  if (!options.fresh && cached && now - cached.at < COMPETITOR_LIST_TTL_MS) return { items: await cached.read, fresh: false };
  const read = service.listCompetitors(projectId);
  const entry = { at: now, read };
  byProject.set(projectId, entry);
  read.catch(() => {
    if (byProject.get(projectId) === entry) byProject.delete(projectId);
  });
  return { items: await read, fresh: true };
}
