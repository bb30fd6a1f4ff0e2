import type { BlockButtonAction } from '@slack/bolt';
import type { Feature } from '../../plugin.js';
import { ACTION_IDS } from '../../slack/ids.js';
import { listenerGroups } from '../../slack/listener-groups.js';
import { createNotifier, type Notifier } from '../notify/notifier.js';
import { createFollowWorker } from './board-poller.js';
import { followButtonAction, ticketFollowAction } from './follow-button.js';
import { followCommand, unfollowCommand } from './follow-command.js';

/** Follows and direct messages (issue 31): `/radar follow|unfollow`, the Follow buttons, the board poller that tells people. */
export const followsFeature: Feature<Notifier> = {
  name: 'follows',
  subcommands: [followCommand, unfollowCommand],
  register(app, deps) {
    const notifier = createNotifier(deps, app.client);
    const on = listenerGroups(app);
    on.action<BlockButtonAction>(ACTION_IDS.ticketFollow, ticketFollowAction(deps, notifier));
    on.action<BlockButtonAction>(ACTION_IDS.competitorFollow, followButtonAction(deps, notifier));
    return { runtime: notifier, workers: [createFollowWorker(deps, notifier)] };
  },
};
