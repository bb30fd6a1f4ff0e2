/**
 * The App Home tab: when a person opens Radar's Home tab (`app_home_opened`, tab `home`), Radar
 * publishes it for them (`views.publish`), at most once a minute per person (`throttle.ts`). Bolt
 * acks the event before any listener runs, so the work never delays an answer; its service reads go
 * through the background limiter.
 */
import type { App } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { Feature } from '../../plugin.js';
import { logFailure } from '../../slack/log-failure.js';
import { loadHome } from './home-data.js';
import { claimRefresh } from './throttle.js';
import { homeView } from './views/home-view.js';

function register(app: App, deps: RadarDeps) {
  const logger = deps.logger.child({ component: 'home' });
  app.event('app_home_opened', async ({ event, body, client, context }) => {
    if (event.tab !== 'home') return;
    const teamId = context.teamId ?? body.team_id;
    const userId = event.user;
    try {
      if (!(await claimRefresh(deps.store, teamId, userId, deps.now()))) {
        logger.debug('home: refreshed less than a minute ago; left as it is', { user: userId });
        return;
      }
      const model = await loadHome(deps, client, { teamId, userId, neverPublished: event.view === undefined });
      await client.views.publish({ user_id: userId, view: homeView(model) });
      logger.info('home: published', { user: userId, channels: model.channels.length, projects: model.projects.length });
    } catch (error) {
      logFailure(logger, 'home: could not publish the Home tab', error, { user: userId });
    }
  });
  return { runtime: undefined };
}

export const homeFeature: Feature = { name: 'home', register };
