import type { Feature } from '../../plugin.js';
import { historyCommand } from './history.js';
import { runCommandWith, type PastCheckAnswers, type PastRunViews } from './run.js';

export type { PastCheckAnswer, PastCheckAnswers, PastRunView, PastRunViews } from './run.js';

/**
 * Run histories of the market dimensions: `/radar history <dimension>`, `/radar run <dimension> <run id>`.
 * A past run reads like today's answer: each area's view of a run (its reader and its view) is handed in
 * by the composition (`src/features/index.ts`), so no feature reaches into another.
 */
export function runsFeatureWith(views: PastRunViews, checks: PastCheckAnswers = {}): Feature {
  return { name: 'runs', subcommands: [historyCommand, runCommandWith(views, checks)] };
}
