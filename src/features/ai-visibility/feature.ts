import type { BlockButtonAction } from '@slack/bolt';
import type { Feature } from '../../plugin.js';
import { ACTION_IDS } from '../../slack/ids.js';
import { listenerGroups } from '../../slack/listener-groups.js';
import { aiCommand } from './ai-command.js';
import { moreBrandsAction } from './more-brands.js';

/** AI visibility (issue 14): `/radar ai`, `ai trend`, `ai history`, `ai answers`, and the market map's "More brands" button. */
export const aiVisibilityFeature: Feature = {
  name: 'ai-visibility',
  subcommands: [aiCommand],
  register(app, deps) {
    listenerGroups(app).action<BlockButtonAction>(ACTION_IDS.aiMoreBrands, moreBrandsAction(deps));
    return { runtime: undefined };
  },
};
