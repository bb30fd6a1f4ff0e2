/**
 * An org-wide (Enterprise Grid) install from the link: stored under its enterprise, it serves a
 * workspace of that organisation with the organisation's token, and a workspace of another
 * organisation is not served.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { INSTALLATIONS_NAMESPACE } from '../../../src/store/installations.js';
import { NOT_CONNECTED } from '../../../src/slack/error-text.js';
import { expectNoViolations, type FakeSlack } from '../../support/fake-slack.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { installThroughBrowser, type OAuthRadar, orgCommand, orgEvent, useOAuthWorld } from './oauth-support.js';

const GRID = { teamId: 'T0GRIDHQ01', teamName: 'Grid', enterpriseId: 'E0GRID0001', orgWide: true };

describe('org-wide installs (Enterprise Grid)', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let r: OAuthRadar;
  useOAuthWorld({}, (world) => ({ sandbox, slack, r } = world));

  const command = (team: string, enterprise: string) => orgCommand(r, slack, { enterpriseId: enterprise }, { team, channel: CHANNELS.general, text: 'help' });

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
    const opened = await orgEvent(r, GRID, { type: 'app_home_opened', user: USERS.bob, channel: 'D0GRIDHOME', tab: 'home', event_ts: '1.2' }, { team_id: 'T0GRIDWS09', is_ext_shared_channel: false });
    expect(opened.status).toBe(200);
    await slack.waitForCall('views.publish', (c) => c.token === token && c.args.user_id === USERS.bob);

    // Another organisation's workspace: acked, not served.
    const other = await command('T0OTHERWS1', 'E0OTHER001');
    expect(other.status).toBe(200);
    expect(JSON.stringify(other.body)).not.toContain('/radar');
    expectNoViolations(slack);

    // The organisation uninstalls: its installation and its service key go.
    expect((await orgEvent(r, GRID, { type: 'app_uninstalled', event_ts: '1.3' }, { team_id: GRID.teamId, is_enterprise_install: true })).status).toBe(200);
    const line = await r.untilLog((l) => typeof l.msg === 'string' && l.msg.startsWith('Radar was uninstalled'));
    expect(line).toMatchObject({ installationRemoved: true, counts: { 'service-keys': 1 } });
    expect(await r.radar.deps.workspaces?.keys.keyOf(`enterprise:${GRID.enterpriseId}`)).toBeUndefined();
  });
});
