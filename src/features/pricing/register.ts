import type { RadarDeps } from '../../deps.js';
import { pricingCommand } from './pricing.js';

export function registerPricing(deps: RadarDeps): void {
  deps.commands.add(pricingCommand);
}
