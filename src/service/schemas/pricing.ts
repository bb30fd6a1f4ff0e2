/**
 * The pricing dashboard (spec 2.5, "Pricing"), laid out as docs/assumptions.md records:
 * `item.summary.customer`, `item.summary.gaps`, the market figures on `item.summary`, and one row per
 * tracked competitor in `item.competitors`. Every other key passes through.
 */
import { z } from 'zod';
import { availabilitySchema } from './common.js';

/** `hasFreePlan`: null means not checked, false means checked and none. */
const hasFreePlanSchema = z.boolean().nullable();

/** The project's own pricing; every metric is null when it could not be analysed. */
export const pricingCustomerSchema = z.looseObject({ hasFreePlan: hasFreePlanSchema });
export type PricingCustomer = z.infer<typeof pricingCustomerSchema>;

/**
 * The three gap flags; only `hasPriceGap` is named by the spec. Every boolean-or-null key is a flag,
 * all null when the own side is unmeasured or no competitor was measured.
 */
export const pricingGapsSchema = z.looseObject({ hasPriceGap: z.boolean().nullable() });
export type PricingGaps = z.infer<typeof pricingGapsSchema>;

export const pricingSummarySchema = z.looseObject({
  customer: pricingCustomerSchema,
  gaps: pricingGapsSchema,
  /** Null below three comparable prices. */
  marketAvgPrice: z.number().nullable(),
  /**
   * The comparable group every market figure is quoted in. The spec does not say it can be null;
   * null is accepted (never invented) because a market without comparable prices has no group.
   */
  marketPricingUnit: z.string().nullable(),
  /** Null below three comparable prices. */
  pricePositionPercent: z.number().nullable(),
  /** Present when the project's own pricing could not be analysed: the reason. */
  pricingAnalysisAvailable: availabilitySchema.optional(),
});
export type PricingSummary = z.infer<typeof pricingSummarySchema>;

/** A tracked competitor's row; a row without pricing data carries `pricingDataAvailable`. */
export const pricingCompetitorSchema = z.looseObject({
  hasFreePlan: hasFreePlanSchema,
  pricingDataAvailable: availabilitySchema.optional(),
});
export type PricingCompetitor = z.infer<typeof pricingCompetitorSchema>;

/** The `item` of GET /v1/projects/{projectId}/pricing. */
export const pricingReadSchema = z.looseObject({
  summary: pricingSummarySchema,
  competitors: z.array(pricingCompetitorSchema),
});
export type PricingRead = z.infer<typeof pricingReadSchema>;
