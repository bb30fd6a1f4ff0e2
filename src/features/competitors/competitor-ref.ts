/**
 * A competitor as Radar refers to it (spec 2.4): read once by the competitor list's reader
 * (`competitorFacts`, `readCompetitorList` in src/service/read/competitors.ts: the identity found where it is, on the item
 * or nested; other fields as extras). A row of any dimension is matched to a competitor by its identity
 * wherever it sits (`identityOf`): the same id, else the same domain, else the same name (`matchIdentity`).
 */
import { normaliseDomain } from '../competitor-match/match-competitor.js';
import { matchIdentity, type RowIdentity } from '../../service/index.js';
import type { CompetitorFacts, CompetitorListFacts } from '../../service/read/competitors.js';

export interface CompetitorRef {
  /** Needed for the detail read and the changelog filter; null when the list item carries none. */
  id: string | null;
  name: string | null;
  domain: string;
  isOwn: boolean;
  /** Fields of the list item the spec does not name (the list reader's extras); absent on a ref built by hand. */
  extras?: CompetitorFacts['extras'];
}

/** The refs Radar could read, in the order received, and how many items it could not (the list reader's facts). */
export function competitorRefs(list: CompetitorListFacts): { refs: CompetitorRef[]; unreadable: number } {
  const { competitors, unreadable } = list;
  return { refs: competitors.map(({ id, name, domain, isOwn, extras }) => ({ id, name, domain, isOwn, extras })), unreadable };
}

/** True when `host` is the competitor's domain or one of its subdomains. */
export function hostOf(domain: string, host: string): boolean {
  const d = normaliseDomain(domain);
  const h = normaliseDomain(host);
  return h === d || h.endsWith(`.${d}`);
}

/** A ref as a row identity, for `matchIdentity`. */
export function refIdentity(ref: CompetitorRef): RowIdentity {
  return { competitorId: ref.id, domain: ref.domain, name: ref.name, isOwn: ref.isOwn };
}

/**
 * Whether a row's identity (found on the row or nested, `identityOf`) is about `ref`: matched as
 * rows are matched to the competitor list (`matchIdentity`: id, then domain ignoring case and `www.`,
 * then name).
 */
export function identityIsAbout(identity: RowIdentity, ref: CompetitorRef): boolean {
  return matchIdentity(identity, [refIdentity(ref)]) !== undefined;
}

/** How a competitor is named in text (plain, not escaped). */
export function refLabel(ref: CompetitorRef): string {
  return ref.name && ref.name.toLowerCase() !== ref.domain.toLowerCase() ? `${ref.name} (${ref.domain})` : ref.domain;
}

/**
 * The row of `rows` about `ref`: `ref` matched against every row's identity (`matchIdentity`: id
 * first across all rows, then domain, then name). `identity` gives a row's identity (null: a row
 * Radar couldn't read, never matched).
 */
export function rowFor<T>(rows: readonly T[], ref: CompetitorRef, identity: (row: T) => RowIdentity | null): T | undefined {
  const known = rows.flatMap((row) => {
    const id = identity(row);
    return id === null ? [] : [{ ...id, row }];
  });
  return matchIdentity(refIdentity(ref), known)?.row;
}
