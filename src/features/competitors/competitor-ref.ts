/**
 * A competitor as Radar refers to it (spec 2.4): the list item's `domain` (required) and `isOwn`;
 * its id and name are not named by the spec and are looked up tolerantly (`id` or `competitorId`,
 * `name`). Matching a row of any dimension to a competitor: the same id, else the same domain.
 */
import { normaliseDomain } from '../competitor-match/match-competitor.js';
import type { Competitor, Listed } from '../../service/index.js';
import { isRecord, isUnreadable, lookup } from '../../service/tolerant.js';

export interface CompetitorRef {
  /** Needed for the detail read and the changelog filter; null when the list item carries none. */
  id: string | null;
  name: string | null;
  domain: string;
  isOwn: boolean;
}

function stringAt(obj: unknown, key: string): string | null {
  const hit = lookup(obj, key, { down: false });
  return hit.found && (typeof hit.value === 'string' || typeof hit.value === 'number') && String(hit.value) !== '' ? String(hit.value) : null;
}

/** The refs Radar could read, in the order received, and how many items it could not. */
export function competitorRefs(items: readonly Listed<Competitor>[]): { refs: CompetitorRef[]; unreadable: number } {
  const refs: CompetitorRef[] = [];
  let unreadable = 0;
  for (const item of items) {
    if (isUnreadable(item)) {
      unreadable += 1;
      continue;
    }
    refs.push({
      id: stringAt(item, 'id') ?? stringAt(item, 'competitorId'),
      name: stringAt(item, 'name'),
      domain: item.domain,
      isOwn: item.isOwn === true,
    });
  }
  return { refs, unreadable };
}

/** True when `host` is the competitor's domain or one of its subdomains. */
export function hostOf(domain: string, host: string): boolean {
  const d = normaliseDomain(domain);
  const h = normaliseDomain(host);
  return h === d || h.endsWith(`.${d}`);
}

/** Whether a dimension's row is about `ref`: the same id (`competitorId`/`id`), else the same domain (`domain`, else `name`). */
export function rowIsAbout(row: unknown, ref: CompetitorRef): boolean {
  if (!isRecord(row)) return false;
  const id = stringAt(row, 'competitorId') ?? stringAt(row, 'id');
  if (ref.id !== null && id !== null) return id === ref.id;
  const domain = stringAt(row, 'domain');
  if (domain !== null) return normaliseDomain(domain) === normaliseDomain(ref.domain);
  const name = stringAt(row, 'name');
  return name !== null && ref.name !== null && name.toLowerCase() === ref.name.toLowerCase();
}

/** How a competitor is named in text (plain, not escaped). */
export function refLabel(ref: CompetitorRef): string {
  return ref.name && ref.name.toLowerCase() !== ref.domain.toLowerCase() ? `${ref.name} (${ref.domain})` : ref.domain;
}
