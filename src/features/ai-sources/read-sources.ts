/**
 * Tolerant reading of an AI sources check (the latest dashboard or one check's detail). The spec
 * (2.5, 4.4) names and places only the compact lists `summary.pages` and `summary.brands`, a
 * `...Page` object beside each (`{ offset, limit, total, hasMore }`), a core host's `pageUrls`, and
 * on the brand list `rankByPresence` beside `answersNaming`. Everything is looked up through
 * `src/service/tolerant.ts` (any case, one level up or down); the rest of each row is passed through
 * (docs/assumptions.md, "AI sources").
 */
import * as z from 'zod';
import { arrayAt, isRecord, keyIn, keySet, lookup, OMITTED, read, recordAt, UNREADABLE, valuePart, type JsonRecord, type Part } from '../../service/tolerant.js';

export interface ListPage {
  offset: number;
  limit: number;
  total: number;
  hasMore: boolean;
}

export interface CitedPage {
  /** The page's URL, else its host; null when the row names neither. */
  label: string | null;
  host: string | null;
  isOwn: boolean;
  /** A core host's cited pages (`pageUrls`); null for a single page. */
  pageUrls: string[] | null;
  /** Other keys with a plain value, as sent (e.g. the sandbox's `citations`). */
  extras: [string, unknown][];
}

export interface CitedBrand {
  name: string | null;
  domain: string | null;
  isOwn: boolean;
  /** Null beside `answersNaming: 0`: not named in any answer (spec 2.2.5). */
  rankByPresence: Part<number | null>;
  answersNaming: Part<number | null>;
  extras: [string, unknown][];
}

export interface SourcesList<T> {
  /** The rows, in the order received (null for an entry that is not an object); unreadable when the list is missing. */
  rows: Part<(T | null)[]>;
  /** The `...Page` object: omitted in the full view (or when not sent), unreadable when it has another shape. */
  page: Part<ListPage>;
}

export interface SourcesFacts {
  checkId: string | null;
  checkedAt: string | null;
  /** `view` as the answer states it, when it does. */
  view: string | null;
  pages: SourcesList<CitedPage>;
  brands: SourcesList<CitedBrand>;
  /** Plain values on the summary besides the lists (e.g. the sandbox's `totalCitations`). */
  summaryExtras: [string, unknown][];
}

const pageSchema = z.looseObject({ offset: z.number(), limit: z.number(), total: z.number(), hasMore: z.boolean() });
const nullableNumber = z.number().nullable();

const PAGE_KEYS = keySet(['url', 'host', 'domain', 'coreHost', 'isOwn', 'pageUrls', 'id']);
const BRAND_KEYS = keySet(['name', 'domain', 'isOwn', 'rankByPresence', 'answersNaming', 'tracked', 'id']);
const SUMMARY_KEYS = keySet(['pages', 'brands', 'pagesPage', 'brandsPage', 'readingGuide']);

function plainExtras(obj: JsonRecord, known: ReadonlySet<string>): [string, unknown][] {
  return Object.entries(obj).filter(([k, v]) => !keyIn(k, known) && (v === null || typeof v !== 'object'));
}

function stringAt(obj: unknown, key: string): string | null {
  const hit = lookup(obj, key, { down: false });
  return hit.found && typeof hit.value === 'string' && hit.value !== '' ? hit.value : null;
}

function isOwnOf(obj: unknown): boolean {
  const hit = lookup(obj, 'isOwn', { down: false });
  return hit.found && hit.value === true;
}

export function pageRowOf(raw: unknown): CitedPage | null {
  if (!isRecord(raw)) return null;
  const urls = arrayAt(raw, 'pageUrls');
  const host = stringAt(raw, 'host') ?? stringAt(raw, 'domain');
  return {
    label: stringAt(raw, 'url') ?? host,
    host,
    isOwn: isOwnOf(raw),
    pageUrls: urls === null ? null : urls.filter((u): u is string => typeof u === 'string'),
    extras: plainExtras(raw, PAGE_KEYS),
  };
}

export function brandRowOf(raw: unknown): CitedBrand | null {
  if (!isRecord(raw)) return null;
  return {
    name: stringAt(raw, 'name'),
    domain: stringAt(raw, 'domain'),
    isOwn: isOwnOf(raw),
    rankByPresence: read(raw, 'rankByPresence', nullableNumber),
    answersNaming: read(raw, 'answersNaming', nullableNumber),
    extras: plainExtras(raw, BRAND_KEYS),
  };
}

/** The `...Page` object of list `name` (`pagesPage`, any case, also `pages_page`), on the summary, the item, or below. */
function pageOf(summary: JsonRecord, item: JsonRecord, name: string): Part<ListPage> {
  for (const key of [`${name}Page`, `${name}_page`]) {
    const hit = lookup(summary, key, { up: item });
    if (hit.found) {
      const parsed = pageSchema.safeParse(hit.value);
      return parsed.success ? valuePart(parsed.data) : UNREADABLE;
    }
  }
  // A list sent as `{ items, page }`: its page beside its rows.
  const nested = recordAt(summary, name, { up: item });
  const inner = nested ? lookup(nested, 'page', { down: false }) : { found: false as const };
  if (inner.found) {
    const parsed = pageSchema.safeParse(inner.value);
    return parsed.success ? valuePart(parsed.data) : UNREADABLE;
  }
  return OMITTED;
}

function listOf<T>(summary: JsonRecord, item: JsonRecord, name: string, row: (raw: unknown) => T | null): SourcesList<T> {
  let rows = arrayAt(summary, name, { up: item });
  if (rows === null) {
    const nested = recordAt(summary, name, { up: item });
    rows = nested ? arrayAt(nested, 'items', { down: false }) : null;
  }
  return { rows: rows === null ? UNREADABLE : valuePart(rows.map(row)), page: pageOf(summary, item, name) };
}

/** Reads an AI sources check (`item` of the dashboard or of a check detail) tolerantly. */
export function readSources(item: JsonRecord): SourcesFacts {
  const summary = recordAt(item, 'summary', { down: false }) ?? item;
  const idHit = lookup(item, 'checkId', { down: false });
  return {
    checkId: idHit.found && typeof idHit.value === 'string' ? idHit.value : stringAt(item, 'id'),
    checkedAt: stringAt(item, 'checkedAt') ?? stringAt(summary, 'checkedAt') ?? stringAt(item, 'completedAt'),
    view: stringAt(item, 'view'),
    pages: listOf(summary, item, 'pages', pageRowOf),
    brands: listOf(summary, item, 'brands', brandRowOf),
    summaryExtras: summary === item ? [] : plainExtras(summary, SUMMARY_KEYS),
  };
}

/**
 * How many rows the list has: the page object's `total` (never the page's length); in the full view
 * (no page object) every row is sent, so the rows are the whole list. Null when neither says.
 */
export function listTotal(list: SourcesList<unknown>, view: string | null): number | null {
  if (list.page.kind === 'value') return list.page.value.total;
  if (list.page.kind === 'omitted' && view === 'full' && list.rows.kind === 'value') return list.rows.value.length;
  return null;
}
