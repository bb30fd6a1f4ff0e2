/** Pricing read as facts (issue 27): the dashboard through the pricing reader (`readPricing`, schemas/pricing.ts). */
import type { RawServiceClient } from '../raw-client.js';
import { readPricing, type PricingFacts } from '../schemas/pricing.js';

export function pricingReads(raw: RawServiceClient) {
  return {
    /** GET .../pricing as the pricing reader's facts (gap flags, market figures, every row). */
    pricingFacts: async (projectId: string): Promise<PricingFacts> => readPricing(await raw.getPricing(projectId)),
  };
}
