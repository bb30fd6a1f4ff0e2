/**
 * Who a row of a dimension dashboard is about (spec 2.4: the own domain is marked `isOwn: true`).
 * Row layouts are not shown beyond 2.5, so the identity is looked up tolerantly: `competitorId`,
 * `domain`, `name` and `isOwn` on the row or one level down, whatever their case.
 */
import { isRecord, lookup, type JsonRecord } from '../tolerant.js';

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

export function identityOf(row: JsonRecord): RowIdentity {
  const own = lookup(row, 'isOwn');
  return {
    competitorId: textAt(row, 'competitorId') ?? textAt(row, 'id'),
    domain: textAt(row, 'domain'),
    name: textAt(row, 'name'),
    isOwn: own.found && own.value === true,
  };
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
