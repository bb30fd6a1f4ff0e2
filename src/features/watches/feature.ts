import type { BlockButtonAction } from '@slack/bolt';
import type { Feature } from '../../plugin.js';
import { ACTION_IDS } from '../../slack/ids.js';
import { createWatchesRepo } from '../../store/watches.js';
import { watchMuteAction, watchTicketAction } from './actions.js';
import { createWatchDelivery } from './deliver.js';
import { createWatchWorker } from './poller.js';
import { unwatchCommand, watchCommand } from './watch-command.js';

/** Watches: a channel is told, once, when a new run of a watched dimension changes something (issue 16). */
export const watchesFeature: Feature = {
  name: 'watches',
  subcommands: [watchCommand, unwatchCommand],
  register(app, deps) {
    const watches = createWatchesRepo(deps.store);
    const delivery = createWatchDelivery(deps, app.client);
    app.action<BlockButtonAction>(ACTION_IDS.watchTicket, watchTicketAction(deps));
    app.action<BlockButtonAction>(ACTION_IDS.watchMute, watchMuteAction(deps, watches));
    return { runtime: undefined, workers: [createWatchWorker(deps, watches, delivery)] };
  },
};
