/**
 * An org-wide (Enterprise Grid) install from the link: stored under its enterprise, it serves a
 * workspace of that organisation with the organisation's token, and a workspace of another
 * organisation is not served.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { INSTALLATIONS_NAMESPACE } from '../../../src/store/installations.js';
import { NOT_CONNECTED } from '../../../src/slack/error-text.js';
import { expectNoViolations, startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';
import { API_APP_ID, CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { CLIENT, installThroughBrowser, startOAuthRadar, type OAuthRadar } from './oauth-support.js';

const GRID = { teamId: 'T0GRIDHQ01', teamName: 'Grid', enterpriseId: 'E0GRID0001', orgWide: true };

describe('org-wide installs (Enterprise Grid)', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let r: OAuthRadar;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack({ oauth: CLIENT });
    r = await startOAuthRadar({ sandbox, slack });
  });
  afterAll(async () => {
    await r?.stop();
    await slack?.close();
    await sandbox?.close();
  });

  const command = (team: string, enterprise: string) => {
    const body = new URLSearchParams({
      team_id: team,
      team_domain: 'grid',
      enterprise_id: enterprise,
      enterprise_name: 'Grid',
      is_enterprise_install: 'true',
      channel_id: CHANNELS.general,
      channel_name: 'general',
      user_id: USERS.alice,
      user_name: 'alice',
      command: '/radar',
      text: 'help',
      api_app_id: API_APP_ID,
      response_url: slack.responseUrl(),
      trigger_id: `${Date.now()}.${randomBytes(4).toString('hex')}`,
    }).toString();
    return r.driver.raw(body, { 'Content-Type': 'application/x-www-form-urlencoded', ...r.driver.sign(body) });
  };

  it('serves every workspace of the organisation with its token, and no other organisation', async () => {
    expect((await installThroughBrowser(r.radar.url ?? '', slack, GRID)).status).toBe(200);
    const raw = await r.radar.deps.store.keyv(INSTALLATIONS_NAMESPACE).get(`enterprise:${GRID.enterpriseId}`);
    expect(raw).toBeDefined();
    const [token] = slack.oauth?.tokensOf(GRID.enterpriseId) ?? [];
    expect(JSON.stringify(raw)).not.toContain(token);

    // Until the organisation's key is connected, a command says how (one sentence).
    const early = await command('T0GRIDWS09', GRID.enterpriseId);
    expect((early.body as { text?: string }).text).toBe(NOT_CONNECTED);
    // The organisation's key, connected for the org-wide install (under its enterprise).
    await r.radar.deps.workspaces?.keys.set(`enterprise:${GRID.enterpriseId}`, sandbox.keys.readWrite, { scope: 'read_write', connectedBy: USERS.alice });

    // A workspace of the organisation other than the one that installed.
    const help = await command('T0GRIDWS09', GRID.enterpriseId);
    expect(help.status).toBe(200);
    expect(JSON.stringify(help.body)).toContain('/radar');
    const event = JSON.stringify({
      team_id: 'T0GRIDWS09',
      enterprise_id: GRID.enterpriseId,
      api_app_id: API_APP_ID,
      event: { type: 'app_home_opened', user: USERS.bob, channel: 'D0GRIDHOME', tab: 'home', event_ts: '1.2' },
      type: 'event_callback',
      event_id: `Ev${randomBytes(6).toString('hex').toUpperCase()}`,
      event_time: Math.floor(Date.now() / 1000),
      authorizations: [{ enterprise_id: GRID.enterpriseId, team_id: null, user_id: 'U0RADARBOT', is_bot: true, is_enterprise_install: true }],
      is_ext_shared_channel: false,
    });
    expect((await r.driver.raw(event, { 'Content-Type': 'application/json', ...r.driver.sign(event) })).status).toBe(200);
    await slack.waitForCall('views.publish', (c) => c.token === token && c.args.user_id === USERS.bob);

    // Another organisation's workspace: acked, not served.
    const other = await command('T0OTHERWS1', 'E0OTHER001');
    expect(other.status).toBe(200);
    expect(JSON.stringify(other.body)).not.toContain('/radar');
    expectNoViolations(slack);

    // The organisation uninstalls: its installation and its service key go.
    const gone = JSON.stringify({
      team_id: GRID.teamId,
      enterprise_id: GRID.enterpriseId,
      is_enterprise_install: true,
      api_app_id: API_APP_ID,
      event: { type: 'app_uninstalled', event_ts: '1.3' },
      type: 'event_callback',
      event_id: `Ev${randomBytes(6).toString('hex').toUpperCase()}`,
      event_time: Math.floor(Date.now() / 1000),
      authorizations: [{ enterprise_id: GRID.enterpriseId, team_id: null, user_id: 'U0RADARBOT', is_bot: true, is_enterprise_install: true }],
    });
    expect((await r.driver.raw(gone, { 'Content-Type': 'application/json', ...r.driver.sign(gone) })).status).toBe(200);
    const line = await r.untilLog((l) => typeof l.msg === 'string' && l.msg.startsWith('Radar was uninstalled'));
    expect(line).toMatchObject({ installationRemoved: true, counts: { 'service-keys': 1 } });
    expect(await r.radar.deps.workspaces?.keys.keyOf(`enterprise:${GRID.enterpriseId}`)).toBeUndefined();
  });
});
