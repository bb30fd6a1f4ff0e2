import type { Feature } from '../../plugin.js';
import { historyCommand } from './history.js';
import { runCommand } from './run.js';

/** Run histories of the market dimensions: `/radar history <dimension>`, `/radar run <dimension> <run id>`. */
export const runsFeature: Feature = {
  name: 'runs',
  subcommands: [historyCommand, runCommand],
};
