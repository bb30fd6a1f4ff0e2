import type { BlockButtonAction } from '@slack/bolt';
import type { Feature } from '../../plugin.js';
import { ACTION_IDS } from '../../slack/ids.js';
import { listenerGroups } from '../../slack/listener-groups.js';
import { positioningCommand } from './positioning.js';
import { positioningButton } from './positioning-button.js';

/** Competitors' homepage messaging: `/radar positioning`, and the compact view's "Full view" buttons. */
export const positioningFeature: Feature = {
  name: 'positioning',
  subcommands: [positioningCommand],
  register(app, deps) {
    listenerGroups(app).action<BlockButtonAction>(ACTION_IDS.positioningCompetitor, positioningButton(deps));
    return { runtime: undefined };
  },
};
