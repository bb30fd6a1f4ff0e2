/**
 * The pricing dashboard (spec 2.5, "Pricing").
 *
 * The spec names and places only `summary.customer` ("every metric on `summary.customer` is null"),
 * so that is all the schema requires. Everything else is read tolerantly by `readPricing`
 * (docs/assumptions.md, "Pricing"): the named fields whose place the spec does not give
 * (`hasPriceGap`, `hasFreePlan`, `marketAvgPrice`, `marketPricingUnit`, `pricePositionPercent`,
 * `pricingAnalysisAvailable`, `pricingDataAvailable`), and the sandbox's picks (the `gaps` object, the
 * `competitors` rows, each row's and the customer's metrics).
 */
import * as z from 'zod';
import {
  collect,
  isRecord,
  keyIn,
  keySet,
  keyStem,
  lookup,
  OMITTED,
  read,
  recordAt,
  UNREADABLE,
  valuePart,
  type JsonRecord,
  type Part,
} from '../tolerant.js';
import { availabilityReason, markerSaysUnavailable } from './common.js';
import { competitorRowsOf, IDENTITY_KEYS, identityOf, labelOf, type RowIdentity } from './competitor-row.js';
import { humaniseKey } from '../extras.js';

/** The project's own pricing: a loose object; its metrics are read by `readPricing`. */
export const pricingCustomerSchema = z.looseObject({});
export type PricingCustomer = z.infer<typeof pricingCustomerSchema>;

export const pricingSummarySchema = z.looseObject({ customer: pricingCustomerSchema });
export type PricingSummary = z.infer<typeof pricingSummarySchema>;

/** The `item` of GET /v1/projects/{projectId}/pricing: only `summary.customer` is required. */
export const pricingReadSchema = z.looseObject({ summary: pricingSummarySchema });
export type PricingRead = z.infer<typeof pricingReadSchema>;

/** An availability marker that arrived: `reason` is null when its shape gives none Radar can read. */
export interface Unavailable {
  reason: string | null;
}

/** One metric: a value as sent (null is "not measured"), omitted ("not reported"), or unreadable. */
export type Metric<T> = Part<T>;

export interface PricingMetrics {
  lowestPrice: Metric<number | null>;
  currency: Metric<string | null>;
  pricingUnit: Metric<string | null>;
  planCount: Metric<number | null>;
  /** Null is "not checked", false "checked and none". */
  hasFreePlan: Metric<boolean | null>;
  /** Other keys of the object, verbatim, in the order received (objects and arrays left out). */
  extras: [string, unknown][];
}

export interface PricingRow extends PricingMetrics {
  /** Who the row is about, found on the row or nested (`identityOf`); `name`, `id` and `isOwn` repeat it. */
  identity: RowIdentity;
  /** The domain, else the name, else the competitor id; null when the row names none of them. */
  name: string | null;
  /** The row's `competitorId` when it carries one. */
  id: string | null;
  /** The sandbox's `inMarketAverage` (also read as `comparable`): whether this row's price is one the market average is made of; omitted when not said. */
  inMarketAverage: Part<boolean>;
  isOwn: boolean;
  /** Present (a `value`) when the row carries a `pricingDataAvailable` saying it has no data. */
  noData: Part<Unavailable>;
}

export interface GapFlag {
  key: string;
  /** What the flag is about, in words: "price gap", "free plan gap", "annual discount gap" (never the key). */
  label: string;
  /** The stem of the row feature a gap is about (`hasFreePlanGap` -> `hasfreeplan`), to find who has it. */
  feature: string;
  value: Part<boolean | null>;
}

/** A gap flag's words, whatever the key's style: `hasFreePlanGap`, `has_free_plan_gap` -> "free plan gap". */
/** The gap flags the spec names (2.5), by their stems: their words never depend on how the key was spelt. */
const NAMED_GAPS: Readonly<Record<string, string>> = { haspricegap: 'price gap', hasfreeplangap: 'free plan gap', hasannualdiscountgap: 'annual discount gap' };

export function gapLabel(key: string): string {
  const named = NAMED_GAPS[keyStem(key)];
  if (named !== undefined) return named;
  const core = key.replace(/^has[_\-\s]?/i, '').replace(/[_\-\s]*gap$/i, '');
  const words = humaniseKey(core).toLowerCase();
  return words === '' ? 'gap' : `${words} gap`;
}

export interface PricingFacts {
  customer: PricingMetrics;
  /** `pricingAnalysisAvailable`: a `value` when the own side could not be analysed, `omitted` when it was. */
  ownUnanalysed: Part<Unavailable>;
  /** Every gap flag found, `hasPriceGap` first; `unreadable` when none was found anywhere. */
  gaps: Part<GapFlag[]>;
  /** `hasPriceGap` alone (also listed in `gaps` when found). */
  priceGap: Part<boolean | null>;
  marketAvgPrice: Part<number | null>;
  marketPricingUnit: Part<string | null>;
  pricePositionPercent: Part<number | null>;
  /** The sandbox's `comparablePriceCount`; not named by the spec, `omitted` when absent. */
  comparablePriceCount: Part<number>;
  /** The sandbox's `marketCurrency` (ISO code of the market figures); not named by the spec, `omitted` when absent. */
  marketCurrency: Part<string | null>;
  /** The sandbox's `comparableCompetitorIds`: the rows whose prices make the market average; `omitted` when not said. */
  comparableIds: Part<string[]>;
  /**
   * One row per tracked competitor, in the order received (null for an entry that is not an object);
   * `unreadable` when the list was not found.
   */
  competitors: Part<(PricingRow | null)[]>;
}

const flag = z.boolean().nullable();
const nullableNumber = z.number().nullable();
const nullableString = z.string().nullable();

/**
 * Where a price is named: the sandbox's `lowestPrice` first, then the names another service might give
 * it (any case or style). A value may be a number, null, or an object with an amount and a currency.
 */
export const PRICE_KEYS = ['lowestPrice', 'startingPrice', 'startingAt', 'priceFrom', 'fromPrice', 'minPrice', 'minimumPrice', 'cheapestPrice', 'entryPrice', 'lowestPlanPrice', 'basePrice', 'price'];
const CURRENCY_KEYS = ['currency', 'currencyCode', 'priceCurrency'];
const UNIT_KEYS = ['pricingUnit', 'priceUnit', 'billingUnit', 'unit'];
const PLAN_COUNT_KEYS = ['planCount', 'plansCount', 'numberOfPlans', 'numPlans'];
const FREE_PLAN_KEYS = ['hasFreePlan', 'freePlan', 'hasFreeTier', 'freeTier'];
function PRICE_KEYS_LIST(): string[] {
  return [...PRICE_KEYS, ...CURRENCY_KEYS, ...UNIT_KEYS, ...PLAN_COUNT_KEYS, ...FREE_PLAN_KEYS, 'amount'];
}

/** Keys Radar reads by name anywhere in the pricing answer; never repeated as "extras". */
const KNOWN = keySet([
  'competitorId',
  'domain',
  'name',
  'isOwn',
  'pricingDataAvailable',
  'pricingAnalysisAvailable',
  'lowestPrice',
  'currency',
  'pricingUnit',
  'hasFreePlan',
  'planCount',
  'marketAvgPrice',
  'marketPricingUnit',
  'pricePositionPercent',
  'comparablePriceCount',
  'marketCurrency',
  'comparableCompetitorIds',
  'inMarketAverage',
  'comparable',
  'customer',
  'gaps',
  'competitors',
  ...IDENTITY_KEYS,
  ...PRICE_KEYS_LIST(),
]);

const GAP_KEY = /^has.*gap$/i;
const PRICE_GAP = 'hasPriceGap';

/**
 * The fields of a row (or the customer) Radar does not read by name, in the order received, none
 * silently dropped: a child object that holds named metrics (`pricing: { lowest_price }`) is entered
 * and its other keys listed; one that names a competitor (an identity holder) is the row's identity.
 */
function extrasOf(obj: JsonRecord): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (keyIn(k, KNOWN) || GAP_KEY.test(k)) continue;
    if (isRecord(v)) {
      if (Object.keys(v).some((c) => keyIn(c, KNOWN))) {
        for (const [ck, cv] of Object.entries(v)) if (!keyIn(ck, KNOWN) && !GAP_KEY.test(ck) && !isRecord(cv)) out.push([ck, cv]);
        continue;
      }
      const id = identityOf(v);
      if (id.domain !== null || id.name !== null) continue;
    }
    out.push([k, v]);
  }
  return out;
}

/** Metrics on `obj` (a row or the customer), each found there, one level down, or on `up`. */
/** The first of `keys` found (any case, on `obj`, `up` or one level down), read against `schema`; omitted when none is there. */
function firstOf<T>(obj: JsonRecord, keys: readonly string[], schema: z.ZodType<T>, up?: unknown): Part<T> {
  for (const key of keys) {
    const part = read(obj, key, schema, { up });
    if (part.kind !== 'omitted') return part;
  }
  return OMITTED;
}

/** A price given as an object (`{ amount: 49, currency: 'USD' }`): its amount, and its currency when it names one. */
function priceObject(value: JsonRecord): { amount: Part<number | null>; currency: Part<string | null> } {
  const amount = firstOf(value, ['amount', 'value', 'price', 'min', 'lowest'], nullableNumber);
  return { amount: amount.kind === 'omitted' ? UNREADABLE : amount, currency: firstOf(value, CURRENCY_KEYS, nullableString) };
}

/** Metrics on `obj` (a row or the customer), each found there, one level down, or on `up`. */
function metricsOf(obj: JsonRecord, up?: unknown): PricingMetrics {
  let lowestPrice: Part<number | null> = OMITTED;
  let priceCurrency: Part<string | null> = OMITTED;
  for (const key of PRICE_KEYS) {
    const hit = lookup(obj, key, { up });
    if (!hit.found) continue;
    if (isRecord(hit.value)) ({ amount: lowestPrice, currency: priceCurrency } = priceObject(hit.value));
    else lowestPrice = nullableNumber.safeParse(hit.value).success ? valuePart(hit.value as number | null) : UNREADABLE;
    break;
  }
  const currency = firstOf(obj, CURRENCY_KEYS, nullableString, up);
  return {
    lowestPrice,
    currency: currency.kind === 'omitted' ? priceCurrency : currency,
    pricingUnit: firstOf(obj, UNIT_KEYS, nullableString, up),
    planCount: firstOf(obj, PLAN_COUNT_KEYS, nullableNumber, up),
    hasFreePlan: firstOf(obj, FREE_PLAN_KEYS, flag, up),
    extras: extrasOf(obj),
  };
}

/** A marker found at `key`: `omitted` when absent (or explicitly available), else its reason. */
function unavailable(obj: unknown, key: string, up?: unknown): Part<Unavailable> {
  const hit = lookup(obj, key, { up });
  if (!hit.found || !markerSaysUnavailable(hit.value)) return OMITTED;
  return valuePart({ reason: availabilityReason(hit.value, hit.where === 'here' ? obj : undefined) ?? null });
}

function rowOf(raw: unknown): PricingRow | null {
  if (!isRecord(raw)) return null;
  const identity = identityOf(raw);
  const inAverage = read(raw, 'inMarketAverage', z.boolean());
  return {
    ...metricsOf(raw),
    identity,
    name: labelOf(identity),
    id: identity.competitorId,
    inMarketAverage: inAverage.kind === 'omitted' ? read(raw, 'comparable', z.boolean()) : inAverage,
    isOwn: identity.isOwn,
    noData: unavailable(raw, 'pricingDataAvailable'),
  };
}

/**
 * The gap flags (spec 2.5: three, `hasPriceGap` named): every boolean-or-null key of a `gaps` object,
 * plus every `has…Gap` key anywhere under the summary or beside it (rows never entered).
 */
function gapFlagsOf(item: JsonRecord, summary: JsonRecord): GapFlag[] {
  const flags = new Map<string, GapFlag>();
  const add = (key: string, value: unknown) => {
    const lower = keyStem(key);
    if (flags.has(lower)) return;
    const parsed = flag.safeParse(value);
    const feature = keyStem(key).replace(/gap$/, '');
    flags.set(lower, { key, label: gapLabel(key), feature, value: parsed.success ? valuePart(parsed.data) : UNREADABLE });
  };
  const gaps = recordAt(summary, 'gaps', { up: item });
  for (const [k, v] of Object.entries(gaps ?? {})) if (v === null || typeof v === 'boolean' || GAP_KEY.test(k)) add(k, v);
  for (const [k, v] of collect(item, (k) => GAP_KEY.test(k), 3)) add(k, v);
  const all = [...flags.values()];
  const price = all.filter((f) => keyStem(f.key) === keyStem(PRICE_GAP));
  return [...price, ...all.filter((f) => !price.includes(f))];
}

/** Reads a parsed pricing `item` tolerantly (see the module comment). */
export function readPricing(item: PricingRead): PricingFacts {
  const summary: JsonRecord = item.summary;
  const customer: JsonRecord = item.summary.customer;
  const near = { up: item };
  const flags = gapFlagsOf(item, summary);
  const priceGap = flags.find((f) => keyStem(f.key) === keyStem(PRICE_GAP));
  const rows = competitorRowsOf(item, ['competitors', 'rows', 'items', 'sites', 'companies', 'results', 'entries'], ['customer', 'gaps']);
  return {
    customer: metricsOf(customer, summary),
    ownUnanalysed: unavailable(summary, 'pricingAnalysisAvailable', item),
    gaps: flags.length > 0 ? valuePart(flags) : UNREADABLE,
    priceGap: priceGap ? priceGap.value : UNREADABLE,
    marketAvgPrice: read(summary, 'marketAvgPrice', nullableNumber, { ...near, absent: 'unreadable' }),
    marketPricingUnit: read(summary, 'marketPricingUnit', nullableString, { ...near, absent: 'unreadable' }),
    pricePositionPercent: read(summary, 'pricePositionPercent', nullableNumber, { ...near, absent: 'unreadable' }),
    comparablePriceCount: read(summary, 'comparablePriceCount', z.number(), near),
    marketCurrency: read(summary, 'marketCurrency', nullableString, near),
    comparableIds: read(summary, 'comparableCompetitorIds', z.array(z.string()), near),
    competitors: rows === null ? UNREADABLE : valuePart(rows.map(rowOf)),
  };
}

/**
 * A pricing run (GET .../pricing/history/{runId}: a run whose `summary` holds the dashboard's summary,
 * or the dashboard itself) read as the dashboard is read; null when it holds no `customer` object
 * Radar can find (on the run, its summary, or one level below either).
 */
export function readPricingRun(run: unknown): PricingFacts | null {
  const places: unknown[] = [run];
  const outer = recordAt(run, 'summary', { down: false });
  if (outer) places.unshift(outer);
  for (const place of places) {
    const customerHolder = [place, ...(isRecord(place) ? Object.values(place).filter(isRecord) : [])].find((o) => recordAt(o, 'customer', { down: false }) !== null);
    if (!isRecord(customerHolder)) continue;
    const rows = competitorRowsOf(run, ['competitors', 'rows', 'items', 'sites', 'companies', 'results', 'entries'], ['customer', 'gaps']);
    const parsed = pricingReadSchema.safeParse({ ...(isRecord(place) ? place : {}), summary: customerHolder, ...(rows ? { competitors: rows } : {}) });
    // A run need not carry its competitors' rows: none found is "not reported", not unreadable.
    if (parsed.success) return rows === null ? { ...readPricing(parsed.data), competitors: OMITTED } : readPricing(parsed.data);
  }
  // No own side anywhere: the competitors' rows are still facts (the own metrics read as not reported).
  const rows = competitorRowsOf(run, ['competitors', 'rows', 'items', 'sites', 'companies', 'results', 'entries'], ['customer', 'gaps']);
  if (rows === null || !isRecord(run)) return null;
  const parsed = pricingReadSchema.safeParse({ ...run, summary: { ...(outer ?? {}), customer: {} }, competitors: rows });
  return parsed.success ? readPricing(parsed.data) : null;
}

/**
 * A pricing run's summary (a history row's or a run detail's `summary`, the dashboard's summary of
 * that run) read as the dashboard's is (`readPricingRun`): the own side, the gap flags, the market
 * figures; `extras`: the summary's fields the pricing reader does not name, in the order sent. Null
 * when the summary holds nothing the pricing reader can read.
 */
export function readPricingRunSummary(summary: unknown): { facts: PricingFacts; extras: [string, unknown][] } | null {
  if (!isRecord(summary)) return null;
  const facts = readPricingRun({ summary });
  return facts === null ? null : { facts, extras: extrasOf(summary) };
}
