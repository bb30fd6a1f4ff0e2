/** The card's pricing row: lowest price and unit where given, free plan tri-state, the no-data reason (via `readPricing`). */
import { normaliseDomain } from '../../competitor-match/match-competitor.js';
import { readPricing, type PricingRow } from '../../../service/index.js';
import { escapeMrkdwn, humanise } from '../../../slack/blocks/index.js';
import type { CompetitorRef } from '../competitor-ref.js';
import { NOT_MEASURED, partText, priceText } from './format.js';
import type { CardPart } from './parts.js';

function isAbout(row: PricingRow, ref: CompetitorRef): boolean {
  if (row.name === null) return false;
  const name = row.name.toLowerCase();
  return name === ref.id?.toLowerCase() || normaliseDomain(row.name) === normaliseDomain(ref.domain) || name === ref.name?.toLowerCase();
}

export function pricingLines(rows: (PricingRow | null)[], ref: CompetitorRef): string[] {
  const row = rows.find((r): r is PricingRow => r !== null && isAbout(r, ref));
  if (!row) return ['_Not among the rows of the pricing read._'];
  if (row.noData.kind === 'value') return [`No pricing data: ${row.noData.value.reason ? escapeMrkdwn(humanise(row.noData.value.reason)) : 'reason not given'}.`];
  const v = <T,>(p: { kind: string; value?: T }) => (p.kind === 'value' ? (p.value ?? null) : null);
  const lowest = partText(row.lowestPrice, (amount) => (amount === null ? NOT_MEASURED : priceText(amount, v<string | null>(row.currency), v<string | null>(row.pricingUnit))));
  const free = partText(row.hasFreePlan, (f) => (f === null ? '_not checked_' : f ? 'yes' : 'no'));
  const plans = partText(row.planCount, (n) => (n === null ? NOT_MEASURED : escapeMrkdwn(String(n))));
  return [`Lowest price ${lowest} · free plan ${free} · plans ${plans}`];
}

export const pricingPart: CardPart = {
  title: 'Pricing',
  command: 'pricing',
  async read(service, projectId, ref) {
    const facts = readPricing(await service.getPricing(projectId));
    if (facts.competitors.kind !== 'value') return ["_The pricing read's competitor rows couldn't be read._"];
    return pricingLines(facts.competitors.value, ref);
  },
};
