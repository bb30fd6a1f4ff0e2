/**
 * Resolving a typed competitor against what a read returned, and reading the competitor list only
 * when it is needed: a dashboard's rows may carry no names, and the changelog filters by id.
 */
import { labelOf, matchIdentity, type RowIdentity, type ServiceClient } from '../../service/index.js';
import type { CompetitorListFacts } from '../../service/read/competitors.js';
import { UserError } from '../../slack/error-text.js';
import { escapeMrkdwn } from '../../slack/blocks/index.js';
import { manyCompetitorsError, matchCompetitor, noCompetitorError } from './match-competitor.js';

/** A competitor list's identities, as its facts carry them (items Radar could not read left out). */
export function competitorIdentities(list: CompetitorListFacts): RowIdentity[] {
  return list.competitors.map((c) => c.identity);
}

/** The project's competitors as identities (GET .../competitors: one read). */
export async function listedCompetitors(service: ServiceClient, projectId: string): Promise<RowIdentity[]> {
  return competitorIdentities(await service.competitorFacts(projectId));
}

const labels = (ids: readonly RowIdentity[]) => ids.map(labelOf).filter((l): l is string => l !== null);

/**
 * The row of `rows` the person means. Matched on the rows first (domain, name, id: no extra read);
 * when none matches, the competitor list is read once to match a name the rows do not carry.
 */
export async function findRow<T extends { identity: RowIdentity }>(service: ServiceClient, projectId: string, rows: readonly T[], typed: string): Promise<T> {
  const direct = matchCompetitor(rows, (r) => r.identity, typed);
  if (direct.kind === 'one') return direct.match;
  if (direct.kind === 'many') throw manyCompetitorsError(typed, labels(direct.candidates.map((r) => r.identity)));
  const listed = await listedCompetitors(service, projectId);
  const viaList = matchCompetitor(listed, (c) => c, typed);
  if (viaList.kind === 'many') throw manyCompetitorsError(typed, labels(viaList.candidates));
  if (viaList.kind === 'one') {
    // The list's competitor matched to the rows as every row is: id, then domain, then name (matchIdentity).
    const row = matchIdentity(viaList.match, rows.map((r) => ({ ...r.identity, row: r })))?.row;
    if (row) return row;
    throw new UserError(`*${escapeMrkdwn(labelOf(viaList.match) ?? typed)}* is a competitor of this project, but this read has no row for it.`);
  }
  throw noCompetitorError(typed, viaList.suggestion ?? direct.suggestion, labels(rows.map((r) => r.identity)));
}

/** The competitor the person means, from the competitor list (one read); it must carry an id. */
export async function findCompetitor(service: ServiceClient, projectId: string, typed: string): Promise<RowIdentity & { competitorId: string }> {
  const listed = await listedCompetitors(service, projectId);
  const found = matchCompetitor(listed, (c) => c, typed);
  if (found.kind === 'many') throw manyCompetitorsError(typed, labels(found.candidates));
  if (found.kind === 'none') throw noCompetitorError(typed, found.suggestion, labels(listed));
  const { competitorId } = found.match;
  if (competitorId === null) throw new UserError(`Radar couldn't read the id of *${escapeMrkdwn(labelOf(found.match) ?? typed)}* in the competitor list, so it can't filter by it.`);
  return { ...found.match, competitorId };
}
