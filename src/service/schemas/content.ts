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
import { extrasOf, humaniseKey, type Extra } from '../extras.js';
import { arrayAt, isRecord, keyIn, keySet, lookup, OMITTED, read, recordAt, UNREADABLE, valuePart, type JsonRecord, type Part } from '../tolerant.js';
import { looseRecordSchema } from './common.js';
import { elementText, identityOf, textAt, type RowIdentity } from './competitor-row.js';
import { CONTENT_CATEGORIES, type ContentChangelog, type ContentCategory } from './dimensions.js';
import { figureReader } from '../read/figures.js';

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

/** A category as a person reads it, lower case: `caseStudies` -> "case studies"; a key outside the twelve humanised. */
export function categoryLabel(key: string): string {
  return humaniseKey(contentCategoryOf(key) ?? key).toLowerCase();
}

export interface CategoryCount {
  /** The key as sent. */
  key: string;
  /** One of the twelve, or null for a category the spec does not list (shown by its key). */
  category: ContentCategory | null;
  count: Part<number | null>;
  /** The category's URLs when the row lists them (`{ count, urls }` or a list in place of the count); omitted otherwise. */
  urls: Part<string[]>;
}

/** Fields a reader does not know, as plain facts (`extrasOf`), and how many more were left out. */
export interface ExtraFacts {
  extras: Extra[];
  more: number;
}

export interface ContentRow {
  identity: RowIdentity;
  urlCount: Part<number | null>;
  /** The twelve categories in spec order (each `omitted` when the row does not carry it), then any other category key found. */
  categories: Part<CategoryCount[]>;
  /** The row's fields Radar does not name (shown after the named ones). */
  extras: ExtraFacts;
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
  /** Top-level fields of the answer Radar does not name. */
  extras: ExtraFacts;
}

const count = z.number().nullable();
const STRATEGIC_KEYS = ['strategicUrls', 'strategicPages', 'strategicUrlAnalysis', 'strategicAnalysis', 'strategic'];
const GAP_KEYS = ['gaps', 'gapAssessment', 'competitiveGaps', 'contentGaps'];
const CATEGORY_RECORD_KEYS = ['categories', 'categoryCounts', 'counts', 'byCategory', 'contentCategories', 'categorization', 'contentCategorization', 'urls', 'urlsByCategory'];
/** Where the rows sit (the sandbox: `competitors`); any other list of rows that name a competitor is found by looking. */
const ROW_LIST_KEYS = ['competitors', 'rows', 'sites', 'domains', 'brands', 'items', 'results'];
const URL_COUNT_KEYS = ['urlCount', 'totalUrls', 'urlsTotal', 'sitemapUrls', 'sitemapUrlCount', 'pageCount'];
/** The fields of a row (or of a nested identity object) that name whom it is about. */
const IDENTITY_FIELDS = [
  'competitorId', 'brandId', 'id', 'domain', 'name', 'isOwn',
  'competitorName', 'brandName', 'displayName', 'companyName', 'competitorDomain', 'brandDomain', 'hostname', 'host', 'website', 'siteUrl', 'homepage',
];
/** Row keys the reader names (identity, counts, category holders): the rest are the row's extras. */
const ROW_KNOWN = [
  ...URL_COUNT_KEYS,
  ...CATEGORY_RECORD_KEYS,
  ...CONTENT_CATEGORIES,
  ...IDENTITY_FIELDS,
  'competitor', 'brand', 'company', 'site', 'identity', 'entity', 'subject', 'owner',
];
const STRATEGIC_KNOWN = keySet(['url', 'pageUrl', 'category', 'competitorId', 'domain', 'id', 'competitor', 'brand', 'isOwn']);

function firstRecord(obj: unknown, keys: readonly string[]): JsonRecord | null {
  for (const key of keys) {
    const found = recordAt(obj, key);
    if (found) return found;
  }
  return null;
}

/** A category object: one that carries at least one of the twelve category keys (any spelling). */
function categoryRecord(row: JsonRecord): JsonRecord | null {
  for (const key of CATEGORY_RECORD_KEYS) {
    const found = recordAt(row, key);
    if (found && Object.keys(found).some((k) => contentCategoryOf(k) !== null)) return found;
  }
  return null;
}

/** Keys of a category object that hold the whole row's figure, not a category (`urls: { total, comparison, … }`). */
const TOTAL_KEYS = keySet(['total', 'count', 'all', 'urlCount', 'totalUrls']);

/** One category's value: a count, a list of URLs, or `{ count, urls }`. */
function categoryValue(value: unknown): { count: Part<number | null>; urls: Part<string[]> } {
  if (value === null || typeof value === 'number') return { count: valuePart(value), urls: OMITTED };
  if (Array.isArray(value)) return { count: OMITTED, urls: valuePart(value.map(elementText)) };
  if (!isRecord(value)) return { count: UNREADABLE, urls: OMITTED };
  let n: Part<number | null> = OMITTED;
  for (const k of COUNT_KEYS) {
    n = read(value, k, count, { down: false });
    if (n.kind !== 'omitted') break;
  }
  return { count: n, urls: urlsOf(value) };
}

/** Counts per category: from a category object on the row when there is one, else the category keys on the row or below. */
function categoriesOf(row: JsonRecord): Part<CategoryCount[]> {
  const record = categoryRecord(row);
  if (record === null) {
    const named = CONTENT_CATEGORIES.map((category): CategoryCount => {
      const hit = lookup(row, category);
      return hit.found ? { key: category, category, ...categoryValue(hit.value) } : { key: category, category, count: OMITTED, urls: OMITTED };
    });
    return named.some((c) => c.count.kind !== 'omitted' || c.urls.kind !== 'omitted') ? valuePart(named) : UNREADABLE;
  }
  const named = CONTENT_CATEGORIES.map((category): CategoryCount => {
    const spelled = Object.keys(record).find((k) => contentCategoryOf(k) === category);
    return spelled === undefined ? { key: category, category, count: OMITTED, urls: OMITTED } : { key: spelled, category, ...categoryValue(record[spelled]) };
  });
  const others = Object.entries(record)
    .filter(([k, v]) => contentCategoryOf(k) === null && !keyIn(k, TOTAL_KEYS) && (v === null || typeof v === 'number' || Array.isArray(v) || isRecord(v)))
    .map(([key, value]): CategoryCount => ({ key, category: null, ...categoryValue(value) }));
  return valuePart([...named, ...others]);
}

/** The row's URL count: `urlCount` (or another usual name), else a `urls`-like object's `total`. */
function urlCountOf(row: JsonRecord): Part<number | null> {
  for (const key of URL_COUNT_KEYS) {
    const part = read(row, key, count);
    if (part.kind !== 'omitted') return part;
  }
  for (const key of ['urls', 'sitemap', 'pages']) {
    const holder = recordAt(row, key, { down: false });
    if (!holder) continue;
    for (const k of ['total', 'count', 'all']) {
      const part = read(holder, k, count, { down: false });
      if (part.kind !== 'omitted') return part;
    }
  }
  return OMITTED;
}

function rowOf(raw: unknown): ContentRow | null {
  if (!isRecord(raw)) return null;
  return { identity: identityOf(raw), urlCount: urlCountOf(raw), categories: categoriesOf(raw), extras: extrasOf(raw, ROW_KNOWN) };
}

/** True when a list's objects name a competitor (a domain or a name, on the row or nested). */
function namesCompetitors(list: unknown[]): boolean {
  const rows = list.filter(isRecord);
  return rows.length > 0 && rows.every((r) => {
    const id = identityOf(r);
    return id.domain !== null || id.name !== null;
  });
}

/** The competitor rows: at one of the usual keys (on the item or one level down), else the first list of rows that name competitors. */
export function contentRowList(item: unknown): unknown[] | null {
  for (const key of ROW_LIST_KEYS) {
    const list = arrayAt(item, key);
    if (list) return list;
  }
  if (!isRecord(item)) return null;
  const places = [item, ...Object.values(item).filter(isRecord)];
  for (const place of places) {
    for (const value of Object.values(place)) if (Array.isArray(value) && namesCompetitors(value)) return value;
  }
  return null;
}

function strategicOf(raw: unknown): StrategicUrl | null {
  if (typeof raw === 'string') return { url: raw, category: null, competitorId: null, domain: null, notes: [] };
  if (!isRecord(raw)) return null;
  const identity = identityOf(raw);
  return {
    url: textAt(raw, 'url') ?? textAt(raw, 'pageUrl'),
    category: textAt(raw, 'category'),
    competitorId: textAt(raw, 'competitorId') ?? identity.competitorId,
    domain: textAt(raw, 'domain') ?? identity.domain,
    notes: Object.entries(raw).filter(([k, v]) => !keyIn(k, STRATEGIC_KNOWN) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')),
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
    .filter(([k, v]) => !keyIn(k, namedKeys) && (v === null || Array.isArray(v)))
    .map(([key, v]): GapList => ({ key, value: listOf(v) }));
  return valuePart([...named, ...others]);
}

const ITEM_KNOWN = [...ROW_LIST_KEYS, ...STRATEGIC_KEYS, ...GAP_KEYS, ...CONTENT_GAP_LISTS, 'runId', 'completedAt', 'startedAt', 'status', 'view', 'readingGuide', 'summary', 'id'];

/** Every field the content reader names (counts, categories, identity fields, strategic URLs, gap lists; not the lists and objects that hold rows): what a generic comparison leaves alone. */
export const CONTENT_READ_KEYS: readonly string[] = [...URL_COUNT_KEYS, ...CATEGORY_RECORD_KEYS, ...CONTENT_CATEGORIES, ...IDENTITY_FIELDS, ...STRATEGIC_KEYS, ...GAP_KEYS, ...CONTENT_GAP_LISTS];

/** Reads a content `item` tolerantly (see the module comment). */
export function readContent(item: ContentRead): ContentFacts {
  const rows = contentRowList(item);
  const listKey = rows === null || !isRecord(item) ? null : Object.keys(item).find((k) => item[k] === rows);
  return {
    rows: rows === null ? UNREADABLE : valuePart(rows.map(rowOf)),
    strategic: strategicPart(item),
    gaps: gapsPart(item),
    extras: extrasOf(item, listKey ? [...ITEM_KNOWN, listKey] : ITEM_KNOWN),
  };
}

/**
 * A content run (GET .../content/history/{runId}) read as the dashboard is read: the rows may sit on the
 * run or in its `summary` (any case); the gap lists are taken from wherever they are found. The content
 * watch and `/radar run content` read past runs only through this.
 */
export function readContentRun(run: unknown): ContentFacts {
  const facts = readContent(isRecord(run) ? run : {});
  const hit = lookup(run, 'summary', { down: false });
  const summary = hit.found && isRecord(hit.value) ? hit.value : null;
  if (facts.rows.kind === 'value' || summary === null) return facts;
  const inner = readContent(summary);
  return { ...inner, gaps: facts.gaps.kind === 'value' ? facts.gaps : inner.gaps };
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
  /** The entry's fields Radar does not name. */
  extras: ExtraFacts;
}

const DATE_KEYS = ['detectedAt', 'date', 'changedAt', 'day', 'createdAt', 'timestamp', 'foundAt', 'seenAt', 'addedAt'];
/** A list of per-category entries (`changes: [{ category, count, urls }]`), found by looking when there is no category object. */
const CHANGE_LIST_KEYS = ['changes', 'categories', 'entries', 'additions', 'added', 'items'];
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

/** `[{ category: 'comparison', count, urls }]`: each entry's category named by a text field. */
function categoryListEntries(raw: JsonRecord): [string, unknown][] | null {
  for (const key of CHANGE_LIST_KEYS) {
    const list = arrayAt(raw, key);
    if (!list || list.length === 0 || !list.every(isRecord)) continue;
    const entries = (list as JsonRecord[]).map((e): [string, unknown] | null => {
      const name = textAt(e, 'category') ?? textAt(e, 'type') ?? textAt(e, 'kind');
      return name === null ? null : [name, e];
    });
    if (entries.every((e) => e !== null)) return entries as [string, unknown][];
  }
  return null;
}

const CHANGELOG_KNOWN = [...DATE_KEYS, ...CATEGORY_RECORD_KEYS, ...CHANGE_LIST_KEYS, ...CONTENT_CATEGORIES, ...URL_KEYS, ...ROW_KNOWN];

/** Reads one changelog row tolerantly (see the module comment). */
export function readChangelogRow(raw: unknown): ChangelogRowFacts | null {
  if (!isRecord(raw)) return null;
  let date: string | null = null;
  for (const key of DATE_KEYS) {
    date = textAt(raw, key);
    if (date) break;
  }
  const record = categoryRecord(raw) ?? firstRecord(raw, ['categories', 'categoryCounts', 'counts', 'byCategory']);
  const entries = record ? Object.entries(record) : (categoryListEntries(raw) ?? Object.entries(raw).filter(([k]) => contentCategoryOf(k) !== null));
  const categories = entries.filter(([k]) => !keyIn(k, TOTAL_KEYS)).map(([k, v]) => changeOf(raw, k, v));
  const rank = (c: ChangeCategory) => {
    const at = c.category === null ? -1 : ORDER.indexOf(c.category);
    return at === -1 ? ORDER.length : at;
  };
  categories.sort((a, b) => rank(a) - rank(b));
  return { identity: identityOf(raw), date, categories: record || categories.length > 0 ? valuePart(categories) : UNREADABLE, extras: extrasOf(raw, CHANGELOG_KNOWN) };
}

/** A changelog page as facts: its rows, the service's counts, and whether the page holds every entry of the list. */
export interface ChangelogFacts {
  rows: (ChangelogRowFacts | null)[];
  page: number;
  limit: number;
  /** Every entry of the list (as filtered), from `pagination.total`. */
  total: number;
  totalPages: number;
  hasMore: boolean;
  /** The service trimmed items or URLs (verbose mode's byte cap, spec 2.5). */
  truncated: boolean;
  /** Entries this page should hold by the service's own count that it did not send. */
  missing: number;
  /** True only when nothing older exists: no later page, nothing trimmed, nothing missing. */
  reachesOldest: boolean;
}

/** Reads a changelog page (see `ChangelogFacts`). */
export function readChangelog(log: ContentChangelog): ChangelogFacts {
  const rows = log.items.map(readChangelogRow);
  const { page, limit, total, totalPages, hasMore } = log.pagination;
  const expected = Math.max(0, Math.min(limit, total - (page - 1) * limit));
  const missing = Math.max(0, expected - rows.length);
  const truncated = log.truncated === true;
  return { rows, page, limit, total, totalPages, hasMore, truncated, missing, reachesOldest: !hasMore && page >= totalPages && !truncated && missing === 0 };
}

/**
 * A content run's summary (a history row's or a run detail's `summary`): the figures the sandbox
 * sends (the spec shows none, 2.11) under their names or other spellings: URLs the competitors
 * added, gaps found, competitors compared. A summary carrying the dashboard's own parts (rows, gap
 * lists) has them read by `readContentRun`. `extras`: every other field, in the order sent.
 */
export interface ContentRunSummary {
  urlsAdded: Part<number | null>;
  gapCount: Part<number | null>;
  competitorsCompared: Part<number | null>;
  extras: [string, unknown][];
}

const nullableCount = z.number().nullable();
const URLS_ADDED_KEYS = ['urlsAddedByCompetitors', 'urlsAdded', 'newUrls', 'addedUrls', 'competitorUrlsAdded'];
const GAP_COUNT_KEYS = ['gapCount', 'gapsCount', 'gapsFound', 'contentGaps'];
const COMPARED_KEYS = ['competitorsCompared', 'comparedCompetitors', 'competitorsMeasured', 'competitorCount'];
/** Every key `readContentRunSummary` reads a figure from (a generic comparison leaves them alone). */
export const CONTENT_RUN_SUMMARY_KEYS: readonly string[] = [...URLS_ADDED_KEYS, ...GAP_COUNT_KEYS, ...COMPARED_KEYS];

/** A content run summary as facts; null when the summary is not an object. */
export function readContentRunSummary(summary: unknown): ContentRunSummary | null {
  if (!isRecord(summary)) return null;
  const f = figureReader(summary);
  return {
    urlsAdded: f.at(URLS_ADDED_KEYS, nullableCount),
    gapCount: f.at(GAP_COUNT_KEYS, nullableCount),
    competitorsCompared: f.at(COMPARED_KEYS, nullableCount),
    extras: f.rest(),
  };
}
