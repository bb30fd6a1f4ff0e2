import type { Feature } from '../../plugin.js';
import { techCommand } from './tech.js';

/** Tech and trust: `/radar tech [competitor] [--full]`. */
export const techFeature: Feature = {
  name: 'tech',
  subcommands: [techCommand],
};
