import type { Feature } from '../../plugin.js';
import { ACTION_IDS } from '../../slack/ids.js';
import { listenerGroups } from '../../slack/listener-groups.js';
import { createDeliveryContext, type DeliveryContext } from './deliver.js';
import { digestCommand } from './digest-command.js';
import { createDigestWorker } from './poller.js';
import { digestTicketAction } from './ticket-actions.js';

/** Briefing digests: the poller, `/radar digest now|on|off`, and the ticket buttons on digests (issue 6). */
export const digestFeature: Feature<DeliveryContext> = {
  name: 'digest',
  subcommands: [digestCommand],
  register(app, deps) {
    const delivery = createDeliveryContext(deps, app.client);
    const on = listenerGroups(app);
    on.action(ACTION_IDS.digestMove, digestTicketAction(deps, 'todo'));
    on.action(ACTION_IDS.digestDismiss, digestTicketAction(deps, 'dismissed'));
    return { runtime: delivery, workers: [createDigestWorker(deps, delivery)] };
  },
};
