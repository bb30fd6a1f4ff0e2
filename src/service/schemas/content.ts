/**
 * The content dashboard and changelog rows (spec 2.5, "Content").
 *
 * The dashboard's fields are not shown: the spec names URL counts, the content categorization (the
 * twelve category values), the strategic URL analysis and four gap lists, and places none of them.
 * Nothing is required; `readContent` looks each part up tolerantly (docs/assumptions.md, "Content and
 * its changelog"). A gap list that is null means no comparison ran; an empty list means one ran and
 * found none. Changelog rows (`{ items, pagination, truncated }` is named and placed, the rows are
 * not) are read by `readChangelogRow`: counts per category and the sample URLs, wherever they sit.
 */
import * as z from 'zod';
import { isRecord, keySet, lookup, OMITTED, read, recordAt, UNREADABLE, valuePart, type JsonRecord, type Part } from '../tolerant.js';
import { looseRecordSchema } from './common.js';
import { elementText, identityOf, textAt, type RowIdentity } from './competitor-row.js';
import { CONTENT_CATEGORIES, type ContentCategory } from './dimensions.js';
import { rowListOf } from './positioning.js';

export const contentReadSchema = looseRecordSchema;
export type ContentRead = z.infer<typeof contentReadSchema>;

/** The four gap lists, as the sandbox names them (the spec gives their number, not their names). */
export const CONTENT_GAP_LISTS = ['missingCategories', 'missingComparisonPages', 'missingIntegrationPages', 'missingProgrammaticPages'] as const;

/** A category key as the service might spell it: `caseStudies`, `case_studies`, `Case-Studies`. */
export const categoryKey = (key: string): string => key.toLowerCase().replace(/[^a-z]/g, '');
const CATEGORY_BY_KEY = new Map<string, ContentCategory>(CONTENT_CATEGORIES.map((c) => [categoryKey(c), c]));

/** The content category a key names (any case, `_` or `-` between words), or null. */
export function contentCategoryOf(key: string): ContentCategory | null {
  return CATEGORY_BY_KEY.get(categoryKey(key)) ?? null;
}

export interface CategoryCount {
  /** The key as sent. */
  key: string;
  /** One of the twelve, or null for a category the spec does not list (shown by its key). */
  category: ContentCategory | null;
  count: Part<number | null>;
}

export interface ContentRow {
  identity: RowIdentity;
  urlCount: Part<number | null>;
  /** The twelve categories in spec order (each `omitted` when the row does not carry it), then any other category key found. */
  categories: Part<CategoryCount[]>;
}

export interface StrategicUrl {
  url: string | null;
  category: string | null;
  competitorId: string | null;
  domain: string | null;
  /** Other string, number or boolean keys (the reason, an insight…), in the order received. */
  notes: [string, unknown][];
}

export interface GapList {
  key: string;
  /** null: no comparison ran; []: compared, none found. */
  value: Part<string[] | null>;
}

export interface ContentFacts {
  rows: Part<(ContentRow | null)[]>;
  /** The strategic URL analysis: its entries (null for one Radar cannot read) and loose notes beside them; `omitted` when absent. */
  strategic: Part<{ entries: (StrategicUrl | null)[]; notes: [string, unknown][] } | null>;
  /** The four named lists first (each `omitted` when not found), then any other list of the gap object; `unreadable` when no gap part was found. */
  gaps: Part<GapList[]>;
}

const count = z.number().nullable();
const STRATEGIC_KEYS = ['strategicUrls', 'strategicUrlAnalysis', 'strategicAnalysis', 'strategic'];
const GAP_KEYS = ['gaps', 'gapAssessment', 'competitiveGaps', 'contentGaps'];
const CATEGORY_RECORD_KEYS = ['categories', 'categoryCounts', 'counts', 'byCategory', 'contentCategories'];
const STRATEGIC_KNOWN = keySet(['url', 'category', 'competitorId', 'domain', 'id']);

function firstRecord(obj: unknown, keys: readonly string[]): JsonRecord | null {
  for (const key of keys) {
    const found = recordAt(obj, key);
    if (found) return found;
  }
  return null;
}

/** Counts per category: from a category object on the row when there is one, else the category keys on the row or below. */
function categoriesOf(row: JsonRecord): Part<CategoryCount[]> {
  const record = firstRecord(row, CATEGORY_RECORD_KEYS);
  const where = record ?? row;
  const named = CONTENT_CATEGORIES.map((category): CategoryCount => {
    const direct = read(where, category, count, { down: record === null });
    if (direct.kind !== 'omitted' || record === null) return { key: category, category, count: direct };
    const spelled = Object.keys(record).find((k) => contentCategoryOf(k) === category);
    return { key: spelled ?? category, category, count: spelled ? read(record, spelled, count, { down: false }) : OMITTED };
  });
  if (record === null) return named.some((c) => c.count.kind !== 'omitted') ? valuePart(named) : UNREADABLE;
  const others = Object.entries(record)
    .filter(([k]) => contentCategoryOf(k) === null)
    .map(([key, value]): CategoryCount => ({ key, category: null, count: count.safeParse(value).success ? valuePart(value as number | null) : UNREADABLE }));
  return valuePart([...named, ...others]);
}

function rowOf(raw: unknown): ContentRow | null {
  if (!isRecord(raw)) return null;
  const urlCount = read(raw, 'urlCount', count);
  return {
    identity: identityOf(raw),
    urlCount: urlCount.kind === 'omitted' ? read(raw, 'totalUrls', count) : urlCount,
    categories: categoriesOf(raw),
  };
}

function strategicOf(raw: unknown): StrategicUrl | null {
  if (typeof raw === 'string') return { url: raw, category: null, competitorId: null, domain: null, notes: [] };
  if (!isRecord(raw)) return null;
  return {
    url: textAt(raw, 'url'),
    category: textAt(raw, 'category'),
    competitorId: textAt(raw, 'competitorId'),
    domain: textAt(raw, 'domain'),
    notes: Object.entries(raw).filter(([k, v]) => !STRATEGIC_KNOWN.has(k.toLowerCase()) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')),
  };
}

function strategicPart(item: JsonRecord): ContentFacts['strategic'] {
  for (const key of STRATEGIC_KEYS) {
    const hit = lookup(item, key);
    if (!hit.found) continue;
    const v = hit.value;
    if (v === null) return valuePart(null);
    if (Array.isArray(v)) return valuePart({ entries: v.map(strategicOf), notes: [] });
    if (isRecord(v)) {
      const list = Object.values(v).find(Array.isArray);
      const notes = Object.entries(v).filter(([, x]) => !Array.isArray(x) && !isRecord(x));
      return valuePart({ entries: list ? list.map(strategicOf) : [], notes });
    }
    return UNREADABLE;
  }
  return OMITTED;
}

function listOf(value: unknown): Part<string[] | null> {
  if (value === null) return valuePart(null);
  if (Array.isArray(value)) return valuePart(value.map(elementText));
  return UNREADABLE;
}

function gapsPart(item: JsonRecord): Part<GapList[]> {
  const record = firstRecord(item, GAP_KEYS);
  const named = CONTENT_GAP_LISTS.map((key): GapList => {
    const hit = lookup(record ?? item, key, { up: item });
    return { key, value: hit.found ? listOf(hit.value) : OMITTED };
  });
  if (record === null && named.every((g) => g.value.kind === 'omitted')) return UNREADABLE;
  const namedKeys = keySet([...CONTENT_GAP_LISTS]);
  const others = Object.entries(record ?? {})
    .filter(([k, v]) => !namedKeys.has(k.toLowerCase()) && (v === null || Array.isArray(v)))
    .map(([key, v]): GapList => ({ key, value: listOf(v) }));
  return valuePart([...named, ...others]);
}

/** Reads a content `item` tolerantly (see the module comment). */
export function readContent(item: ContentRead): ContentFacts {
  const rows = rowListOf(item);
  return { rows: rows === null ? UNREADABLE : valuePart(rows.map(rowOf)), strategic: strategicPart(item), gaps: gapsPart(item) };
}

/** One category of a changelog row: its count and the URLs sent with it. */
export interface ChangeCategory {
  key: string;
  category: ContentCategory | null;
  count: Part<number>;
  urls: Part<string[]>;
}

export interface ChangelogRowFacts {
  identity: RowIdentity;
  /** When the change was detected (kept as sent); null when the row carries no date Radar can find. */
  date: string | null;
  /** Comparison first, then the spec's order, then other keys; `unreadable` when the row carries no categories. */
  categories: Part<ChangeCategory[]>;
}

const DATE_KEYS = ['detectedAt', 'date', 'changedAt', 'day', 'createdAt', 'timestamp'];
const URL_KEYS = ['urls', 'sampleUrls', 'urlList'];
const COUNT_KEYS = ['count', 'total', 'added', 'urlCount'];
const ORDER: readonly string[] = ['comparison', ...CONTENT_CATEGORIES.filter((c) => c !== 'comparison')];

function urlsOf(obj: unknown): Part<string[]> {
  for (const key of URL_KEYS) {
    const hit = lookup(obj, key, { down: false });
    if (!hit.found) continue;
    return Array.isArray(hit.value) ? valuePart(hit.value.map(elementText)) : UNREADABLE;
  }
  return OMITTED;
}

function changeOf(row: JsonRecord, key: string, value: unknown): ChangeCategory {
  const category = contentCategoryOf(key);
  if (typeof value === 'number') {
    // Counts alone: the URLs may sit in a record of their own, keyed by category.
    const urlRecord = URL_KEYS.map((k) => recordAt(row, k, { down: false })).find((r) => r !== null) ?? null;
    const spelled = urlRecord ? Object.keys(urlRecord).find((k) => categoryKey(k) === categoryKey(key)) : undefined;
    const list = urlRecord && spelled !== undefined ? urlRecord[spelled] : undefined;
    const urls: Part<string[]> = list === undefined ? OMITTED : Array.isArray(list) ? valuePart(list.map(elementText)) : UNREADABLE;
    return { key, category, count: valuePart(value), urls };
  }
  if (Array.isArray(value)) return { key, category, count: OMITTED, urls: valuePart(value.map(elementText)) };
  if (!isRecord(value)) return { key, category, count: UNREADABLE, urls: UNREADABLE };
  let n: Part<number> = OMITTED;
  for (const k of COUNT_KEYS) {
    n = read(value, k, z.number(), { down: false });
    if (n.kind !== 'omitted') break;
  }
  return { key, category, count: n, urls: urlsOf(value) };
}

/** Reads one changelog row tolerantly (see the module comment). */
export function readChangelogRow(raw: unknown): ChangelogRowFacts | null {
  if (!isRecord(raw)) return null;
  let date: string | null = null;
  for (const key of DATE_KEYS) {
    date = textAt(raw, key);
    if (date) break;
  }
  const record = firstRecord(raw, CATEGORY_RECORD_KEYS);
  const entries = record ? Object.entries(record) : Object.entries(raw).filter(([k]) => contentCategoryOf(k) !== null);
  const categories = entries.map(([k, v]) => changeOf(raw, k, v));
  const rank = (c: ChangeCategory) => {
    const at = c.category === null ? -1 : ORDER.indexOf(c.category);
    return at === -1 ? ORDER.length : at;
  };
  categories.sort((a, b) => rank(a) - rank(b));
  return { identity: identityOf(raw), date, categories: record || categories.length > 0 ? valuePart(categories) : UNREADABLE };
}
