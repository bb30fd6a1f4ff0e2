/**
 * Pricing's chart and table (issue 29), from the pricing reader's facts only. The chart: each
 * competitor's comparable price beside the market average and yours, one bar each, only prices in
 * the market's unit and currency (a price in another unit is not comparable and is not drawn; a
 * price not measured has no bar, never a zero one). The table: one row per competitor, as the lines
 * would say it.
 */
import type { PricingFacts, PricingRow } from '../../service/index.js';
import { valueOr } from '../../service/tolerant.js';
import { humanise, plainCell, tableBlock, type Block } from '../../slack/blocks/index.js';
import { unitWords } from '../competitor-match/pricing-words.js';
import { CHART_LIMITS, shortLabel, type ChartFacts } from '../../slack/charts/index.js';
import { freePlanText, metricText, priceMetricText, reasonText, valueText } from '../competitor-match/pricing-words.js';

export const PRICING_CHART = 'pricing-comparable-prices';
export const PRICING_TABLE = 'pricing-competitors';

/** A row's price when it is comparable: in the market unit and currency, a number. */
function comparablePrice(row: Pick<PricingRow, 'lowestPrice' | 'currency' | 'pricingUnit'>, unit: string, currency: string): number | null {
  const price = valueOr(row.lowestPrice, null);
  if (typeof price !== 'number') return null;
  return valueOr(row.pricingUnit, null) === unit && valueOr(row.currency, null) === currency ? price : null;
}

/**
 * The comparable prices as bars: the competitors the market average is made of (when the payload
 * says which), else every competitor priced in the market unit and currency; then the market
 * average and your price when they are measured and comparable. Null with fewer than two bars, or
 * without a market unit and currency to compare in.
 */
export function pricingChart(facts: PricingFacts, rows: readonly (PricingRow | null)[] | null, comparable: PricingRow[] | null, currency: string | null): ChartFacts | null {
  const unit = valueOr(facts.marketPricingUnit, null);
  if (rows === null || unit === null || currency === null) return null;
  const pool = (comparable ?? rows.filter((r): r is PricingRow => r !== null)).filter((r) => !r.isOwn);
  const points: { label: string; value: number }[] = [];
  const labels = new Set<string>();
  const add = (name: string, value: number | null) => {
    if (value === null || points.length >= CHART_LIMITS.categories) return;
    let label = shortLabel(name);
    while (labels.has(label)) label = `${shortLabel(label, CHART_LIMITS.label - 1)}′`;
    labels.add(label);
    points.push({ label, value });
  };
  for (const row of pool) add(row.name ?? 'unnamed competitor', comparablePrice(row, unit, currency));
  const avg = valueOr(facts.marketAvgPrice, null);
  add('Market average', typeof avg === 'number' ? avg : null);
  add('You', comparablePrice(facts.customer, unit, currency));
  if (points.length < 2) return null;
  return {
    title: shortLabel(`Lowest prices, ${currency} ${unitWords(unit)}`, CHART_LIMITS.title),
    kind: 'bar',
    unit: ` ${currency}`,
    series: [{ name: 'Lowest price', points }],
  };
}

/**
 * Every competitor (and your own row) as a table: Competitor, Lowest price, Plans, Free plan, then
 * one column per other field the rows carry (a row without it: "not reported"). Null when a row
 * could not be read or the rows do not fit one table (then the lines).
 */
export function pricingTable(rows: readonly (PricingRow | null)[]): Block | null {
  if (rows.length === 0 || rows.some((r) => r === null)) return null;
  const present = rows as PricingRow[];
  const extraKeys = [...new Set(present.flatMap((r) => r.extras.map(([k]) => k)))];
  const extraCell = (row: PricingRow, key: string) => {
    const found = row.extras.find(([k]) => k === key);
    return found ? plainCell(valueText(found[1])) : 'not reported';
  };
  return tableBlock({
    blockId: PRICING_TABLE,
    columns: [
      { title: 'Competitor', wrap: true },
      { title: 'Lowest price', wrap: true },
      { title: 'Plans', align: 'right' },
      { title: 'Free plan' },
      ...extraKeys.map((k) => ({ title: capitalised(humanise(k)), wrap: true })),
    ],
    rows: present.map((row) => {
      const name = `${row.name ?? 'unnamed competitor'}${row.isOwn ? ' (you)' : ''}`;
      if (row.noData.kind === 'value') return [name, `no pricing data (${reasonText(row.noData.value.reason) ?? 'reason not given'})`, '–', '–', ...extraKeys.map(() => '–')];
      return [
        name,
        plainCell(priceMetricText(row.lowestPrice, row.currency, row.pricingUnit)),
        plainCell(metricText(row.planCount)),
        plainCell(freePlanText(row.hasFreePlan)),
        ...extraKeys.map((k) => extraCell(row, k)),
      ];
    }),
  });
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The currency of the market figures: the payload's `marketCurrency` when it says; else the one
 * currency every comparable competitor price (or, when those are not named, every measured competitor
 * price in the market unit) is quoted in; null when that is not one currency (the figure is then
 * shown with its unit alone).
 */
export function marketCurrency(facts: PricingFacts, rows: readonly (PricingRow | null)[] | null, unit: string | null, comparable: PricingRow[] | null): string | null {
  const said = facts.marketCurrency;
  if (said.kind === 'value' && said.value !== null) return said.value;
  if (rows === null || unit === null) return null;
  const pool = comparable ?? rows.filter((r): r is PricingRow => r !== null && !r.isOwn && valueOr(r.pricingUnit, null) === unit && typeof valueOr(r.lowestPrice, null) === 'number');
  const currencies = new Set(pool.map((r) => valueOr(r.currency, null)));
  const [only] = [...currencies];
  return currencies.size === 1 && typeof only === 'string' ? only : null;
}

/** The competitor rows whose prices make the market average, when the payload says (a list of ids, or a flag per row). */
export function comparableRows(facts: PricingFacts, rows: readonly (PricingRow | null)[] | null): PricingRow[] | null {
  if (rows === null) return null;
  const present = rows.filter((r): r is PricingRow => r !== null);
  if (facts.comparableIds.kind === 'value') {
    const ids = new Set(facts.comparableIds.value);
    return present.filter((r) => r.id !== null && ids.has(r.id));
  }
  if (present.some((r) => r.inMarketAverage.kind === 'value')) return present.filter((r) => valueOr(r.inMarketAverage, false) === true);
  return null;
}

/** The comparable-prices chart from the reader's facts alone (the digest's and the watch's way in). */
export function pricingChartOf(facts: PricingFacts): ChartFacts | null {
  const rows = facts.competitors.kind === 'value' ? facts.competitors.value : null;
  const comparable = comparableRows(facts, rows);
  return pricingChart(facts, rows, comparable, marketCurrency(facts, rows, valueOr(facts.marketPricingUnit, null), comparable));
}
