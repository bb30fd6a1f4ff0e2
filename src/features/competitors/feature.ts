import type { Feature } from '../../plugin.js';
import { competitorCommand } from './competitor.js';
import { competitorsCommand } from './competitors.js';

/** Competitors: `/radar competitors` (the list with page URLs) and `/radar competitor <x>` (one card across every dimension). */
export const competitorsFeature: Feature = {
  name: 'competitors',
  subcommands: [competitorsCommand, competitorCommand],
};
