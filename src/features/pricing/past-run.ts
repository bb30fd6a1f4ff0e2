/** A past pricing run (`/radar run pricing <id>`), read by the pricing reader and said as `/radar pricing` says today's. */
import { readPricingRun, type DimensionRun } from '../../service/index.js';
import { pricingFactsView } from './views/pricing-view.js';

export function pricingRunView(projectName: string, run: DimensionRun) {
  const facts = readPricingRun(run);
  // The pricing reader reads the run's summary (the own side, the gap flags, the market figures).
  return facts === null ? null : { ...pricingFactsView(projectName, facts), readsSummary: true };
}
