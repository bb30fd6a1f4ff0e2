import type { BlockButtonAction, BlockStaticSelectAction } from '@slack/bolt';
import type { Feature } from '../../plugin.js';
import { ACTION_IDS } from '../../slack/ids.js';
import { listenerGroups } from '../../slack/listener-groups.js';
import { createSnoozesRepo } from '../../store/snoozes.js';
import { createWatchHeldRepo } from '../../store/watch-held.js';
import { createWatchesRepo } from '../../store/watches.js';
import { watchMuteAction, watchSnoozeAction, watchTicketAction } from './actions.js';
import { createWatchDelivery } from './deliver.js';
import { createWatchWorker } from './poller.js';
import { createNotifier } from '../notify/notifier.js';
import { tellFollowers } from './tell-followers.js';
import { unwatchCommand, watchCommand } from './watch-command.js';

/** Watches: a channel is told, once, when a new run of a watched dimension changes something (issue 16). */
export const watchesFeature: Feature = {
  name: 'watches',
  subcommands: [watchCommand, unwatchCommand],
  register(app, deps) {
    const watches = createWatchesRepo(deps.store);
    const delivery = createWatchDelivery(deps, app.client);
    const snoozes = createSnoozesRepo(deps.store);
    const on = listenerGroups(app);
    on.action<BlockButtonAction>(ACTION_IDS.watchTicket, watchTicketAction(deps));
    on.action<BlockButtonAction>(ACTION_IDS.watchMute, watchMuteAction(deps, watches));
    on.action<BlockStaticSelectAction>(ACTION_IDS.watchSnooze, watchSnoozeAction(deps, watches, snoozes));
    return { runtime: undefined, workers: [createWatchWorker(deps, watches, delivery, snoozes, createWatchHeldRepo(deps.store), tellFollowers(createNotifier(deps, app.client)))] };
  },
};
