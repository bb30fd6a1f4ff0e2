import type { App } from '@slack/bolt';
import type { RadarDeps, Worker } from '../../deps.js';
import { ACTION_IDS } from '../../slack/ids.js';
import { createDeliveryContext } from './deliver.js';
import { createDigestCommand } from './digest-command.js';
import { createDigestWorker } from './poller.js';
import { digestTicketAction } from './ticket-actions.js';

/** Briefing digests: the poller, `/radar digest now|on|off`, and the ticket buttons on digests (issue 6). */
export function registerDigest(app: App, deps: RadarDeps): Worker[] {
  const delivery = createDeliveryContext(deps, app.client);
  deps.commands.add(createDigestCommand(delivery));
  app.action(ACTION_IDS.digestMove, digestTicketAction(deps, 'todo'));
  app.action(ACTION_IDS.digestDismiss, digestTicketAction(deps, 'dismissed'));
  return [createDigestWorker(deps, delivery)];
}
