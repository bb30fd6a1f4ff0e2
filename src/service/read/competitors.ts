/**
 * The one reading of the competitor list (issue 27, spec 2.4): each item's identity found where it
 * is (`identityOf`: on the item or nested, any key case or style): its id (`id`, else `competitorId`),
 * name, domain (the spec names `domain`; a URL stands for its host) and own flag (`isOwn`); and every
 * other field as extras, escaped and bounded by the view. `/radar competitors`, the competitor card,
 * `/radar bind`'s sentence and the typed-competitor matcher read only these facts.
 */
import { extrasOf, type Extra } from '../extras.js';
import type { Listed } from '../schemas/common.js';
import { IDENTITY_KEYS, identityOf, type RowIdentity } from '../schemas/competitor-row.js';
import { competitorSchema, type Competitor } from '../schemas/projects.js';
import { isRecord, isUnreadable, lookup } from '../tolerant.js';

export interface CompetitorFacts {
  /** Needed for the detail read and the changelog filter; null when the item carries none. */
  id: string | null;
  name: string | null;
  domain: string;
  isOwn: boolean;
  /** The identity the rows of every dimension are matched against (`matchIdentity`). */
  identity: RowIdentity;
  /** Fields the spec does not name, in the order received (prose first), bounded. */
  extras: Extra[];
}

/** The item's `id` (any case), on the item or, when `down`, in a child object (`{ domain, data: { id } }`). */
const idAt = (item: unknown, down = false): string | null => {
  const hit = lookup(item, 'id', { down });
  return hit.found && (typeof hit.value === 'string' || typeof hit.value === 'number') && String(hit.value) !== '' ? String(hit.value) : null;
};

/** A list item's fields that are not its identity: a nested object holding the identity is the identity, not an extra. */
function extrasOfItem(item: Record<string, unknown>): Extra[] {
  const holders = Object.entries(item)
    .filter(([, v]) => isRecord(v) && (identityOf(v).domain !== null || identityOf(v).name !== null))
    .map(([k]) => k);
  return extrasOf(item, [...IDENTITY_KEYS, ...holders]).extras;
}

/** One competitor list item as facts. */
export function readCompetitor(item: Competitor): CompetitorFacts {
  const identity = identityOf(item);
  const id = idAt(item) ?? identity.competitorId ?? idAt(item, true);
  const isOwn = item.isOwn === true || identity.isOwn;
  return { id, name: identity.name, domain: item.domain, isOwn, identity: { ...identity, competitorId: id, domain: item.domain, isOwn }, extras: extrasOfItem(item) };
}

/** The competitor list as facts. */
export interface CompetitorListFacts {
  competitors: CompetitorFacts[];
  /** Items Radar could not read. */
  unreadable: number;
}

/** The competitors Radar could read, in the order received, and how many items it could not. */
export function readCompetitorList(items: readonly Listed<Competitor>[]): CompetitorListFacts {
  const competitors: CompetitorFacts[] = [];
  let unreadable = 0;
  for (const item of items) {
    // Read again against the schema: a list kept in the store (the directory) comes back as plain JSON.
    const parsed = isUnreadable(item) ? null : competitorSchema.safeParse(item);
    if (parsed?.success) competitors.push(readCompetitor(parsed.data));
    else unreadable += 1;
  }
  return { competitors, unreadable };
}
