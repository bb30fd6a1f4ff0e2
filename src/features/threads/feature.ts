/**
 * Ticket threads (issue 30 items 5 and 6): the living poller that keeps watch messages and ticket
 * confirmations showing their ticket's column and assignee, `/radar sync on|off`, and the `message`
 * events that carry replies, edits and deletes in a linked thread to its ticket (src/features/living/).
 * Bolt acks the event before the listener runs; Radar's own messages and other bots' are never copied.
 */
import type { Feature } from '../../plugin.js';
import { logFailure } from '../../slack/log-failure.js';
import { listenerGroups } from '../../slack/listener-groups.js';
import { createSyncSettingsRepo, type SyncSettingsRepo } from '../../store/sync-settings.js';
import { createLivingWorker } from '../living/poller.js';
import { createLivingContext } from '../living/show.js';
import { syncThreadMessage, type MessageEvent } from '../living/sync.js';
import { syncCommand } from './sync-command.js';

export const threadsFeature: Feature<SyncSettingsRepo> = {
  name: 'threads',
  subcommands: [syncCommand],
  register(app, deps) {
    const settings = createSyncSettingsRepo(deps.store);
    const ctx = createLivingContext(deps, app.client);
    const logger = deps.logger.child({ component: 'threads' });
    listenerGroups(app).event('message', async ({ event, body, client, context }) => {
      const teamId = context.teamId ?? body.team_id;
      try {
        await syncThreadMessage({ deps, ctx, isOn: (t, c) => settings.isOn(t, c), client, botUserId: context.botUserId }, teamId, event as unknown as MessageEvent);
      } catch (error) {
        logFailure(logger, 'threads: could not follow a message in a ticket thread', error, { channel: (event as { channel?: string }).channel });
      }
    });
    return { runtime: settings, workers: [createLivingWorker(deps, ctx, settings)] };
  },
};
