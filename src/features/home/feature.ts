/**
 * The App Home tab: when a person opens Radar's Home tab (`app_home_opened`, tab `home`), Radar
 * publishes it for them (`views.publish`), at most once a minute per person (`throttle.ts`). Bolt
 * acks the event before any listener runs, so the work never delays an answer; its service reads go
 * through the background limiter. Its *Unfollow* buttons, notification switches and quiet hours
 * (issue 31) change the person's follow record and publish the tab again at once.
 */
import type { App, BlockButtonAction, BlockStaticSelectAction, webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { Feature } from '../../plugin.js';
import { ACTION_IDS } from '../../slack/ids.js';
import { listenerGroups } from '../../slack/listener-groups.js';
import { logFailure } from '../../slack/log-failure.js';
import { followKey, NOTIFY_KINDS } from '../../store/follows.js';
import { sealFollow, unsealFollow } from '../notify/follow-values.js';
import { createNotifier, type Notifier } from '../notify/notifier.js';
import { parseQuietHours } from '../notify/quiet-hours.js';
import { loadHome, type HomeModel } from './home-data.js';
import type { Block } from '../../slack/blocks/index.js';
import { claimRefresh } from './throttle.js';
import { homeView } from './views/home-view.js';

/** Home is in no channel: its values are sealed for the team alone. */
const homeScope = (teamId: string) => ({ channel: '', team: teamId });

async function publish(deps: RadarDeps, notifier: Notifier, client: webApi.WebClient, teamId: string, userId: string, neverPublished: boolean): Promise<Pick<HomeModel, 'channels' | 'projects'>> {
  // OAuth mode (issue 32): the workspace's service connection first; until it is connected, alone.
  const connect = await deps.workspaces?.home.blocks?.({ client, userId });
  if (connect?.only) {
    await client.views.publish({ user_id: userId, view: { type: 'home', blocks: connect.blocks as Block[] } });
    return { channels: [], projects: [] };
  }
  const model = await loadHome(deps, client, { teamId, userId, neverPublished }, notifier);
  const view = homeView(model, { followValue: (f) => sealFollow(deps, homeScope(teamId), f) });
  await client.views.publish({ user_id: userId, view: connect ? { ...view, blocks: [...(connect.blocks as Block[]), ...view.blocks].slice(0, 100) } : view });
  return model;
}

function register(app: App, deps: RadarDeps) {
  const logger = deps.logger.child({ component: 'home' });
  const notifier = createNotifier(deps, app.client);
  if (deps.workspaces) deps.workspaces.home.republish = ({ client, teamId, userId }) => publish(deps, notifier, client, teamId, userId, false).then(() => undefined);
  const on = listenerGroups(app);
  on.event('app_home_opened', async ({ event, body, client, context }) => {
    if (event.tab !== 'home') return;
    const teamId = context.teamId ?? body.team_id;
    const userId = event.user;
    try {
      if (!(await claimRefresh(deps.store, teamId, userId, deps.now()))) {
        logger.debug('home: refreshed less than a minute ago; left as it is', { user: userId });
        return;
      }
      const model = await publish(deps, notifier, client, teamId, userId, event.view === undefined);
      logger.info('home: published', { user: userId, channels: model.channels.length, projects: model.projects.length });
    } catch (error) {
      logFailure(logger, 'home: could not publish the Home tab', error, { user: userId });
    }
  });

  /** A control on Home: changes the person's record, then publishes their tab again. */
  const onHome =
    <A extends BlockButtonAction | BlockStaticSelectAction>(what: string, change: (teamId: string, userId: string, action: A['actions'][number]) => Promise<void>) =>
    async ({ ack, body, client }: { ack: () => Promise<void>; body: A; client: webApi.WebClient }) => {
      await ack();
      const teamId = body.team?.id ?? body.user.team_id ?? '';
      const action = body.actions[0];
      if (!action) return;
      try {
        await change(teamId, body.user.id, action);
        await publish(deps, notifier, client, teamId, body.user.id, false);
      } catch (error) {
        logFailure(logger, `home: could not ${what}`, error, { user: body.user.id });
      }
    };

  on.action<BlockButtonAction>(
    ACTION_IDS.followRemove,
    onHome<BlockButtonAction>('unfollow', async (teamId, userId, action) => {
      const target = unsealFollow(deps, action.value, homeScope(teamId));
      if (!target) return void logger.info('home: refused an Unfollow value not sealed here', { user: userId });
      await notifier.follows.update(teamId, userId, (current) => ({ ...current, follows: current.follows.filter((f) => followKey(f) !== followKey(target)) }));
    }),
  );
  on.action<BlockButtonAction>(
    ACTION_IDS.notifyToggle,
    onHome<BlockButtonAction>('switch a notification', async (teamId, userId, action) => {
      const kind = NOTIFY_KINDS.find((k) => k === action.value);
      if (!kind) return;
      await notifier.follows.update(teamId, userId, (current) => ({ ...current, settings: { ...current.settings, [kind]: !current.settings[kind] } }));
    }),
  );
  on.action<BlockStaticSelectAction>(
    ACTION_IDS.notifyQuiet,
    onHome<BlockStaticSelectAction>('set quiet hours', async (teamId, userId, action) => {
      const value = action.selected_option.value;
      const quiet = value === 'off' ? null : parseQuietHours(value);
      if (value !== 'off' && !quiet) return;
      await notifier.follows.update(teamId, userId, (current) => ({ ...current, settings: { ...current.settings, quietHours: quiet } }));
    }),
  );
  return { runtime: undefined };
}

export const homeFeature: Feature = { name: 'home', register };
