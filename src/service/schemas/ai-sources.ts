/**
 * AI sources reads (spec 2.5, 4.4): the one reader of an AI sources check (the latest dashboard or one
 * check's detail), used by `/radar sources`, its More buttons, the competitor card and the sources
 * watch. The spec names and places only the compact lists `summary.pages` and `summary.brands`, a
 * `...Page` object beside each (`{ offset, limit, total, hasMore }`), a core host's `pageUrls`, and on
 * the brand list `rankByPresence` beside `answersNaming`. Everything is looked up through
 * `src/service/tolerant.ts` (any case or style, one level up or down): the lists under other usual
 * names, the page object and its fields in any case, a row's identity on the row or nested
 * (`identityOf`). Rows repeated on a compact page (the own row and tracked competitors are pinned to
 * every page, spec 2.5) are de-duplicated by domain on every page, the first kept. The rest of each
 * row is passed through as extras (docs/assumptions.md, "AI sources").
 */
import * as z from 'zod';
import { arrayAt, isRecord, keyIn, keySet, lookup, OMITTED, read, recordAt, UNREADABLE, valuePart, type JsonRecord, type Part } from '../tolerant.js';
import { looseRecordSchema, paginationSchema } from './common.js';
import { identityOf } from './competitor-row.js';

export const aiSourcesReadSchema = looseRecordSchema;
export type AiSourcesRead = z.infer<typeof aiSourcesReadSchema>;

export const aiSourcesHistorySchema = z.looseObject({
  items: z.array(looseRecordSchema),
  pagination: paginationSchema,
});
export type AiSourcesHistory = z.infer<typeof aiSourcesHistorySchema>;

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
  /** The rows, in the order received, repeats on the page removed (null for an entry that is not an object); unreadable when the list is missing. */
  rows: Part<(T | null)[]>;
  /** The `...Page` object: omitted in the full view (or when not sent), unreadable when it has no readable `total`. */
  page: Part<ListPage>;
  /** Rows the page repeated (the same domain, or the same page) and Radar showed once. */
  repeats: number;
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

const nullableNumber = z.number().nullable();

const PAGE_KEYS = keySet(['url', 'pageUrl', 'host', 'domain', 'coreHost', 'isOwn', 'pageUrls', 'urls', 'id', 'name', 'competitor', 'brand', 'site']);
const BRAND_KEYS = keySet(['name', 'domain', 'isOwn', 'rankByPresence', 'answersNaming', 'tracked', 'id', 'brandId', 'competitorId', 'displayName', 'brandName', 'competitor', 'brand']);
/** Other names a service may give the two lists (the sandbox: `pages`, `brands`). */
const LIST_NAMES: Record<'pages' | 'brands', readonly string[]> = {
  pages: ['pages', 'citedPages', 'sourcePages', 'sources'],
  brands: ['brands', 'citedBrands', 'brandList', 'namedBrands'],
};
const PAGE_SUFFIXES = ['Page', 'Pagination', 'Paging', 'PageInfo'];
const SUMMARY_KEYS = keySet([...LIST_NAMES.pages, ...LIST_NAMES.brands, ...[...LIST_NAMES.pages, ...LIST_NAMES.brands].flatMap((n) => PAGE_SUFFIXES.map((s) => `${n}${s}`)), 'readingGuide']);

function plainExtras(obj: JsonRecord, known: ReadonlySet<string>): [string, unknown][] {
  return Object.entries(obj).filter(([k, v]) => !keyIn(k, known) && (v === null || typeof v !== 'object'));
}

function stringAt(obj: unknown, key: string): string | null {
  const hit = lookup(obj, key, { down: false });
  return hit.found && typeof hit.value === 'string' && hit.value !== '' ? hit.value : null;
}

function isOwnOf(obj: unknown): boolean {
  const hit = lookup(obj, 'isOwn', { down: false });
  if (hit.found) return hit.value === true;
  return isRecord(obj) && identityOf(obj).isOwn;
}

export function pageRowOf(raw: unknown): CitedPage | null {
  if (!isRecord(raw)) return null;
  const urls = arrayAt(raw, 'pageUrls', { down: false }) ?? arrayAt(raw, 'urls', { down: false });
  const identity = identityOf(raw);
  const host = stringAt(raw, 'host') ?? stringAt(raw, 'domain') ?? identity.domain;
  return {
    label: stringAt(raw, 'url') ?? stringAt(raw, 'pageUrl') ?? host,
    host,
    isOwn: isOwnOf(raw),
    pageUrls: urls === null ? null : urls.filter((u): u is string => typeof u === 'string'),
    extras: plainExtras(raw, PAGE_KEYS),
  };
}

export function brandRowOf(raw: unknown): CitedBrand | null {
  if (!isRecord(raw)) return null;
  const identity = identityOf(raw);
  return {
    name: stringAt(raw, 'name') ?? identity.name,
    domain: stringAt(raw, 'domain') ?? identity.domain,
    isOwn: isOwnOf(raw),
    rankByPresence: read(raw, 'rankByPresence', nullableNumber),
    answersNaming: read(raw, 'answersNaming', nullableNumber),
    extras: plainExtras(raw, BRAND_KEYS),
  };
}

/** A page object read field by field, whatever the keys' case: `total` is required, the rest default to "one page, nothing more". */
function pageFrom(value: unknown): Part<ListPage> {
  if (!isRecord(value)) return UNREADABLE;
  const num = (key: string) => read(value, key, z.number(), { down: false });
  const total = num('total');
  if (total.kind !== 'value') return UNREADABLE;
  const offset = num('offset');
  const limit = num('limit');
  const more = read(value, 'hasMore', z.boolean(), { down: false });
  const off = offset.kind === 'value' ? offset.value : 0;
  const lim = limit.kind === 'value' ? limit.value : total.value;
  return valuePart({ offset: off, limit: lim, total: total.value, hasMore: more.kind === 'value' ? more.value : off + lim < total.value });
}

/** The `...Page` object of list `name` (`pagesPage`, `pages_page`, `PagesPage`, `pagesPagination`…), on the summary, the item, or below. */
function pageOf(summary: JsonRecord, item: JsonRecord, names: readonly string[]): Part<ListPage> {
  for (const name of names) {
    for (const suffix of PAGE_SUFFIXES) {
      const hit = lookup(summary, `${name}${suffix}`, { up: item });
      if (hit.found) return pageFrom(hit.value);
    }
    // A list sent as `{ items, page }`: its page beside its rows.
    const nested = recordAt(summary, name, { up: item });
    if (nested) {
      for (const key of ['page', 'pagination', 'paging']) {
        const inner = lookup(nested, key, { down: false });
        if (inner.found) return pageFrom(inner.value);
      }
    }
  }
  return OMITTED;
}

/** What a row is de-duplicated by on a page: a brand by its domain (else name), a page by its URL (else host). */
function rowKey(row: CitedPage | CitedBrand | null): string | null {
  if (row === null) return null;
  const key = 'label' in row ? (row.label ?? row.host) : (row.domain ?? row.name);
  return key === null ? null : key.toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/\/$/, '');
}

function dedupe<T extends CitedPage | CitedBrand>(rows: (T | null)[]): { rows: (T | null)[]; repeats: number } {
  const seen = new Set<string>();
  const kept = rows.filter((row) => {
    const key = rowKey(row);
    if (key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { rows: kept, repeats: rows.length - kept.length };
}

function listOf<T extends CitedPage | CitedBrand>(summary: JsonRecord, item: JsonRecord, name: 'pages' | 'brands', row: (raw: unknown) => T | null): SourcesList<T> {
  const names = LIST_NAMES[name];
  let rows: unknown[] | null = null;
  for (const key of names) {
    rows = arrayAt(summary, key, { up: item });
    if (rows === null) {
      const nested = recordAt(summary, key, { up: item });
      rows = nested ? (arrayAt(nested, 'items', { down: false }) ?? arrayAt(nested, 'rows', { down: false })) : null;
    }
    if (rows !== null) break;
  }
  const page = pageOf(summary, item, names);
  if (rows === null) return { rows: UNREADABLE, page, repeats: 0 };
  const once = dedupe(rows.map(row));
  return { rows: valuePart(once.rows), page, repeats: once.repeats };
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

/** One AI sources history row as facts (its fields are not shown by the spec, 4.4). */
export interface SourcesHistoryRow {
  checkId: string | null;
  checkedAt: string | null;
  /** Every other plain value (timestamps and nested parts left out), in the order sent. */
  extras: [string, unknown][];
}

const HISTORY_ROW_KEYS = keySet(['checkId', 'id', 'checkedAt']);

/** An AI sources history row read by looking: the check id (`checkId`, else `id`), its date (`checkedAt`, else `completedAt`, `createdAt`), any case or one level down. */
export function readSourcesHistoryRow(raw: unknown): SourcesHistoryRow {
  const row = isRecord(raw) ? raw : {};
  const str = (key: string) => {
    const hit = lookup(row, key);
    return hit.found && typeof hit.value === 'string' && hit.value !== '' ? hit.value : null;
  };
  return {
    checkId: str('checkId') ?? str('id'),
    checkedAt: str('checkedAt') ?? str('completedAt') ?? str('createdAt'),
    extras: Object.entries(row).filter(([k, v]) => !keyIn(k, HISTORY_ROW_KEYS) && !/At$/.test(k) && (v === null || typeof v !== 'object')),
  };
}
