import type { Feature } from '../../plugin.js';
import { briefingCommand } from './briefing.js';

/** Strategic briefings: `/radar briefing [history | <dimension>]`. */
export const briefingFeature: Feature = {
  name: 'briefing',
  subcommands: [briefingCommand],
};
