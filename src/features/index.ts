/**
 * Every feature Radar runs, in the order help lists their subcommands (help first). The
 * composition root (`src/radar.ts`) builds the `/radar` registry from this list and hands it to
 * the Slack app; to add a feature, export one `Feature` from its folder and list it here.
 */
import type { AnyFeature } from '../plugin.js';
import { aiSourcesFeature } from './ai-sources/feature.js';
import { aiVisibilityFeature } from './ai-visibility/feature.js';
import { bindingsFeature } from './bindings/feature.js';
import { competitorsFeature } from './competitors/feature.js';
import { briefingFeature } from './briefing/feature.js';
import { contentFeature } from './content/feature.js';
import { digestFeature } from './digest/feature.js';
import { helpFeature } from './help/feature.js';
import { homeFeature } from './home/feature.js';
import { installationsFeature } from './installations/feature.js';
import { connectFeature } from './connect/feature.js';
import { labelsFeature } from './labels/feature.js';
import { positioningFeature } from './positioning/feature.js';
import { pricingFeature } from './pricing/feature.js';
import { reportsFeature } from './reports/feature.js';
import { projectFeature } from './project/feature.js';
import { techFeature } from './tech/feature.js';
import { runsFeatureWith } from './runs/feature.js';
import { oneCheck as aiCheckAnswer } from './ai-visibility/ai-command.js';
import { dashboard as sourcesAnswer } from './ai-sources/sources.js';
import { contentRunView } from './content/past-run.js';
import { positioningRunView } from './positioning/past-run.js';
import { pricingRunView } from './pricing/past-run.js';
import { techRunView } from './tech/past-run.js';
import { fetchFeature } from './fetch/feature.js';
import { followsFeature } from './follows/feature.js';
import { scansFeature } from './scans/feature.js';
import { threadsFeature } from './threads/feature.js';
import { ticketsFeature } from './tickets/feature.js';
import { watchesFeature } from './watches/feature.js';

export const FEATURES: readonly AnyFeature[] = [
  helpFeature,
  bindingsFeature,
  projectFeature,
  briefingFeature,
  pricingFeature,
  positioningFeature,
  contentFeature,
  techFeature,
  // A past run reads like today's answer: each area's reader and view, handed to the runs feature here.
  runsFeatureWith(
    { pricing: pricingRunView, content: contentRunView, positioning: positioningRunView, 'tech-trust': techRunView },
    { ai: aiCheckAnswer, sources: sourcesAnswer },
  ),
  competitorsFeature,
  aiVisibilityFeature,
  aiSourcesFeature,
  ticketsFeature,
  threadsFeature,
  labelsFeature,
  scansFeature,
  fetchFeature,
  digestFeature,
  watchesFeature,
  followsFeature,
  reportsFeature,
  homeFeature,
  // No subcommands: app_uninstalled and tokens_revoked remove a team's installation and records.
  installationsFeature,
  connectFeature,
];
