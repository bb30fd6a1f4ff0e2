import type { BlockButtonAction } from '@slack/bolt';
import type { Feature } from '../../plugin.js';
import { ACTION_IDS } from '../../slack/ids.js';
import { listenerGroups } from '../../slack/listener-groups.js';
import { moreAction } from './more-action.js';
import { sourcesCommand } from './sources.js';

/** AI sources: `/radar sources` (dashboard, history, one check) and its "More" buttons. */
export const aiSourcesFeature: Feature = {
  name: 'ai-sources',
  subcommands: [sourcesCommand],
  register(app, deps) {
    const on = listenerGroups(app);
    on.action<BlockButtonAction>(ACTION_IDS.sourcesMorePages, moreAction(deps, 'pages'));
    on.action<BlockButtonAction>(ACTION_IDS.sourcesMoreBrands, moreAction(deps, 'brands'));
    return { runtime: undefined };
  },
};
