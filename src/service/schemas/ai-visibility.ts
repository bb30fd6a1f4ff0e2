/**
 * AI visibility reads (spec 2.5 "AI visibility", 4.3). Payload fields beyond the stated rules are not
 * shown, so the reads are loose objects with the few stated keys typed.
 */
import * as z from 'zod';
import { arrayAt, isRecord, lookup, OMITTED, read, recordAt, UNREADABLE, valueOr, valuePart } from '../tolerant.js';
import type { Near, Part } from '../tolerant.js';
import { availabilityReason, availabilitySchema, looseRecordSchema, markerSaysUnavailable, paginationSchema } from './common.js';
import type { View } from './common.js';

/** The latest dashboard and a check's detail share one shape. */
export const aiVisibilityReadSchema = z.looseObject({
  /**
   * Present when the most recent check was abandoned as incomplete; the rest describes an earlier
   * check. An availability marker of unstated shape: never validated here (a shape Radar does not
   * expect must not fail the read), read through `latestCheckAvailability`.
   */
  latestCheckDataAvailable: z.unknown().optional(),
});
export type AiVisibilityRead = z.infer<typeof aiVisibilityReadSchema>;

/**
 * What `latestCheckDataAvailable` says, read through the tolerant marker reader: found in any case,
 * on the read or one level down. `unavailable` true means the latest check was abandoned and the
 * figures describe an earlier one; `reason` is the marker's reason when it gives one.
 */
export function latestCheckAvailability(read: AiVisibilityRead): { unavailable: boolean; reason: string | undefined } {
  const hit = lookup(read, 'latestCheckDataAvailable');
  const marker = hit.found ? hit.value : undefined;
  const parsed = availabilitySchema.safeParse(marker);
  const unavailable = markerSaysUnavailable(marker);
  return { unavailable, reason: unavailable && parsed.success ? availabilityReason(marker, read) : undefined };
}

export const aiVisibilityHistoryRowSchema = looseRecordSchema;
export type AiVisibilityHistoryRow = z.infer<typeof aiVisibilityHistoryRowSchema>;

/**
 * `{ items, pagination, truncated }`: `truncated` true means whole entries were dropped from the end
 * of `items` by the response size cap (lower `limit` rather than paging forward).
 */
export const aiVisibilityHistorySchema = z.looseObject({
  items: z.array(aiVisibilityHistoryRowSchema),
  pagination: paginationSchema,
  truncated: z.boolean(),
});
export type AiVisibilityHistory = z.infer<typeof aiVisibilityHistorySchema>;

/** Query of the latest read and the check detail (spec 4.3); the service refuses bad combinations. */
export interface AiVisibilityQuery {
  includeAnswers?: boolean;
  /** Needs `includeAnswers: true`. */
  provider?: string;
  /** A domain; needs `includeAnswers: true`. */
  brand?: string;
  /** Zero-based; needs `includeAnswers: true`. */
  promptIndex?: number;
  view?: View;
  includeSummary?: boolean;
  /** Paging of the compact lists. */
  offset?: number;
  limit?: number;
}

/* ------------------------------------------------------------------------------------------------
 * Tolerant readers (docs/assumptions.md, "AI visibility"). The spec names these fields and their
 * rules but does not place most of them, so each is looked up where the sandbox puts it, in any
 * case, one level up or down (`../tolerant.ts`), and reported as a tri-state part: a value (null is
 * "not measured"), omitted, or unreadable. Features render each part on its own.
 * ---------------------------------------------------------------------------------------------- */

const num = z.number();
const numOrNull = z.number().nullable();
const str = z.string();
const strOrNull = z.string().nullable();
const bool = z.boolean();

/** One brand row of the market map (or of a history row's `competitorRankings`). */
export interface AiBrandRow {
  /** Lower-cased; null when the row carries no readable domain (it cannot be de-duplicated). */
  domain: string | null;
  /** The domain as sent (for display). */
  domainShown: string | null;
  name: Part<string>;
  /** True only when the row says `isOwn: true`. */
  isOwn: boolean;
  /** A tracked competitor (or the own domain): `tracked`, else `isTracked`, else `isCompetitor`. */
  tracked: Part<boolean>;
  /** Share of the answers counted that named the brand (spec 2.2.6). */
  mentionRate: Part<number | null>;
  /** Null beside `answersNaming: 0`: not named in any answer (spec 2.2.5). */
  rankByPresence: Part<number | null>;
  answersNaming: Part<number | null>;
  /** 0 to 100 over the top 5 positions; never a standing claim (spec 2.5). */
  score: Part<number | null>;
}

/** The project's own figures (`summary.customer`). */
export interface AiCustomerFacts {
  domain: Part<string>;
  score: Part<number | null>;
  mentionRate: Part<number | null>;
  rankByPresence: Part<number | null>;
  answersNaming: Part<number | null>;
  /** Per-model breakdown of the customer, when the read carries one. */
  perModel: Part<AiModelFacts[]>;
}

/** The customer's figures over one model's answers. */
export interface AiModelFacts {
  model: string;
  mentionRate: Part<number | null>;
  score: Part<number | null>;
  answersCounted: Part<number | null>;
  answersNaming: Part<number | null>;
}

/** A `...Page` object of a compact list (spec 2.5): quote `total`, never the page length. */
export interface AiPageFacts {
  offset: number;
  limit: number;
  total: number;
  hasMore: boolean;
}

export interface AiVisibilityFacts {
  checkId: Part<string>;
  /** The check's date: `checkedAt`, else `completedAt`, `createdAt`, `date`. */
  checkedAt: Part<string>;
  /** False when the read carries no `summary` (e.g. `includeAnswers=true` without `includeSummary`). */
  hasSummary: boolean;
  /** Null: the customer's figures are not measured. */
  customer: Part<AiCustomerFacts | null>;
  /** Null items: rows Radar could not read. */
  brands: Part<(AiBrandRow | null)[]>;
  brandsPage: Part<AiPageFacts>;
  totalEntries: Part<number>;
  /** The check's own model set: `providerStatus` keys, else a `providers`/`models` list. */
  models: Part<string[]>;
  providerStatus: Part<Record<string, unknown>>;
  /** `answerCoverage.queriesSent`, where recorded. */
  queriesSent: Part<number>;
  latestCheck: { unavailable: boolean; reason: string | undefined };
}

const firstPart = <T>(obj: unknown, keys: readonly string[], schema: z.ZodType<T>, near: Near = {}): Part<T> => {
  let seen: Part<T> = OMITTED;
  for (const key of keys) {
    const part = read(obj, key, schema, near);
    if (part.kind === 'value') return part;
    if (part.kind === 'unreadable') seen = part;
  }
  return seen;
};

export function readBrandRow(raw: unknown): AiBrandRow | null {
  if (!isRecord(raw)) return null;
  const domain = read(raw, 'domain', str);
  return {
    domain: domain.kind === 'value' ? domain.value.toLowerCase() : null,
    domainShown: domain.kind === 'value' ? domain.value : null,
    name: firstPart(raw, ['name', 'brand', 'brandName'], str),
    isOwn: valueOr(read(raw, 'isOwn', bool), false),
    tracked: firstPart(raw, ['tracked', 'isTracked', 'isCompetitor'], bool),
    mentionRate: read(raw, 'mentionRate', numOrNull, { absent: 'unreadable' }),
    rankByPresence: read(raw, 'rankByPresence', numOrNull, { absent: 'unreadable' }),
    answersNaming: read(raw, 'answersNaming', numOrNull),
    score: read(raw, 'score', numOrNull),
  };
}

function readModelFacts(model: string, raw: unknown): AiModelFacts {
  return {
    model,
    mentionRate: read(raw, 'mentionRate', numOrNull, { down: false }),
    score: read(raw, 'score', numOrNull, { down: false }),
    answersCounted: firstPart(raw, ['answersCounted', 'answers', 'answerCount'], numOrNull, { down: false }),
    answersNaming: read(raw, 'answersNaming', numOrNull, { down: false }),
  };
}

const PER_MODEL_KEYS = ['perProvider', 'perModel', 'byProvider', 'byModel', 'providers', 'models'] as const;

/** A per-model breakdown: a list of objects naming their model, or an object keyed by model. */
function readPerModel(owner: unknown): Part<AiModelFacts[]> {
  for (const key of PER_MODEL_KEYS) {
    const hit = lookup(owner, key, { down: false });
    if (!hit.found) continue;
    const value = hit.value;
    if (Array.isArray(value) && value.every(isRecord)) {
      const rows = value.map((v) => {
        const model = firstPart(v, ['provider', 'model', 'engine'], str, { down: false });
        return model.kind === 'value' ? readModelFacts(model.value, v) : null;
      });
      if (rows.every((r) => r !== null)) return valuePart(rows);
      return UNREADABLE;
    }
    if (isRecord(value) && Object.values(value).every(isRecord)) return valuePart(Object.entries(value).map(([model, v]) => readModelFacts(model, v)));
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) continue; // a plain model list, not a breakdown
    return UNREADABLE;
  }
  return OMITTED;
}

function readCustomer(summary: unknown, up: unknown): Part<AiCustomerFacts | null> {
  const hit = lookup(summary, 'customer', { up });
  if (!hit.found) return UNREADABLE;
  if (hit.value === null) return valuePart(null);
  if (!isRecord(hit.value)) return UNREADABLE;
  const c = hit.value;
  return valuePart({
    domain: read(c, 'domain', str, { down: false }),
    score: read(c, 'score', numOrNull, { down: false, absent: 'unreadable' }),
    mentionRate: read(c, 'mentionRate', numOrNull, { down: false, absent: 'unreadable' }),
    rankByPresence: read(c, 'rankByPresence', numOrNull, { down: false }),
    answersNaming: read(c, 'answersNaming', numOrNull, { down: false }),
    perModel: readPerModel(c),
  });
}

const pageSchema = z.looseObject({ offset: z.number().int(), limit: z.number().int(), total: z.number().int(), hasMore: z.boolean() });

/** The `...Page` object beside a compact list: `<list>Page` in any case, beside the list or on its parent. */
export function readPage(owner: unknown, list: string, up?: unknown): Part<AiPageFacts> {
  const hit = lookup(owner, `${list}Page`, { up, down: false });
  if (!hit.found) return OMITTED;
  const parsed = pageSchema.safeParse(hit.value);
  return parsed.success ? valuePart({ offset: parsed.data.offset, limit: parsed.data.limit, total: parsed.data.total, hasMore: parsed.data.hasMore }) : UNREADABLE;
}

/** The market map's brand rows and their page: `summary.marketMap.brands` (spec 2.5), looked up tolerantly. */
export function readMarketMap(body: unknown): { brands: Part<(AiBrandRow | null)[]>; brandsPage: Part<AiPageFacts> } {
  const summary = recordAt(body, 'summary');
  const map = recordAt(summary, 'marketMap', { up: body });
  const list = arrayAt(map, 'brands', { up: summary });
  return {
    brands: list === null ? UNREADABLE : valuePart(list.map(readBrandRow)),
    brandsPage: readPage(map, 'brands', summary),
  };
}

function readModels(item: unknown): { models: Part<string[]>; providerStatus: Part<Record<string, unknown>> } {
  const status = lookup(item, 'providerStatus', { down: false });
  const providerStatus: Part<Record<string, unknown>> = !status.found ? OMITTED : isRecord(status.value) ? valuePart(status.value) : UNREADABLE;
  if (providerStatus.kind === 'value') return { models: valuePart(Object.keys(providerStatus.value)), providerStatus };
  const list = firstPart(item, ['providers', 'models'], z.array(z.string()), { down: false });
  return { models: list, providerStatus };
}

/** Everything `/radar ai` shows of one AI visibility read (the latest, or a check's detail). */
export function readAiVisibility(item: AiVisibilityRead): AiVisibilityFacts {
  const summary = recordAt(item, 'summary', { down: false });
  const coverage = recordAt(item, 'answerCoverage');
  const { brands, brandsPage } = readMarketMap(item);
  return {
    checkId: firstPart(item, ['checkId', 'id'], str, { down: false }),
    checkedAt: firstPart(item, ['checkedAt', 'completedAt', 'createdAt', 'date'], str, { down: false }),
    hasSummary: summary !== null,
    customer: summary === null ? UNREADABLE : readCustomer(summary, item),
    brands: summary === null ? UNREADABLE : brands,
    brandsPage: summary === null ? OMITTED : brandsPage,
    totalEntries: summary === null ? UNREADABLE : read(summary, 'totalEntries', z.number().int(), { up: item, absent: 'unreadable' }),
    ...readModels(item),
    queriesSent: coverage === null ? OMITTED : read(coverage, 'queriesSent', z.number().int(), { down: false }),
    latestCheck: latestCheckAvailability(item),
  };
}

/**
 * Merges a further page of brand rows into those shown, de-duplicated by domain (own and tracked
 * rows are on every compact page, spec 2.5); a row without a readable domain is kept once as sent.
 */
export function mergeBrandRows(shown: readonly (AiBrandRow | null)[], page: readonly (AiBrandRow | null)[]): (AiBrandRow | null)[] {
  const seen = new Set(shown.map((r) => r?.domain).filter((d): d is string => typeof d === 'string'));
  const merged = [...shown];
  for (const row of page) {
    if (row?.domain && seen.has(row.domain)) continue;
    if (row?.domain) seen.add(row.domain);
    merged.push(row);
  }
  return merged;
}

/* Raw answers (`includeAnswers=true`). */

export interface AiNamedBrand {
  name: Part<string>;
  domain: Part<string>;
  rank: Part<number>;
  reasoning: Part<string | null>;
}

export interface AiAnswer {
  model: Part<string>;
  promptIndex: Part<number>;
  prompt: Part<string | null>;
  /** In rank order as sent; empty under a `brand` filter when the answer did not name that domain. */
  brands: Part<(AiNamedBrand | null)[]>;
}

export interface AiQueryRef {
  model: Part<string>;
  promptIndex: Part<number>;
  prompt: Part<string | null>;
}

export interface AiAnswersFacts {
  answers: Part<(AiAnswer | null)[]>;
  /** Queries with no usable answer: they assert nothing about anyone, counted apart. */
  unanswered: Part<AiQueryRef[]>;
  /** Queries read with nothing to show: excluded from every count. */
  noAnswerShown: Part<AiQueryRef[]>;
}

const MODEL_KEYS = ['provider', 'model', 'engine'] as const;

function readQueryRef(raw: unknown): AiQueryRef {
  return {
    model: firstPart(raw, MODEL_KEYS, str, { down: false }),
    promptIndex: read(raw, 'promptIndex', z.number().int(), { down: false }),
    prompt: firstPart(raw, ['prompt', 'query'], strOrNull, { down: false }),
  };
}

function readQueryList(item: unknown, key: string): Part<AiQueryRef[]> {
  const hit = lookup(item, key, { down: false });
  if (!hit.found) return OMITTED;
  if (!Array.isArray(hit.value)) return UNREADABLE;
  return valuePart(hit.value.map(readQueryRef));
}

export function readAiAnswers(item: AiVisibilityRead): AiAnswersFacts {
  const list = arrayAt(item, 'answers', { down: false });
  const answers = list?.map((raw): AiAnswer | null => {
    if (!isRecord(raw)) return null;
    const brands = arrayAt(raw, 'brands', { down: false });
    return {
      ...readQueryRef(raw),
      brands:
        brands === null
          ? UNREADABLE
          : valuePart(
              brands.map((b) =>
                isRecord(b)
                  ? { name: firstPart(b, ['name', 'brand'], str), domain: read(b, 'domain', str), rank: firstPart(b, ['rank', 'position'], num), reasoning: firstPart(b, ['reasoning', 'reason', 'why'], strOrNull) }
                  : null,
              ),
            ),
    };
  });
  return {
    answers: list === null ? UNREADABLE : valuePart(answers ?? []),
    unanswered: readQueryList(item, 'unansweredQueries'),
    noAnswerShown: readQueryList(item, 'noAnswerShown'),
  };
}

/* Trend (GET .../ai-visibility/trend): parameters and payload not shown; passed through. */

export const aiVisibilityTrendSchema = looseRecordSchema;
export type AiVisibilityTrend = z.infer<typeof aiVisibilityTrendSchema>;

export interface AiTrendBrand {
  domain: string | null;
  name: Part<string>;
  isOwn: boolean;
  mentionRate: Part<number | null>;
  score: Part<number | null>;
  rank: Part<number | null>;
  rankChange: Part<number | null>;
}

export interface AiTrendPoint {
  date: Part<string>;
  /** The point's brand rows; a point without a brand list reads as the customer's own row. */
  brands: (AiTrendBrand | null)[];
}

function readTrendBrand(raw: unknown, ownByDefault: boolean): AiTrendBrand | null {
  if (!isRecord(raw)) return null;
  const domain = read(raw, 'domain', str, { down: false });
  return {
    domain: domain.kind === 'value' ? domain.value : null,
    name: firstPart(raw, ['name', 'brand'], str, { down: false }),
    isOwn: valueOr(read(raw, 'isOwn', bool, { down: false }), ownByDefault),
    mentionRate: read(raw, 'mentionRate', numOrNull),
    score: read(raw, 'score', numOrNull),
    rank: firstPart(raw, ['rank', 'rankByPresence'], numOrNull),
    rankChange: read(raw, 'rankChange', numOrNull),
  };
}

const TREND_LIST_KEYS = ['points', 'checks', 'items', 'series', 'trend', 'history'] as const;

/** The trend's points (newest first as sent), found under `item` or the body; unreadable when no list of objects is found. */
export function readAiTrend(body: AiVisibilityTrend): Part<AiTrendPoint[]> {
  const item = recordAt(body, 'item', { down: false }) ?? body;
  for (const key of TREND_LIST_KEYS) {
    const list = arrayAt(item, key, { up: body });
    if (list === null || !list.every(isRecord)) continue;
    return valuePart(
      list.map((point) => {
        const brands = arrayAt(point, 'brands', { down: false }) ?? arrayAt(point, 'rows', { down: false });
        return {
          date: firstPart(point, ['checkedAt', 'date', 'completedAt', 'createdAt'], str, { down: false }),
          brands: brands === null ? [readTrendBrand(point, true)] : brands.map((b) => readTrendBrand(b, false)),
        };
      }),
    );
  }
  return UNREADABLE;
}
