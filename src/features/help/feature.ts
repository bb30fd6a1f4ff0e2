import type { Feature } from '../../plugin.js';
import { helpCommand } from './help.js';

/** `/radar help` (and a bare `/radar`): every subcommand with an example. */
export const helpFeature: Feature = {
  name: 'help',
  subcommands: [helpCommand],
};
