/**
 * Who a row of a dimension dashboard is about (spec 2.4: the own domain is marked `isOwn: true`).
 * Row layouts are not shown beyond 2.5, so the identity is looked up tolerantly: `competitorId`,
 * `domain`, `name` and `isOwn` on the row or one level down, whatever their case.
 */
import { isRecord, keyStem, lookup, type JsonRecord } from '../tolerant.js';

export interface RowIdentity {
  competitorId: string | null;
  domain: string | null;
  name: string | null;
  /** True only when the row says `isOwn: true`. */
  isOwn: boolean;
}

/** A non-empty string (or number, as text) at `key` on `row` or one level down; null when there is none. */
export function textAt(row: unknown, key: string): string | null {
  const hit = lookup(row, key);
  return hit.found && (typeof hit.value === 'string' || typeof hit.value === 'number') && String(hit.value) !== '' ? String(hit.value) : null;
}

/** A non-empty text at one of `keys` on `obj` itself (any case and style), first key first. */
function ownText(obj: JsonRecord, keys: readonly string[]): string | null {
  for (const key of keys) {
    const hit = lookup(obj, key, { down: false });
    if (hit.found && (typeof hit.value === 'string' || typeof hit.value === 'number') && String(hit.value).trim() !== '') return String(hit.value).trim();
  }
  return null;
}

/** The host of a URL-looking text (`https://acme.com/x` -> `acme.com`), or the text itself. */
function hostOf(text: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text;
  try {
    return new URL(text).hostname || text;
  } catch {
    return text;
  }
}

const ID_KEYS = ['competitorId', 'brandId', 'id'];
const NAME_KEYS = ['name', 'competitorName', 'brandName', 'displayName', 'companyName'];
const DOMAIN_KEYS = ['domain', 'competitorDomain', 'brandDomain', 'hostname', 'host', 'website', 'siteUrl', 'homepage'];
/** Keys of a nested object that names who a row is about, searched first among the row's children. */
const HOLDER_KEYS = ['competitor', 'brand', 'company', 'site', 'project', 'identity', 'entity', 'subject', 'owner'];

/** Every key an identity is read from (and the objects that hold one): a reader's known keys, never repeated as extras. */
export const IDENTITY_KEYS: readonly string[] = [...ID_KEYS, ...NAME_KEYS, ...DOMAIN_KEYS, ...HOLDER_KEYS, 'isOwn'];

/** The objects a row's identity may sit on: the row, then its identity-holding children, then its other children, then theirs. */
function identityPlaces(row: JsonRecord): JsonRecord[] {
  const children = Object.entries(row).filter((e): e is [string, JsonRecord] => isRecord(e[1]));
  const holders = children.filter(([k]) => HOLDER_KEYS.some((h) => lookup({ [k]: 0 }, h, { down: false }).found));
  const others = children.filter((c) => !holders.includes(c));
  const first = [...holders, ...others].map(([, v]) => v);
  const second = first.flatMap((o) => Object.values(o).filter(isRecord));
  return [row, ...first, ...second];
}

/**
 * Who a row is about, found where it is (issue 27): on the row itself or in a nested object (`competitor`,
 * `brand`, … or any child, two levels deep), whatever the key's case or style. `id` counts as the
 * competitor's id only on an object that also names a domain or name (a row's own `id` is not a brand's).
 */
export function identityOf(row: JsonRecord): RowIdentity {
  const places = identityPlaces(row);
  let competitorId: string | null = null;
  let domain: string | null = null;
  let name: string | null = null;
  let isOwn = false;
  let ownSeen = false;
  for (const place of places) {
    const placeDomain = ownText(place, DOMAIN_KEYS);
    const placeName = ownText(place, NAME_KEYS);
    domain ??= placeDomain === null ? null : hostOf(placeDomain);
    name ??= placeName;
    const explicitId = ownText(place, ['competitorId', 'brandId']);
    const plainId = placeDomain !== null || placeName !== null || place === row ? ownText(place, ID_KEYS) : null;
    competitorId ??= explicitId ?? plainId;
    const own = lookup(place, 'isOwn', { down: false });
    if (!ownSeen && own.found) {
      ownSeen = true;
      isOwn = own.value === true;
    }
  }
  return { competitorId, domain, name, isOwn };
}

/** The competitor in `list` a row is about: by id, then domain (case-insensitive, `www.` ignored), then name. */
export function matchIdentity<T extends RowIdentity>(identity: RowIdentity, list: readonly T[]): T | undefined {
  const bare = (d: string): string => d.toLowerCase().replace(/^www\./, '');
  if (identity.competitorId !== null) {
    const hit = list.find((c) => c.competitorId === identity.competitorId);
    if (hit) return hit;
  }
  if (identity.domain !== null) {
    const hit = list.find((c) => c.domain !== null && bare(c.domain) === bare(identity.domain as string));
    if (hit) return hit;
  }
  if (identity.name !== null) {
    const lower = identity.name.toLowerCase();
    return list.find((c) => c.name !== null && c.name.toLowerCase() === lower);
  }
  return undefined;
}

/** What a row is called in a view: its domain, else its name, else its id; null when it names none. */
export function labelOf(identity: RowIdentity): string | null {
  return identity.domain ?? identity.name ?? identity.competitorId;
}

/** Rows with the own row first, the rest in the order received (unreadable entries last). */
export function ownFirst<T extends { identity: RowIdentity } | null>(rows: readonly T[]): T[] {
  const own = rows.filter((r) => r !== null && r.identity.isOwn);
  const others = rows.filter((r) => r !== null && !r.identity.isOwn);
  return [...own, ...others, ...rows.filter((r) => r === null)];
}

/**
 * A readable text for a list element the spec does not shape: the string itself, else the first
 * string of `title`, `text`, `name`, `label`, `value`, `url`, `description` (any case), else JSON.
 */
export function elementText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isRecord(value)) {
    for (const key of ['title', 'text', 'name', 'label', 'value', 'url', 'description']) {
      const hit = lookup(value, key, { down: false });
      if (hit.found && typeof hit.value === 'string' && hit.value !== '') return hit.value;
    }
  }
  return JSON.stringify(value);
}

const ROW_LIST_KEYS = ['competitors', 'rows', 'items', 'sites', 'brands', 'companies', 'results', 'entries'];

/**
 * The list of competitor rows in an answer, found where it is: at one of `keys` (any case, on the
 * answer or one level down), else the first list of objects that name a competitor (an identity with
 * a domain or name, `identityOf`) on the answer or one level down, leaving out `exclude` (lists that
 * are something else, like a crawler catalog). Null when there is none.
 */
export function competitorRowsOf(item: unknown, keys: readonly string[] = ROW_LIST_KEYS, exclude: readonly string[] = []): unknown[] | null {
  for (const key of keys) {
    const hit = lookup(item, key);
    if (hit.found && Array.isArray(hit.value)) return hit.value;
  }
  const skip = new Set(exclude.map(keyStem));
  const places = isRecord(item) ? [item, ...Object.values(item).filter(isRecord)] : [];
  for (const place of places) {
    for (const [k, v] of Object.entries(place)) {
      if (skip.has(keyStem(k)) || !Array.isArray(v) || v.length === 0) continue;
      if (v.every(isRecord) && v.some((r) => { const id = identityOf(r); return id.domain !== null || id.name !== null; })) return v;
    }
  }
  return null;
}
