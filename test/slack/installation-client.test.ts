/**
 * OAuth mode's background client: a call that names no channel and no person, only its workspace
 * (`users.list`'s `team_id`, the name bridge of issue 31), goes with that workspace's token.
 */
import { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { createInstallationClient } from '../../src/slack/installation-client.js';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack.js';
import { TEAM } from '../support/slack-fixtures.js';
import { sqlitePlace, type Place } from '../store/places.js';

describe('installation client', () => {
  let slack: FakeSlack;
  let place: Place;
  beforeEach(async () => {
    slack = await startFakeSlack();
    place = sqlitePlace();
  });
  afterEach(async () => {
    await place.cleanup();
    await slack.close();
  });

  it('a call naming only its team_id is sent with that team’s token', async () => {
    const client = createInstallationClient(webApi.WebClient, { slackApiUrl: slack.url, retryConfig: { retries: 0 } }, {
      store: await place.open(),
      lookup: { servingTeam: async (team: string) => `team:${team}`, learn: async () => false, teamsOf: async () => [] },
      tokenOf: async ({ workspace }) => (workspace === `team:${TEAM.id}` ? 'xoxb-team-token' : undefined),
      logger: createLogger({ level: 'silent' }),
    });
    await client.users.list({ team_id: TEAM.id, limit: 200 });
    expect(slack.callsTo('users.list')[0]?.token).toBe('xoxb-team-token');
  });
});
