/**
 * Pricing dashboards (spec 2.5, layout in docs/assumptions.md). Each project exercises a different
 * part of the null contract: Northwind has full market figures, Lumen has an unmeasured own side,
 * Quarry has fewer than three comparable prices.
 */
import type { CompetitorSeed, DimensionSeed, Json } from './types.js';
import { daysAgo, hexId } from './ids.js';

interface PriceFacts {
  lowestPrice: number | null;
  currency: string | null;
  pricingUnit: string | null;
  planCount: number | null;
  hasFreePlan: boolean | null;
  hasAnnualDiscount: boolean | null;
}

type RowFacts = PriceFacts | { unavailable: string };

const UNMEASURED: PriceFacts = {
  lowestPrice: null,
  currency: null,
  pricingUnit: null,
  planCount: null,
  hasFreePlan: null,
  hasAnnualDiscount: null,
};

function row(c: CompetitorSeed, facts: RowFacts): Json {
  const base = { competitorId: c.id, domain: c.domain, isOwn: c.isOwn };
  if ('unavailable' in facts) {
    return { ...base, pricingDataAvailable: { available: false, reason: facts.unavailable }, ...UNMEASURED };
  }
  return { ...base, ...facts };
}

interface PricingInput {
  projectKey: string;
  competitors: CompetitorSeed[];
  facts: Record<string, RowFacts>;
  summary: Json;
  /** Older runs' summaries, newest first; null marks a run that finished without a summary. */
  olderSummaries: (Json | null)[];
}

function pricingDimension(input: PricingInput): DimensionSeed {
  const competitors = input.competitors.map((c) => row(c, input.facts[c.id] ?? { unavailable: 'temporary_service_problem' }));
  const runs = [input.summary, ...input.olderSummaries].map((summary, i) => ({
    runId: hexId('run', `${input.projectKey}:pricing:${i}`),
    startedAt: daysAgo(i * 7 + 1, 1),
    completedAt: daysAgo(i * 7 + 1),
    summary,
  }));
  return { latest: { summary: input.summary, competitors }, runs };
}

const usdSeat = (lowestPrice: number, planCount: number, hasFreePlan: boolean | null, hasAnnualDiscount: boolean): PriceFacts => ({
  lowestPrice,
  currency: 'USD',
  pricingUnit: 'per_seat_month',
  planCount,
  hasFreePlan,
  hasAnnualDiscount,
});

export function northwindPricing(competitors: CompetitorSeed[]): DimensionSeed {
  const facts: Record<string, RowFacts> = {
    cmp_nw_own: usdSeat(29, 3, false, true),
    cmp_nw_pipedrift: usdSeat(24, 4, false, true),
    cmp_nw_hubforge: usdSeat(45, 4, true, true),
    cmp_nw_closewise: usdSeat(39, 3, null, true),
    cmp_nw_salesloom: usdSeat(49, 3, false, false),
    cmp_nw_dealstream: { unavailable: 'no_pricing_page_found' },
    cmp_nw_relatekit: { unavailable: 'pricing_page_not_responding' },
  };
  const summary = {
    customer: { lowestPrice: 29, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 3, hasFreePlan: false },
    gaps: { hasPriceGap: false, hasFreePlanGap: true, hasAnnualDiscountGap: false },
    marketAvgPrice: 39.25,
    marketPricingUnit: 'per_seat_month',
    pricePositionPercent: -26.1,
    comparablePriceCount: 4,
    marketCurrency: 'USD',
    comparableCompetitorIds: ['cmp_nw_pipedrift', 'cmp_nw_hubforge', 'cmp_nw_closewise', 'cmp_nw_salesloom'],
  };
  const older = { ...summary, marketAvgPrice: 37.5, pricePositionPercent: -22.7, gaps: { hasPriceGap: false, hasFreePlanGap: true, hasAnnualDiscountGap: true } };
  return pricingDimension({ projectKey: 'northwind', competitors, facts, summary, olderSummaries: [older, null, older] });
}

export function lumenPricing(competitors: CompetitorSeed[]): DimensionSeed {
  const facts: Record<string, RowFacts> = {
    cmp_lu_own: { unavailable: 'no_pricing_page_found' },
    cmp_lu_docsmith: { lowestPrice: 12, currency: 'USD', pricingUnit: 'per_editor_month', planCount: 3, hasFreePlan: true, hasAnnualDiscount: true },
    cmp_lu_readwell: { lowestPrice: 15, currency: 'USD', pricingUnit: 'per_editor_month', planCount: 2, hasFreePlan: false, hasAnnualDiscount: false },
    cmp_lu_inkpage: { lowestPrice: 11, currency: 'USD', pricingUnit: 'per_editor_month', planCount: 4, hasFreePlan: true, hasAnnualDiscount: true },
  };
  const summary = {
    customer: { lowestPrice: null, currency: null, pricingUnit: null, planCount: null, hasFreePlan: null },
    pricingAnalysisAvailable: { available: false, reason: 'own_pricing_page_not_found' },
    gaps: { hasPriceGap: null, hasFreePlanGap: null, hasAnnualDiscountGap: null },
    marketAvgPrice: 12.67,
    marketPricingUnit: 'per_editor_month',
    pricePositionPercent: null,
    comparablePriceCount: 3,
    marketCurrency: 'USD',
    comparableCompetitorIds: ['cmp_lu_docsmith', 'cmp_lu_readwell', 'cmp_lu_inkpage'],
  };
  return pricingDimension({ projectKey: 'lumen', competitors, facts, summary, olderSummaries: [summary] });
}

export function quarryPricing(competitors: CompetitorSeed[]): DimensionSeed {
  const facts: Record<string, RowFacts> = {
    cmp_qu_own: { lowestPrice: 49, currency: 'USD', pricingUnit: 'flat_month', planCount: 3, hasFreePlan: false, hasAnnualDiscount: false },
    cmp_qu_tillpoint: { lowestPrice: 59, currency: 'USD', pricingUnit: 'flat_month', planCount: 3, hasFreePlan: false, hasAnnualDiscount: true },
    cmp_qu_coinrail: { lowestPrice: 45, currency: 'EUR', pricingUnit: 'flat_month', planCount: 2, hasFreePlan: false, hasAnnualDiscount: true },
    cmp_qu_settlefy: { lowestPrice: 0.3, currency: 'USD', pricingUnit: 'per_transaction', planCount: 1, hasFreePlan: false, hasAnnualDiscount: false },
  };
  const summary = {
    customer: { lowestPrice: 49, currency: 'USD', pricingUnit: 'flat_month', planCount: 3, hasFreePlan: false },
    gaps: { hasPriceGap: null, hasFreePlanGap: false, hasAnnualDiscountGap: true },
    marketAvgPrice: null,
    marketPricingUnit: 'flat_month',
    pricePositionPercent: null,
    comparablePriceCount: 1,
    marketCurrency: 'USD',
    comparableCompetitorIds: ['cmp_qu_tillpoint'],
  };
  return pricingDimension({ projectKey: 'quarry', competitors, facts, summary, olderSummaries: [summary] });
}
