import type { Feature } from '../../plugin.js';
import { pricingCommand } from './pricing.js';

/** Pricing gaps: `/radar pricing`. */
export const pricingFeature: Feature = {
  name: 'pricing',
  subcommands: [pricingCommand],
};
