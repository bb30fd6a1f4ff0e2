/**
 * OAuth mode's background client: a call that names no channel and no person, only its workspace
 * (`users.list`'s `team_id`, the name bridge of issue 31), goes with that workspace's token; Radar's
 * bot id in the workspace of a channel (delivery recovery), cached per workspace, failures not.
 */
import { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { createBindingsRepo } from '../../src/store/bindings.js';
import { LOCAL_WORKSPACE } from '../../src/slack/local-web-api/index.js';
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
      lookup: { servingTeam: async (team: string) => `team:${team}`, learn: async () => false, teamsOf: async () => [], askOrganisationsWith: () => undefined },
      tokenOf: async ({ workspace }) => (workspace === `team:${TEAM.id}` ? 'xoxb-team-token' : undefined),
      logger: createLogger({ level: 'silent' }),
    });
    await client.users.list({ team_id: TEAM.id, limit: 200 });
    expect(slack.callsTo('users.list')[0]?.token).toBe('xoxb-team-token');
  });

  it('knows Radar’s bot in the workspace of each channel, from the installation record, asked once per workspace', async () => {
    const store = await place.open();
    const bindings = createBindingsRepo(store);
    const at = new Date().toISOString();
    await bindings.set({ teamId: 'T0ONE00001', channelId: 'C0ONE00001', projectId: 'p1', projectName: 'One', boundBy: 'U0ADMIN01', boundAt: at });
    await bindings.set({ teamId: 'T0TWO00002', channelId: 'C0TWO00002', projectId: 'p2', projectName: 'Two', boundBy: 'U0ADMIN01', boundAt: at });
    const asked: string[] = [];
    const client = createInstallationClient(webApi.WebClient, { slackApiUrl: slack.url, retryConfig: { retries: 0 } }, {
      store,
      lookup: { servingTeam: async (team: string) => `team:${team}`, learn: async () => false, teamsOf: async () => [], askOrganisationsWith: () => undefined },
      tokenOf: async () => undefined,
      botIdOf: async ({ workspace }) => {
        asked.push(workspace);
        return `B-${workspace}`;
      },
      logger: createLogger({ level: 'silent' }),
    });
    expect(await client.botIdFor({ channel: 'C0ONE00001' })).toBe('B-team:T0ONE00001');
    expect(await client.botIdFor({ channel: 'C0TWO00002' })).toBe('B-team:T0TWO00002');
    expect(await client.botIdFor({ channel: 'C0ONE00001' })).toBe('B-team:T0ONE00001');
    // A channel no record names: the team the delivery belongs to.
    expect(await client.botIdFor({ channel: 'C0UNKNOWN9', teamId: 'T0TWO00002' })).toBe('B-team:T0TWO00002');
    expect(asked).toEqual(['team:T0ONE00001', 'team:T0TWO00002']);
    expect(slack.callsTo('auth.test')).toHaveLength(0);
  });

  it('without a bot id on record asks that workspace’s auth.test, and a failed lookup is asked again', async () => {
    let installed = false;
    const client = createInstallationClient(webApi.WebClient, { slackApiUrl: slack.url, retryConfig: { retries: 0 } }, {
      store: await place.open(),
      lookup: { servingTeam: async (team: string) => `team:${team}`, learn: async () => false, teamsOf: async () => [], askOrganisationsWith: () => undefined },
      tokenOf: async ({ workspace }) => (installed && workspace === `team:${TEAM.id}` ? 'xoxb-team-token' : undefined),
      botIdOf: async () => undefined,
      logger: createLogger({ level: 'silent' }),
    });
    await expect(client.botIdFor({ channel: 'C0NOWHERE1', teamId: TEAM.id })).rejects.toThrow(/no token for team:/);
    installed = true;
    expect(await client.botIdFor({ channel: 'C0NOWHERE1', teamId: TEAM.id })).toBe(LOCAL_WORKSPACE.botId);
    expect(slack.callsTo('auth.test').map((c) => c.token)).toEqual(['xoxb-team-token']);
  });
});
