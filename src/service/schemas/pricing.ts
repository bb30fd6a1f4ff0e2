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
  lookup,
  OMITTED,
  read,
  recordAt,
  arrayAt,
  UNREADABLE,
  valuePart,
  type JsonRecord,
  type Part,
} from '../tolerant.js';
import { availabilityReason, markerSaysUnavailable } from './common.js';

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
  value: Part<boolean | null>;
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
]);

const GAP_KEY = /^has.*gap$/i;
const PRICE_GAP = 'hasPriceGap';

function extrasOf(obj: JsonRecord): [string, unknown][] {
  return Object.entries(obj).filter(([k, v]) => !keyIn(k, KNOWN) && !GAP_KEY.test(k) && (v === null || typeof v !== 'object'));
}

/** Metrics on `obj` (a row or the customer), each found there, one level down, or on `up`. */
function metricsOf(obj: JsonRecord, up?: unknown): PricingMetrics {
  const near = { up };
  return {
    lowestPrice: read(obj, 'lowestPrice', nullableNumber, near),
    currency: read(obj, 'currency', nullableString, near),
    pricingUnit: read(obj, 'pricingUnit', nullableString, near),
    planCount: read(obj, 'planCount', nullableNumber, near),
    hasFreePlan: read(obj, 'hasFreePlan', flag, near),
    extras: extrasOf(obj),
  };
}

/** A marker found at `key`: `omitted` when absent (or explicitly available), else its reason. */
function unavailable(obj: unknown, key: string, up?: unknown): Part<Unavailable> {
  const hit = lookup(obj, key, { up });
  if (!hit.found || !markerSaysUnavailable(hit.value)) return OMITTED;
  return valuePart({ reason: availabilityReason(hit.value, hit.where === 'here' ? obj : undefined) ?? null });
}

function stringOf(row: JsonRecord, key: string): string | null {
  const hit = lookup(row, key);
  return hit.found && (typeof hit.value === 'string' || typeof hit.value === 'number') && String(hit.value) !== '' ? String(hit.value) : null;
}

function rowOf(raw: unknown): PricingRow | null {
  if (!isRecord(raw)) return null;
  const isOwn = lookup(raw, 'isOwn');
  const inAverage = read(raw, 'inMarketAverage', z.boolean());
  return {
    ...metricsOf(raw),
    name: stringOf(raw, 'domain') ?? stringOf(raw, 'name') ?? stringOf(raw, 'competitorId'),
    id: stringOf(raw, 'competitorId'),
    inMarketAverage: inAverage.kind === 'omitted' ? read(raw, 'comparable', z.boolean()) : inAverage,
    isOwn: isOwn.found && isOwn.value === true,
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
    const lower = key.toLowerCase();
    if (flags.has(lower)) return;
    const parsed = flag.safeParse(value);
    flags.set(lower, { key, value: parsed.success ? valuePart(parsed.data) : UNREADABLE });
  };
  const gaps = recordAt(summary, 'gaps', { up: item });
  for (const [k, v] of Object.entries(gaps ?? {})) if (v === null || typeof v === 'boolean' || GAP_KEY.test(k)) add(k, v);
  for (const [k, v] of collect(item, (k) => GAP_KEY.test(k), 3)) add(k, v);
  const all = [...flags.values()];
  const price = all.filter((f) => f.key.toLowerCase() === PRICE_GAP.toLowerCase());
  return [...price, ...all.filter((f) => !price.includes(f))];
}

/** Reads a parsed pricing `item` tolerantly (see the module comment). */
export function readPricing(item: PricingRead): PricingFacts {
  const summary: JsonRecord = item.summary;
  const customer: JsonRecord = item.summary.customer;
  const near = { up: item };
  const flags = gapFlagsOf(item, summary);
  const priceGap = flags.find((f) => f.key.toLowerCase() === PRICE_GAP.toLowerCase());
  const rows = arrayAt(item, 'competitors');
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
