/**
 * Pricing changes (issue 16), compared on the pricing reader's facts (`readPricingRun`, the reading
 * `/radar pricing` and the competitor card use; issue 27): rows matched between runs by identity (id,
 * then domain, then name, wherever it sits), each change stated as a fact ("lowest price $49 → $39",
 * "free plan gap: now a gap"), never a key: a competitor's free plan (tri-state), lowest
 * price, plan count, pricing data becoming available or unavailable (with the reason); the own side's
 * metrics and analysis; the market average and price position quoted with `marketPricingUnit`; the
 * comparable prices the average rests on; every gap flag, named in words.
 */
import { matchIdentity, PRICE_KEYS, type PricingFacts, type PricingMetrics, type PricingRow, type Unavailable } from '../../../service/index.js';
import type { Part } from '../../../service/tolerant.js';
import { humanise } from '../../../slack/blocks/index.js';
import { moneyText, unitWords } from '../../competitor-match/pricing-words.js';
import { changeOf, movedText, plain, scalarChange, type Change, type Raw, type RunPair } from './change.js';

/** Each name in camelCase, snake_case and kebab-case (the generic comparison matches keys by lower case only). */
export function keyStyles(names: readonly string[]): string[] {
  const snake = (n: string) => n.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  return [...new Set(names.flatMap((n) => [n, snake(n), snake(n).replaceAll('_', '-')]))];
}

/** Keys these rules read (every spelling style); the generic comparison leaves them alone. */
export const PRICING_KEYS = keyStyles([
  ...PRICE_KEYS,
  'hasFreePlan',
  'freePlan',
  'hasFreeTier',
  'planCount',
  'plansCount',
  'pricingDataAvailable',
  'pricingAnalysisAvailable',
  'marketAvgPrice',
  'pricePositionPercent',
  'marketPricingUnit',
  'marketCurrency',
  'comparablePriceCount',
  'comparableCompetitorIds',
  'inMarketAverage',
  'gaps',
  'currency',
  'currencyCode',
  'pricingUnit',
  'priceUnit',
  'billingUnit',
]);

/** A part's value as sent (null "not measured"); undefined when omitted. */
const valueOf = <T,>(part: Part<T>): Raw => (part.kind === 'value' ? part.value : undefined);

/** How a scalar part moved; null when it did not, or when either side couldn't be read (Radar asserts no move it cannot see). */
function partMove<T>(before: Part<T>, after: Part<T>) {
  if (before.kind === 'unreadable' || after.kind === 'unreadable') return null;
  return scalarChange(valueOf(before), valueOf(after));
}

function freePlanText(before: Raw, after: Raw): string | null {
  if (before === after) return null;
  if ((before === null || before === undefined) && after === true) return 'now measured: has a free plan';
  if ((before === null || before === undefined) && after === false) return 'now measured: no free plan';
  if (before === false && after === true) return 'added a free plan';
  if (before === true && after === false) return 'dropped its free plan';
  if (after === null || after === undefined) return `free plan no longer measured (was ${plain(before)})`;
  return null;
}

const money = (currency: Raw, unit: Raw) => (value: Raw) => (typeof value === 'number' ? moneyText(value, currency, unit) : plain(value));

const noData = (part: Part<Unavailable>) => (part.kind === 'value' ? part.value : null);

function metricChanges(before: PricingMetrics & { noData?: Part<Unavailable> }, after: PricingMetrics & { noData?: Part<Unavailable> }, competitor: string | null, own: boolean): Change[] {
  const out: Change[] = [];
  const base = { competitor, own };
  const wasOff = before.noData ? noData(before.noData) : null;
  const isOff = after.noData ? noData(after.noData) : null;
  if (!wasOff && isOff) {
    out.push(changeOf({ ...base, kind: 'pricing-data', weight: 70, text: `pricing data now unavailable${isOff.reason ? ` (${humanise(isOff.reason)})` : ''}`, before: 'available', after: isOff.reason ?? 'unavailable' }));
  } else if (wasOff && !isOff) {
    out.push(changeOf({ ...base, kind: 'pricing-data', weight: 70, text: 'pricing data available again', before: wasOff.reason ?? 'unavailable', after: 'available' }));
  }
  if (before.hasFreePlan.kind !== 'unreadable' && after.hasFreePlan.kind !== 'unreadable') {
    const free = freePlanText(valueOf(before.hasFreePlan), valueOf(after.hasFreePlan));
    if (free) out.push(changeOf({ ...base, kind: 'free-plan', weight: 90, text: free, before: valueOf(before.hasFreePlan), after: valueOf(after.hasFreePlan) }));
  }
  const price = partMove(before.lowestPrice, after.lowestPrice);
  if (price && !(isOff && price.kind === 'no_longer_measured')) {
    const format = money(valueOf(after.currency) ?? valueOf(before.currency), valueOf(after.pricingUnit) ?? valueOf(before.pricingUnit));
    out.push(changeOf({ ...base, kind: 'price', weight: 80, text: movedText('lowest price', price, format), before: format(price.before), after: format(price.after) }));
  }
  const plans = partMove(before.planCount, after.planCount);
  if (plans && !(isOff && plans.kind === 'no_longer_measured')) out.push(changeOf({ ...base, kind: 'plans', weight: 60, text: movedText('plan count', plans), before: plans.before, after: plans.after }));
  return out;
}

/** "−26.1%", "+4%", "0%" (plain). */
const percent = (v: Raw) => (typeof v === 'number' ? `${v === 0 ? '' : v < 0 ? '−' : '+'}${plain(Math.abs(v))}%` : plain(v));

function marketChanges(f0: PricingFacts, f1: PricingFacts): Change[] {
  const out: Change[] = [];
  const unit = valueOf(f1.marketPricingUnit) ?? valueOf(f0.marketPricingUnit);
  const currency = valueOf(f1.marketCurrency) ?? valueOf(f0.marketCurrency);
  const per = typeof unit === 'string' ? ` (${unitWords(unit)})` : '';
  const avg = partMove(f0.marketAvgPrice, f1.marketAvgPrice);
  const format = money(currency, null);
  if (avg) out.push(changeOf({ kind: 'market', competitor: null, weight: 50, text: `${movedText('market average price', avg, format)}${per}`, before: format(avg.before), after: format(avg.after) }));
  const pos = partMove(f0.pricePositionPercent, f1.pricePositionPercent);
  if (pos) out.push(changeOf({ kind: 'market', competitor: null, weight: 50, text: `${movedText('your price position against the market average', pos, percent)}`, before: percent(pos.before), after: percent(pos.after) }));
  const unitMove = partMove(f0.marketPricingUnit, f1.marketPricingUnit);
  if (unitMove) out.push(changeOf({ kind: 'market', competitor: null, weight: 45, text: movedText('market pricing unit', unitMove, (v) => (typeof v === 'string' ? unitWords(v) : plain(v))), before: unitMove.before, after: unitMove.after }));
  const count = partMove(f0.comparablePriceCount, f1.comparablePriceCount);
  if (count && count.kind === 'changed') out.push(changeOf({ kind: 'market', competitor: null, weight: 35, text: `comparable prices behind the market average ${plain(count.before)} → ${plain(count.after)}`, before: count.before, after: count.after }));
  return out;
}

function gapChanges(f0: PricingFacts, f1: PricingFacts): Change[] {
  const g0 = f0.gaps.kind === 'value' ? f0.gaps.value : [];
  const g1 = f1.gaps.kind === 'value' ? f1.gaps.value : [];
  const out: Change[] = [];
  const labels = [...new Set([...g0, ...g1].map((g) => g.label))];
  for (const label of labels) {
    const a = g0.find((g) => g.label === label);
    const b = g1.find((g) => g.label === label);
    if (a?.value.kind === 'unreadable' || b?.value.kind === 'unreadable') continue;
    const move = scalarChange(a ? valueOf(a.value) : undefined, b ? valueOf(b.value) : undefined);
    if (!move) continue;
    const text = move.kind === 'changed' ? `${label}: ${move.after === true ? 'now a gap' : 'no longer a gap'}` : movedText(label, move, (v) => (v === true ? 'a gap' : v === false ? 'no gap' : plain(v)));
    out.push(changeOf({ kind: 'pricing-gaps', competitor: null, weight: 40, text, before: move.before, after: move.after }));
  }
  return out;
}

const rowsOf = (facts: PricingFacts | null): PricingRow[] => (facts?.competitors.kind === 'value' ? facts.competitors.value.filter((r): r is PricingRow => r !== null) : []);

export function pricingChanges({ previous, current }: RunPair): Change[] {
  const f0 = previous.pricing ?? null;
  const f1 = current.pricing ?? null;
  const out: Change[] = [];
  const before = rowsOf(f0).map((row) => ({ ...row.identity, row }));
  for (const row of rowsOf(f1)) {
    const was = row.name === null ? undefined : matchIdentity(row.identity, before)?.row;
    if (was && row.name !== null) out.push(...metricChanges(was, row, row.name.toLowerCase(), row.isOwn));
  }
  if (!f0 || !f1) return out;
  out.push(...metricChanges(f0.customer, f1.customer, 'own', true).filter((c) => !out.some((o) => o.line === c.line)));
  const own0 = noData(f0.ownUnanalysed);
  const own1 = noData(f1.ownUnanalysed);
  if (!own0 && own1) out.push(changeOf({ kind: 'own-pricing', competitor: null, weight: 65, text: `your own pricing could not be analysed this run${own1.reason ? ` (${humanise(own1.reason)})` : ''}`, before: 'analysed', after: own1.reason ?? 'not analysed' }));
  if (own0 && !own1) out.push(changeOf({ kind: 'own-pricing', competitor: null, weight: 65, text: 'your own pricing is analysed again', before: own0.reason ?? 'not analysed', after: 'analysed' }));
  out.push(...marketChanges(f0, f1), ...gapChanges(f0, f1));
  return out;
}
