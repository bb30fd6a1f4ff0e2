/**
 * Every feature Radar runs, in the order help lists their subcommands (help first). The
 * composition root (`src/radar.ts`) builds the `/radar` registry from this list and hands it to
 * the Slack app; to add a feature, export one `Feature` from its folder and list it here.
 */
import type { AnyFeature } from '../plugin.js';
import { bindingsFeature } from './bindings/feature.js';
import { briefingFeature } from './briefing/feature.js';
import { digestFeature } from './digest/feature.js';
import { helpFeature } from './help/feature.js';
import { pricingFeature } from './pricing/feature.js';
import { scansFeature } from './scans/feature.js';
import { ticketsFeature } from './tickets/feature.js';
import { watchesFeature } from './watches/feature.js';

export const FEATURES: readonly AnyFeature[] = [helpFeature, bindingsFeature, briefingFeature, pricingFeature, ticketsFeature, scansFeature, digestFeature, watchesFeature];
