/**
 * AI visibility reads (spec 2.5 "AI visibility", 4.3). Payload fields beyond the stated rules are not
 * shown, so the reads are loose objects with the few stated keys typed.
 */
import * as z from 'zod';
import { arrayAt, isRecord, lookup, OMITTED, read, recordAt, UNREADABLE, valueOr, valuePart } from '../tolerant.js';
import type { Near, Part } from '../tolerant.js';
import { availabilityReason, availabilitySchema, looseRecordSchema, markerSaysUnavailable, paginationSchema } from './common.js';
import type { View } from './common.js';
import { extrasOf, type Extra } from '../extras.js';
import { identityOf } from './competitor-row.js';

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
  if (!unavailable || !parsed.success) return { unavailable, reason: undefined };
  const reason = availabilityReason(marker, read) ?? (isRecord(marker) ? ['status', 'code', 'message', 'detail'].map((k) => lookup(marker, k, { down: false })).find((h) => h.found && typeof h.value === 'string' && h.value !== '') : undefined);
  return { unavailable, reason: typeof reason === 'string' ? reason : reason?.found ? String(reason.value) : undefined };
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

/** Where a brand stands by presence (spec 2.2.5): ranked; not named in any answer (a null rank beside `answersNaming: 0`); not measured (a null rank otherwise); or not reported / unreadable. */
export type AiPresence = { kind: 'ranked'; rank: number } | { kind: 'not_named' } | { kind: 'not_measured' } | { kind: 'omitted' } | { kind: 'unreadable' };

/**
 * A brand's presence from its rank and counts. A rank that is not a number beside `answersNaming: 0`
 * (or, without `answersNaming`, beside a mention rate of 0) is "not named in any answer", never a
 * rank, a 0 or "last"; a null rank otherwise is "not measured".
 */
export function presenceOf(rank: Part<number | null>, answersNaming: Part<number | null>, mentionRate: Part<number | null>): AiPresence {
  if (rank.kind === 'value' && rank.value !== null) return { kind: 'ranked', rank: rank.value };
  const naming = valueOr(answersNaming, undefined);
  if (naming === 0 || (naming === undefined && valueOr(mentionRate, undefined) === 0)) return { kind: 'not_named' };
  if (rank.kind !== 'value') return { kind: rank.kind };
  return { kind: 'not_measured' };
}

/** One brand row of the market map (or of a history row's `competitorRankings`, or a trend point). */
export interface AiBrandRow {
  /** The competitor's or brand's id when the row names one (`competitorId`, `brandId`, a nested `id`). */
  competitorId: string | null;
  /** Lower-cased; null when the row carries no readable domain (it cannot be de-duplicated by domain). */
  domain: string | null;
  /** The domain as sent (for display). */
  domainShown: string | null;
  name: Part<string>;
  /** True only when the row says `isOwn: true` (on the row or on its nested identity). */
  isOwn: boolean;
  /** A tracked competitor (or the own domain): `tracked`, else `isTracked`, else `isCompetitor`. */
  tracked: Part<boolean>;
  /** Share of the answers counted that named the brand (spec 2.2.6). */
  mentionRate: Part<number | null>;
  /** Null beside `answersNaming: 0`: not named in any answer (spec 2.2.5). On a trend point: `rank`. */
  rankByPresence: Part<number | null>;
  answersNaming: Part<number | null>;
  /** 0 to 100 over the top 5 positions; never a standing claim (spec 2.5). */
  score: Part<number | null>;
  /** Trend only: `rankChange` (null beside a null rank, or under a model filter). */
  rankChange: Part<number | null>;
  presence: AiPresence;
  /** Other rows of the same list named equally often (same presence, above 0): ranks among them are the service's order, not a lead. */
  tiedWith: number;
  /** Fields of the row Radar does not know, as plain facts (`../extras.ts`). */
  extras: Extra[];
  moreExtras: number;
}

/** The project's own figures (`summary.customer`). */
export interface AiCustomerFacts {
  domain: Part<string>;
  score: Part<number | null>;
  mentionRate: Part<number | null>;
  rankByPresence: Part<number | null>;
  answersNaming: Part<number | null>;
  presence: AiPresence;
  /** Per-model breakdown of the customer, when the read carries one. */
  perModel: Part<AiModelFacts[]>;
  /** How many prompts the per-prompt results cover (`perPrompt`), when sent. */
  promptCount: Part<number>;
  /** `summary.customer.perPrompt`: the customer's result prompt by prompt (spec 2.5). */
  perPrompt: Part<AiPromptFacts[]>;
}

/** The customer's result on one prompt. */
export interface AiPromptFacts {
  /** Zero-based, as sent; null when the entry carries none. */
  index: number | null;
  prompt: Part<string | null>;
  mentionRate: Part<number | null>;
  score: Part<number | null>;
  extras: Extra[];
  moreExtras: number;
}

function readPerPrompt(owner: unknown): Part<AiPromptFacts[]> {
  const hit = lookup(owner, 'perPrompt', { down: false });
  if (!hit.found) return OMITTED;
  if (!Array.isArray(hit.value)) return UNREADABLE;
  return valuePart(
    hit.value.map((p): AiPromptFacts => {
      const { extras, more } = extrasOf(p, ['promptIndex', 'prompt', 'query', 'mentionRate', 'score'], 3);
      return {
        index: valueOr(read(p, 'promptIndex', z.number().int(), { down: false }), null),
        prompt: firstPart(p, ['prompt', 'query'], strOrNull, { down: false }),
        mentionRate: read(p, 'mentionRate', numOrNull, { down: false }),
        score: read(p, 'score', numOrNull, { down: false }),
        extras,
        moreExtras: more,
      };
    }),
  );
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

/**
 * Who stands first by presence (spec 2.5: standing rests on how often each brand is named, never on
 * the score). `tie`: two or more brands share the top presence, and none leads. `single`: one brand
 * has it alone (said only when the list is known to hold the top of the map). `none`: nothing can be
 * claimed (no presence figures, nobody named, a later page, or a list of tracked brands only whose
 * first-ranked brand shares its presence with no one shown).
 */
export interface AiStanding {
  kind: 'single' | 'tie' | 'none';
  /** The rows at the top presence, own row first, then in the order received. */
  top: AiBrandRow[];
  /** What presence is measured by: the mention rate, else the count of answers naming the brand. */
  metric: 'rate' | 'naming' | null;
  value: number | null;
  /** More brands than those shown may share the top presence (the list is one page, or tracked brands only). */
  atLeast: boolean;
}

export interface AiVisibilityFacts {
  checkId: Part<string>;
  /** The check's date: `checkedAt`, else `completedAt`, `createdAt`, `date`. */
  checkedAt: Part<string>;
  /** False when the read carries no `summary` (e.g. `includeAnswers=true` without `includeSummary`). */
  hasSummary: boolean;
  /** Null: the customer's figures are not measured. */
  customer: Part<AiCustomerFacts | null>;
  /** Null items: rows Radar could not read. De-duplicated by domain, the first included (spec 2.5). */
  brands: Part<(AiBrandRow | null)[]>;
  brandsPage: Part<AiPageFacts>;
  /** Standing by presence over the market map's rows. */
  standing: AiStanding;
  totalEntries: Part<number>;
  /** The check's own model set: `providerStatus` keys, else a `providers`/`models` list. */
  models: Part<string[]>;
  /** Each model's state as the check gives it (a string, or an object's `status`); null when its entry names none. */
  providerStatus: Part<Record<string, string | null>>;
  /** `answerCoverage.queriesSent`, where recorded. */
  queriesSent: Part<number>;
  /** How many prompts the project has, as far as the read says (`perPrompt`, a `prompts` list). */
  promptCount: Part<number>;
  latestCheck: { unavailable: boolean; reason: string | undefined };
  /** Fields of the read and its summary Radar does not know, as plain facts. */
  extras: Extra[];
  moreExtras: number;
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

/** Keys a brand row's reader knows (any case or style), and the nested objects its identity sits in. */
const BRAND_ROW_KEYS = [
  'domain', 'name', 'brand', 'brandName', 'displayName', 'competitorName', 'competitorDomain', 'brandDomain', 'hostname', 'host', 'website',
  'competitorId', 'brandId', 'id', 'isOwn', 'tracked', 'isTracked', 'isCompetitor', 'mentionRate', 'rankByPresence', 'rank', 'rankChange',
  'answersNaming', 'score', 'competitor', 'company', 'identity', 'entity', 'subject', 'site', 'metrics', 'figures', 'stats', 'presence',
];

export function readBrandRow(raw: unknown): AiBrandRow | null {
  if (!isRecord(raw)) return null;
  const identity = identityOf(raw);
  const name: Part<string> = identity.name !== null ? valuePart(identity.name) : firstPart(raw, ['brand', 'brandName'], str, { down: false });
  const mentionRate = read(raw, 'mentionRate', numOrNull, { absent: 'unreadable' });
  const answersNaming = read(raw, 'answersNaming', numOrNull);
  const rankByPresence = firstPart(raw, ['rankByPresence', 'rank'], numOrNull);
  const rank: Part<number | null> = rankByPresence.kind === 'omitted' ? UNREADABLE : rankByPresence;
  const { extras, more } = extrasOf(raw, BRAND_ROW_KEYS, 4);
  return {
    competitorId: identity.competitorId,
    domain: identity.domain === null ? null : identity.domain.toLowerCase(),
    domainShown: identity.domain,
    name,
    isOwn: identity.isOwn,
    tracked: firstPart(raw, ['tracked', 'isTracked', 'isCompetitor'], bool),
    mentionRate,
    rankByPresence: rank,
    answersNaming,
    score: read(raw, 'score', numOrNull),
    rankChange: read(raw, 'rankChange', numOrNull),
    presence: presenceOf(rank, answersNaming, mentionRate),
    tiedWith: 0,
    extras,
    moreExtras: more,
  };
}

/** A row's key for de-duplication: its domain, else its id, else its name; null when it names none. */
function rowKey(row: AiBrandRow): string | null {
  if (row.domain) return `d:${row.domain.replace(/^www\./, '')}`;
  if (row.competitorId) return `i:${row.competitorId}`;
  return row.name.kind === 'value' ? `n:${row.name.value.toLowerCase()}` : null;
}

/** A number by which presence is compared within one list. */
function presenceNumber(row: AiBrandRow, metric: 'rate' | 'naming'): number | null {
  const v = valueOr(metric === 'rate' ? row.mentionRate : row.answersNaming, null);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function metricOf(rows: readonly AiBrandRow[]): 'rate' | 'naming' | null {
  if (rows.some((r) => presenceNumber(r, 'rate') !== null)) return 'rate';
  if (rows.some((r) => presenceNumber(r, 'naming') !== null)) return 'naming';
  return null;
}

const sameNumber = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;

/**
 * The rows of one list, de-duplicated by domain with the first included (own and tracked rows are on
 * every compact page, and a service may repeat one on a page, spec 2.5), each with the number of other
 * rows named equally often. Rows Radar could not read stay, once each, as null.
 */
export function brandRowsOf(list: readonly unknown[]): (AiBrandRow | null)[] {
  const seen = new Set<string>();
  const rows: (AiBrandRow | null)[] = [];
  for (const raw of list) {
    const row = readBrandRow(raw);
    const key = row === null ? null : rowKey(row);
    if (key !== null && seen.has(key)) continue;
    if (key !== null) seen.add(key);
    rows.push(row);
  }
  const readable = rows.filter((r): r is AiBrandRow => r !== null);
  const metric = metricOf(readable);
  if (metric !== null) {
    for (const row of readable) {
      const v = presenceNumber(row, metric);
      row.tiedWith = v === null || v <= 0 ? 0 : readable.filter((o) => o !== row && presenceNumber(o, metric) !== null && sameNumber(presenceNumber(o, metric) as number, v)).length;
    }
  }
  return rows;
}

const NO_STANDING: AiStanding = Object.freeze({ kind: 'none', top: [], metric: null, value: null, atLeast: false }) as AiStanding;

/**
 * Standing by presence over one list. `scope.complete`: the list holds the top of the map (the market
 * map's first page, or the full view); a later page claims nothing. A list that may leave brands out
 * (trend points, history rankings: often own and tracked brands only) is anchored on the brand ranked
 * first: its group is said whole only when ranks 1..n are all shown and rank n+1 is shown named less
 * often; otherwise a tie is said as "at least n brands", and a lead never.
 */
export function standingOf(rows: readonly (AiBrandRow | null)[], scope: { complete: boolean; page: AiPageFacts | null }): AiStanding {
  const readable = rows.filter((r): r is AiBrandRow => r !== null);
  const metric = metricOf(readable);
  if (metric === null) return NO_STANDING;
  const ownFirst = (list: AiBrandRow[]) => [...list.filter((r) => r.isOwn), ...list.filter((r) => !r.isOwn)];
  if (scope.complete) {
    if (scope.page !== null && scope.page.offset > 0) return NO_STANDING;
    const values = readable.map((r) => presenceNumber(r, metric)).filter((v): v is number => v !== null);
    const top = Math.max(...values);
    if (!(top > 0)) return NO_STANDING;
    const tied = readable.filter((r) => { const v = presenceNumber(r, metric); return v !== null && sameNumber(v, top); });
    // More brands may share the top when the page is cut inside the tied group: every row of the paged portion is at the top.
    const page = scope.page;
    let atLeast = false;
    if (page?.hasMore) {
      const end = page.offset + page.limit;
      const ranked = readable.filter((r) => r.presence.kind === 'ranked' && r.presence.rank <= end);
      const portion = ranked.length > 0 ? ranked : readable.slice(0, page.limit);
      atLeast = portion.length >= page.limit && portion.every((r) => { const v = presenceNumber(r, metric); return v !== null && sameNumber(v, top); });
    }
    return { kind: tied.length > 1 || atLeast ? 'tie' : 'single', top: ownFirst(tied), metric, value: top, atLeast };
  }
  const anchor = readable.find((r) => r.presence.kind === 'ranked' && r.presence.rank === 1);
  const value = anchor ? presenceNumber(anchor, metric) : null;
  if (!anchor || value === null || !(value > 0)) return NO_STANDING;
  const tied = readable.filter((r) => { const v = presenceNumber(r, metric); return v !== null && sameNumber(v, value); });
  // The group is known whole when ranks 1..n are all shown and tied, and rank n+1 is shown named less often.
  const ranks = new Set(tied.map((r) => (r.presence.kind === 'ranked' ? r.presence.rank : 0)));
  const n = tied.length;
  const contiguous = Array.from({ length: n }, (_, i) => i + 1).every((k) => ranks.has(k));
  const after = readable.find((r) => r.presence.kind === 'ranked' && r.presence.rank === n + 1);
  const afterValue = after ? presenceNumber(after, metric) : null;
  const whole = contiguous && afterValue !== null && afterValue < value && !sameNumber(afterValue, value);
  if (whole) return { kind: n > 1 ? 'tie' : 'single', top: ownFirst(tied), metric, value, atLeast: false };
  if (n < 2) return NO_STANDING;
  return { kind: 'tie', top: ownFirst(tied), metric, value, atLeast: true };
}

/** A share as a percentage, the one way Radar says a rate everywhere: 0.45 -> "45%" (above 1 taken as a percentage already). */
export function ratePercent(rate: number): string {
  return `${ratePercentValue(rate)}%`;
}

/** A rate as the percentage said in text (a share of 0 to 1 times 100, anything above 1 a percentage already; one decimal), for charts. */
export function ratePercentValue(rate: number): number {
  const pct = rate <= 1 ? rate * 100 : rate;
  return Math.round(pct * 10) / 10;
}

/** What a brand is called in a sentence (plain text): its name, else its domain. */
export function brandName(row: AiBrandRow): string {
  return (row.name.kind === 'value' ? row.name.value : null) ?? row.domainShown ?? row.competitorId ?? 'an unnamed brand';
}

function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "tied with 8 other brands shown" beside a rank (ranks among brands named equally often are the service's order, not a lead); null when none. */
export function tieWords(tiedWith: number): string | null {
  return tiedWith > 0 ? `tied with ${tiedWith === 1 ? 'one other brand' : `${tiedWith} other brands`} shown` : null;
}

/** "named in 50% of the answers counted" / "named in 10 answers". */
export function presenceAmount(metric: 'rate' | 'naming', value: number): string {
  return metric === 'rate' ? `named in ${ratePercent(value)} of the answers counted` : `named in ${value} ${value === 1 ? 'answer' : 'answers'}`;
}

/**
 * The standing sentence, in plain text (views escape it): the same words in `/radar ai`, its trend,
 * the competitor card and a watch. A tie is said as a tie ("4 brands tie for the top presence"); no
 * brand "leads" and "you are the most named brand" is never said when others share the top presence.
 */
export function standingStatement(s: AiStanding): string | null {
  if (s.kind === 'none' || s.metric === null || s.value === null || s.top.length === 0) return null;
  const amount = presenceAmount(s.metric, s.value);
  if (s.kind === 'single') {
    const row = s.top[0] as AiBrandRow;
    return row.isOwn ? `You are the most named brand, ${amount}.` : `${brandName(row)} is the most named brand, ${amount}.`;
  }
  const names = s.top.map((r) => (r.isOwn ? `you (${brandName(r)})` : brandName(r)));
  const count = s.atLeast ? `At least ${s.top.length} brands` : `${s.top.length} brands`;
  return `${count} tie for the top presence, each ${amount}: ${listWords(names)}. None of them leads.`;
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

/** Prompts covered by a `perPrompt` list: its distinct prompt indexes, else its length. */
function promptCountOf(owner: unknown): Part<number> {
  const list = arrayAt(owner, 'perPrompt', { down: false });
  if (list === null) return OMITTED;
  const indexes = new Set(list.map((p) => valueOr(read(p, 'promptIndex', z.number().int(), { down: false }), null)).filter((i): i is number => i !== null));
  return valuePart(indexes.size > 0 ? Math.max(indexes.size, Math.max(...indexes) + 1) : list.length);
}

function readCustomer(summary: unknown, up: unknown): Part<AiCustomerFacts | null> {
  const hit = lookup(summary, 'customer', { up });
  if (!hit.found) return UNREADABLE;
  if (hit.value === null) return valuePart(null);
  if (!isRecord(hit.value)) return UNREADABLE;
  const c = hit.value;
  const identity = identityOf(c);
  const mentionRate = read(c, 'mentionRate', numOrNull, { down: false, absent: 'unreadable' });
  const rankByPresence = read(c, 'rankByPresence', numOrNull, { down: false });
  const answersNaming = read(c, 'answersNaming', numOrNull, { down: false });
  return valuePart({
    domain: identity.domain !== null ? valuePart(identity.domain) : read(c, 'domain', str, { down: false }),
    score: read(c, 'score', numOrNull, { down: false, absent: 'unreadable' }),
    mentionRate,
    rankByPresence,
    answersNaming,
    presence: presenceOf(rankByPresence, answersNaming, mentionRate),
    perModel: readPerModel(c),
    promptCount: promptCountOf(c),
    perPrompt: readPerPrompt(c),
  });
}

const int = z.number().int();

/** A page object read field by field, in any case or style: `total` is required; the rest is derived when absent. */
function pageFacts(value: unknown, listLength: number): Part<AiPageFacts> {
  if (!isRecord(value)) return UNREADABLE;
  const total = firstPart(value, ['total', 'totalCount', 'count'], int, { down: false });
  if (total.kind !== 'value') return UNREADABLE;
  const offset = valueOr(read(value, 'offset', int, { down: false }), 0);
  const limit = valueOr(firstPart(value, ['limit', 'pageSize'], int, { down: false }), listLength);
  const hasMore = valueOr(read(value, 'hasMore', bool, { down: false }), offset + limit < total.value);
  return valuePart({ offset, limit, total: total.value, hasMore });
}

/**
 * The `...Page` object beside a compact list (spec 2.5): `<list>Page` in any case or style, beside the
 * list or on its parent, else one of `alternates` (e.g. `marketMapPage`), else a `page` or
 * `pagination` object beside the list.
 */
export function readPage(owner: unknown, list: string, up?: unknown, alternates: readonly string[] = [], listLength = 0): Part<AiPageFacts> {
  for (const key of [`${list}Page`, ...alternates, 'page', 'pagination']) {
    const hit = lookup(owner, key, { up, down: false });
    if (hit.found && isRecord(hit.value)) return pageFacts(hit.value, listLength);
    if (hit.found) return UNREADABLE;
  }
  return OMITTED;
}

/** The only list of objects under `owner` (a list under a key Radar does not know), or null. */
function onlyListOfRecords(owner: unknown): unknown[] | null {
  if (!isRecord(owner)) return null;
  const lists = Object.values(owner).filter((v): v is unknown[] => Array.isArray(v) && v.length > 0 && v.every(isRecord));
  return lists.length === 1 ? (lists[0] as unknown[]) : null;
}

/**
 * The market map's brand rows and their page: `summary.marketMap.brands` (spec 2.5), looked up
 * tolerantly (any case, a level up or down, or the map's only list), de-duplicated by domain.
 */
export function readMarketMap(body: unknown): { brands: Part<(AiBrandRow | null)[]>; brandsPage: Part<AiPageFacts>; standing: AiStanding } {
  const summary = recordAt(body, 'summary');
  const map = recordAt(summary, 'marketMap', { up: body });
  const list = arrayAt(map, 'brands', { up: summary }) ?? onlyListOfRecords(map);
  if (list === null) return { brands: UNREADABLE, brandsPage: readPage(map ?? summary, 'brands', summary, ['marketMapPage']), standing: NO_STANDING };
  const rows = brandRowsOf(list);
  const brandsPage = readPage(map ?? summary, 'brands', summary, ['marketMapPage'], list.length);
  return { brands: valuePart(rows), brandsPage, standing: standingOf(rows, { complete: true, page: valueOr(brandsPage, null) }) };
}

/** A model's entry in `providerStatus` (shape not shown): a string, or an object's `status` (any case); else null. */
function providerState(entry: unknown): string | null {
  if (typeof entry === 'string') return entry;
  const hit = lookup(entry, 'status', { down: false });
  return hit.found && typeof hit.value === 'string' ? hit.value : null;
}

function readModels(item: unknown): { models: Part<string[]>; providerStatus: Part<Record<string, string | null>> } {
  const status = lookup(item, 'providerStatus', { down: false });
  const providerStatus: Part<Record<string, string | null>> = !status.found
    ? OMITTED
    : isRecord(status.value)
      ? valuePart(Object.fromEntries(Object.entries(status.value).map(([model, entry]) => [model, providerState(entry)])))
      : UNREADABLE;
  if (providerStatus.kind === 'value') return { models: valuePart(Object.keys(providerStatus.value)), providerStatus };
  const list = firstPart(item, ['providers', 'models'], z.array(z.string()), { down: false });
  return { models: list, providerStatus };
}

/** Keys of a read and of its summary that the reader knows. */
const READ_KEYS = [
  'checkId', 'id', 'checkedAt', 'completedAt', 'createdAt', 'date', 'providers', 'models', 'view', 'readingGuide', 'summary', 'answers',
  'unansweredQueries', 'noAnswerShown', 'providerStatus', 'answerCoverage', 'latestCheckDataAvailable', 'prompts', 'provider', 'brand', 'promptIndex',
];
const SUMMARY_KEYS = ['customer', 'marketMap', 'marketMapPage', 'totalEntries', 'topCompetitor', 'competitorRankings', 'competitorRankingsPage', 'perPrompt'];

/** Everything `/radar ai` shows of one AI visibility read (the latest, or a check's detail). */
export function readAiVisibility(item: AiVisibilityRead): AiVisibilityFacts {
  const summary = recordAt(item, 'summary', { down: false });
  const coverage = recordAt(item, 'answerCoverage');
  const { brands, brandsPage, standing } = readMarketMap(item);
  const customer = summary === null ? UNREADABLE : readCustomer(summary, item);
  const prompts = arrayAt(item, 'prompts', { down: false });
  const fromCustomer = customer.kind === 'value' && customer.value !== null ? customer.value.promptCount : OMITTED;
  const top = extrasOf(item, READ_KEYS, 6);
  const inSummary = extrasOf(summary, SUMMARY_KEYS, 6);
  return {
    checkId: firstPart(item, ['checkId', 'id'], str, { down: false }),
    checkedAt: firstPart(item, ['checkedAt', 'completedAt', 'createdAt', 'date'], str, { down: false }),
    hasSummary: summary !== null,
    customer,
    brands: summary === null ? UNREADABLE : brands,
    brandsPage: summary === null ? OMITTED : brandsPage,
    standing: summary === null ? NO_STANDING : standing,
    totalEntries: summary === null ? UNREADABLE : read(summary, 'totalEntries', z.number().int(), { up: item, absent: 'unreadable' }),
    ...readModels(item),
    queriesSent: coverage === null ? OMITTED : read(coverage, 'queriesSent', z.number().int(), { down: false }),
    promptCount: prompts !== null ? valuePart(prompts.length) : fromCustomer,
    latestCheck: latestCheckAvailability(item),
    extras: [...top.extras, ...inSummary.extras],
    moreExtras: top.more + inSummary.more,
  };
}

/**
 * Merges a further page of brand rows into those shown, de-duplicated by domain (own and tracked
 * rows are on every compact page, spec 2.5); a row without a readable domain is kept once as sent.
 */
export function mergeBrandRows(shown: readonly (AiBrandRow | null)[], page: readonly (AiBrandRow | null)[]): (AiBrandRow | null)[] {
  const seen = new Set(shown.map((r) => (r ? rowKey(r) : null)).filter((d): d is string => typeof d === 'string'));
  const merged = [...shown];
  for (const row of page) {
    const key = row ? rowKey(row) : null;
    if (key !== null && seen.has(key)) continue;
    if (key !== null) seen.add(key);
    merged.push(row);
  }
  return merged;
}

/* History rows (GET .../ai-visibility/history): `summary` with customer metrics, top competitor and `competitorRankings`. */

export interface AiHistoryRowFacts {
  checkId: Part<string>;
  checkedAt: Part<string>;
  customer: Part<AiCustomerFacts | null>;
  /** Own and tracked rows (one page in the compact view), de-duplicated by domain. */
  rankings: Part<(AiBrandRow | null)[]>;
  rankingsPage: Part<AiPageFacts>;
  topCompetitor: Part<AiBrandRow | null>;
  standing: AiStanding;
}

export function readAiHistoryRow(raw: unknown): AiHistoryRowFacts | null {
  if (!isRecord(raw)) return null;
  const summary = recordAt(raw, 'summary', { down: false });
  const list = arrayAt(summary, 'competitorRankings', { up: raw });
  const rankings = list === null ? OMITTED : valuePart(brandRowsOf(list));
  const top = lookup(summary, 'topCompetitor', { up: raw, down: false });
  return {
    checkId: firstPart(raw, ['checkId', 'id'], str, { down: false }),
    checkedAt: firstPart(raw, ['checkedAt', 'completedAt', 'createdAt', 'date'], str, { down: false }),
    customer: summary === null ? readCustomer(raw, undefined) : readCustomer(summary, raw),
    rankings,
    rankingsPage: readPage(summary ?? raw, 'competitorRankings', raw, [], list?.length ?? 0),
    topCompetitor: !top.found ? OMITTED : top.value === null ? valuePart(null) : isRecord(top.value) ? valuePart(readBrandRow(top.value)) : UNREADABLE,
    standing: rankings.kind === 'value' ? standingOf(rankings.value, { complete: false, page: null }) : NO_STANDING,
  };
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
  /** Fields of the answer Radar does not know (an AI overview's text, its cited pages, …), as plain facts. */
  extras: Extra[];
  moreExtras: number;
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

/** A brand an answer named: identity on the entry or nested (`brand`, `competitor`), any case. */
function namedBrandOf(b: Record<string, unknown>): AiNamedBrand {
  const identity = identityOf(b);
  return {
    name: identity.name !== null ? valuePart(identity.name) : firstPart(b, ['name', 'brand'], str),
    domain: identity.domain !== null ? valuePart(identity.domain) : read(b, 'domain', str),
    rank: firstPart(b, ['rank', 'position'], num),
    reasoning: firstPart(b, ['reasoning', 'reason', 'why'], strOrNull),
  };
}

export function readAiAnswers(item: AiVisibilityRead): AiAnswersFacts {
  const list = arrayAt(item, 'answers', { down: false });
  const answers = list?.map((raw): AiAnswer | null => {
    if (!isRecord(raw)) return null;
    const brands = arrayAt(raw, 'brands', { down: false });
    const { extras, more } = extrasOf(raw, ['provider', 'model', 'engine', 'promptIndex', 'prompt', 'query', 'brands'], 4);
    return {
      ...readQueryRef(raw),
      extras,
      moreExtras: more,
      brands:
        brands === null
          ? UNREADABLE
          : valuePart(
              brands.map((b) =>
                isRecord(b)
                  ? namedBrandOf(b)
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

/** A trend point's brand row: the market map's row shape, `rank` read as the presence rank (null under a model filter: ranks exist only across every model). */
export type AiTrendBrand = AiBrandRow;

export interface AiTrendPoint {
  date: Part<string>;
  /** The point's brand rows, de-duplicated by domain; a point without a brand list reads as the customer's own row. */
  brands: (AiBrandRow | null)[];
  /** Standing among the point's rows (tracked brands only): a tie is said, a lead never. */
  standing: AiStanding;
}

const TREND_LIST_KEYS = ['points', 'checks', 'items', 'series', 'trend', 'history'] as const;

/** The trend's points (newest first as sent), found under `item` or the body; unreadable when no list of objects is found. */
export function readAiTrend(body: AiVisibilityTrend): Part<AiTrendPoint[]> {
  const item = recordAt(body, 'item', { down: false }) ?? body;
  let list: unknown[] | null = null;
  for (const key of TREND_LIST_KEYS) {
    const found = arrayAt(item, key, { up: body });
    if (found !== null && found.every(isRecord)) {
      list = found;
      break;
    }
  }
  list ??= onlyListOfRecords(item);
  if (list === null) return UNREADABLE;
  return valuePart(
    list.map((point) => {
      const brands = arrayAt(point, 'brands', { down: false }) ?? arrayAt(point, 'rows', { down: false }) ?? arrayAt(point, 'competitorRankings', { down: false });
      const rows = brands === null ? [ownRow(readBrandRow(point))] : brandRowsOf(brands);
      return {
        date: firstPart(point, ['checkedAt', 'date', 'completedAt', 'createdAt'], str, { down: false }),
        brands: rows,
        standing: standingOf(rows, { complete: false, page: null }),
      };
    }),
  );
}

function ownRow(row: AiBrandRow | null): AiBrandRow | null {
  return row === null ? null : { ...row, isOwn: true };
}
