/** A past pricing run (`/radar run pricing <id>`), as the pricing reader read it, said as `/radar pricing` says today's. */
import type { PricingFacts } from '../../service/index.js';
import { pricingFactsView } from './views/pricing-view.js';

export function pricingRunView(projectName: string, facts: PricingFacts | null) {
  // The pricing reader reads the run's summary (the own side, the gap flags, the market figures).
  return facts === null ? null : { ...pricingFactsView(projectName, facts), readsSummary: true };
}
