/**
 * Finding the competitor `/radar competitor <domain or name>` asks about, through the shared matcher
 * every competitor argument uses (`competitor-match/match-competitor.ts`: domain as typed or as a
 * URL, name, id, or the first label of the domain, case-insensitively), and "did you mean".
 */
import type { RowIdentity } from '../../service/index.js';
import { matchCompetitor, normaliseDomain } from '../competitor-match/match-competitor.js';
import type { CompetitorRef } from './competitor-ref.js';

const identityOf = (r: CompetitorRef): RowIdentity => ({ competitorId: r.id, domain: r.domain, name: r.name, isOwn: r.isOwn });

/** The one competitor `query` names; null when none does, or several do. */
export function findCompetitor(refs: readonly CompetitorRef[], query: string): CompetitorRef | null {
  const found = matchCompetitor(refs, identityOf, query);
  return found.kind === 'one' ? found.match : null;
}

/** The competitors to offer when `query` names none: those it names several times over, else the closest one. */
export function closestCompetitors(refs: readonly CompetitorRef[], query: string): CompetitorRef[] {
  const found = matchCompetitor(refs, identityOf, query);
  if (found.kind === 'many') return found.candidates.slice(0, 3);
  if (found.kind === 'one' || found.suggestion === null) return found.kind === 'one' ? [found.match] : [];
  const word = found.suggestion;
  const near = refs.find((r) => normaliseDomain(r.domain) === normaliseDomain(word) || r.name?.toLowerCase() === word);
  return near ? [near] : [];
}
