/**
 * The card's pricing row, as the pricing reader reads it (`readPricing`, the one reading `/radar
 * pricing` and the pricing watch use) and in `/radar pricing`'s words: lowest price with its currency
 * and unit (found under whatever key the reader finds it), free plan tri-state, plan count, the
 * no-data reason.
 */
import type { PricingFacts } from '../../../service/index.js';
import { escapeMrkdwn, humanise } from '../../../slack/blocks/index.js';
import { freePlanText, metricText, priceMetricText, valueText } from '../../competitor-match/pricing-words.js';
import { rowFor, type CompetitorRef } from '../competitor-ref.js';
import type { CardPart } from './parts.js';

export function pricingFactLines(facts: PricingFacts, ref: CompetitorRef): string[] {
  if (facts.competitors.kind !== 'value') return ["_The pricing read's competitor rows couldn't be read._"];
  const row = rowFor(facts.competitors.value, ref, (r) => r?.identity ?? null);
  if (!row) return ['_Not among the rows of the pricing read._'];
  if (row.noData.kind === 'value') return [`No pricing data: ${row.noData.value.reason ? escapeMrkdwn(humanise(row.noData.value.reason)) : 'reason not given'}.`];
  const extras = row.extras.map(([k, v]) => `${escapeMrkdwn(humanise(k))} ${valueText(v)}`);
  return [`Lowest price ${priceMetricText(row.lowestPrice, row.currency, row.pricingUnit)} · free plan ${freePlanText(row.hasFreePlan)} · plans ${metricText(row.planCount)}${extras.length ? ` · ${extras.join(' · ')}` : ''}`];
}

export const pricingPart: CardPart = {
  title: 'Pricing',
  command: 'pricing',
  async read(service, projectId, ref) {
    return pricingFactLines(await service.pricingFacts(projectId), ref);
  },
};
