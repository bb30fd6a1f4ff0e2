/**
 * Finds the competitor a person named among tech-and-trust rows, through the shared matcher every
 * competitor argument uses (`competitor-match/match-competitor.ts`: domain as typed or as a URL,
 * name, id, or the first label of the domain, case-insensitively). No match is one sentence with
 * "did you mean" when a name is close; several matches are all shown.
 */
import { labelOf, type TechTrustRow } from '../../service/index.js';
import { matchCompetitor as match, noCompetitorError } from '../competitor-match/match-competitor.js';

export function matchCompetitor(rows: readonly (TechTrustRow | null)[], typed: string): (TechTrustRow | null)[] {
  const known = rows.filter((r): r is TechTrustRow => r !== null);
  const found = match(known, (r) => r.identity, typed);
  if (found.kind === 'one') return [found.match];
  if (found.kind === 'many') return found.candidates;
  throw noCompetitorError(typed, found.suggestion, known.map((r) => labelOf(r.identity)).filter((l): l is string => l !== null));
}
