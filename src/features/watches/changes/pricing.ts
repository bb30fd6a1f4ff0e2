/**
 * Pricing changes (issue 16): a competitor's free plan (tri-state), lowest price, plan count, pricing
 * data becoming available or unavailable (with the reason); the own side's metrics and analysis; the
 * market average and price position quoted with `marketPricingUnit`; every gap flag.
 */
import { availabilityReason, markerSaysUnavailable } from '../../../service/schemas/common.js';
import { isRecord, lookup } from '../../../service/tolerant.js';
import { humanise } from '../../../slack/blocks/index.js';
import { changeOf, field, isOwnRow, movedText, plain, rowsByName, scalarChange, summaryOf, type Change, type Raw, type RunPair } from './change.js';

/** Keys these rules read; the generic comparison leaves them alone. */
export const PRICING_KEYS = ['hasFreePlan', 'lowestPrice', 'planCount', 'pricingDataAvailable', 'pricingAnalysisAvailable', 'marketAvgPrice', 'pricePositionPercent', 'marketPricingUnit', 'gaps', 'currency', 'pricingUnit'];

const GAP_KEY = /^has.*gap$/i;

function unavailableReason(obj: unknown, key: string): { unavailable: boolean; reason: string | null } {
  const hit = lookup(obj, key, { down: false });
  if (!hit.found || !markerSaysUnavailable(hit.value)) return { unavailable: false, reason: null };
  return { unavailable: true, reason: availabilityReason(hit.value) ?? null };
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

const money = (unit: Raw, currency: Raw) => (value: Raw) =>
  typeof value === 'number' ? `${plain(value)}${typeof currency === 'string' ? ` ${currency}` : ''}${typeof unit === 'string' ? ` ${humanise(unit)}` : ''}` : plain(value);

function metricChanges(before: unknown, after: unknown, competitor: string | null, own: boolean): Change[] {
  const out: Change[] = [];
  const base = { competitor, own };
  const wasOff = unavailableReason(before, 'pricingDataAvailable');
  const isOff = unavailableReason(after, 'pricingDataAvailable');
  if (!wasOff.unavailable && isOff.unavailable) {
    out.push(changeOf({ ...base, weight: 70, text: `pricing data now unavailable${isOff.reason ? ` (${humanise(isOff.reason)})` : ''}`, before: 'available', after: isOff.reason ?? 'unavailable' }));
  } else if (wasOff.unavailable && !isOff.unavailable) {
    out.push(changeOf({ ...base, weight: 70, text: 'pricing data available again', before: wasOff.reason ?? 'unavailable', after: 'available' }));
  }
  const free = freePlanText(field(before, 'hasFreePlan'), field(after, 'hasFreePlan'));
  if (free) out.push(changeOf({ ...base, weight: 90, text: free, before: field(before, 'hasFreePlan'), after: field(after, 'hasFreePlan') }));
  const price = scalarChange(field(before, 'lowestPrice'), field(after, 'lowestPrice'));
  if (price && !(isOff.unavailable && price.kind === 'no_longer_measured')) {
    const format = money(field(after, 'pricingUnit') ?? field(before, 'pricingUnit'), field(after, 'currency') ?? field(before, 'currency'));
    out.push(changeOf({ ...base, weight: 80, text: movedText('lowest price', price, format), before: price.before, after: price.after }));
  }
  const plans = scalarChange(field(before, 'planCount'), field(after, 'planCount'));
  if (plans && !(isOff.unavailable && plans.kind === 'no_longer_measured')) out.push(changeOf({ ...base, weight: 60, text: movedText('plan count', plans), before: plans.before, after: plans.after }));
  return out;
}

export function pricingChanges({ previous, current }: RunPair): Change[] {
  const out: Change[] = [];
  const before = rowsByName(previous, 'competitors');
  const after = rowsByName(current, 'competitors');
  for (const [name, row] of after) {
    const was = before.get(name);
    if (was) out.push(...metricChanges(was, row, name, isOwnRow(row)));
  }
  const s0 = summaryOf(previous);
  const s1 = summaryOf(current);
  const c0 = lookup(s0, 'customer').found ? field(s0, 'customer') : undefined;
  const c1 = lookup(s1, 'customer').found ? field(s1, 'customer') : undefined;
  if (isRecord(c0) && isRecord(c1)) out.push(...metricChanges(c0, c1, 'own', true).filter((c) => !out.some((o) => o.line === c.line)));
  const own0 = unavailableReason(s0, 'pricingAnalysisAvailable');
  const own1 = unavailableReason(s1, 'pricingAnalysisAvailable');
  if (!own0.unavailable && own1.unavailable) out.push(changeOf({ competitor: null, weight: 65, text: `your own pricing could not be analysed this run${own1.reason ? ` (${humanise(own1.reason)})` : ''}`, before: 'analysed', after: own1.reason ?? 'not analysed' }));
  if (own0.unavailable && !own1.unavailable) out.push(changeOf({ competitor: null, weight: 65, text: 'your own pricing is analysed again', before: own0.reason ?? 'not analysed', after: 'analysed' }));

  const unit = field(s1, 'marketPricingUnit') ?? field(s0, 'marketPricingUnit');
  const per = typeof unit === 'string' ? ` (${humanise(unit)})` : '';
  for (const [key, label] of [['marketAvgPrice', 'market average price'], ['pricePositionPercent', 'your price position %']] as const) {
    const move = scalarChange(field(s0, key), field(s1, key));
    if (move) out.push(changeOf({ competitor: null, weight: 50, text: `${movedText(label, move)}${per}`, before: move.before, after: move.after }));
  }
  const unitMove = scalarChange(field(s0, 'marketPricingUnit'), field(s1, 'marketPricingUnit'));
  if (unitMove) out.push(changeOf({ competitor: null, weight: 45, text: movedText('market pricing unit', unitMove, (v) => (typeof v === 'string' ? humanise(v) : plain(v))), before: unitMove.before, after: unitMove.after }));

  for (const [key, move] of gapMoves(s0, s1)) {
    const label = humanise(key.replace(/^has/i, '')).replace(/ gap$/, ' gap');
    const text =
      move.kind === 'changed' ? `${label}: ${move.after === true ? 'now a gap' : 'no longer a gap'}` : movedText(label, move);
    out.push(changeOf({ competitor: null, weight: 40, text, before: move.before, after: move.after }));
  }
  return out;
}

function gapFlags(summary: unknown): Map<string, Raw> {
  const flags = new Map<string, Raw>();
  const gaps = field(summary, 'gaps');
  for (const source of [gaps, summary]) {
    if (!isRecord(source)) continue;
    for (const [k, v] of Object.entries(source)) if (GAP_KEY.test(k) && (v === null || typeof v === 'boolean') && !flags.has(k)) flags.set(k, v);
  }
  return flags;
}

function gapMoves(s0: unknown, s1: unknown): [string, NonNullable<ReturnType<typeof scalarChange>>][] {
  const a = gapFlags(s0);
  const b = gapFlags(s1);
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  return keys.flatMap((k) => {
    const move = scalarChange(a.get(k), b.get(k));
    return move ? [[k, move] as [string, NonNullable<typeof move>]] : [];
  });
}
