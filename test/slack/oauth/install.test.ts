/**
 * Issue 32 end to end over HTTP: two workspaces install Radar from its link (the fake Slack's
 * oauth.v2.access), their tokens are stored sealed, each is served with its own token, and an
 * uninstall removes the first workspace's installation and records while the second is still served.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { INSTALLATIONS_NAMESPACE } from '../../../src/store/installations.js';
import { BINDINGS_NAMESPACE } from '../../../src/store/bindings.js';
import { answerTo, expectNoViolations, type FakeSlack } from '../../support/fake-slack.js';
import { CHANNELS, SLACK_USERS, USERS } from '../../support/slack-fixtures.js';
import { NOT_CONNECTED } from '../../../src/slack/error-text.js';
import { replyText } from '../../support/radar-harness.js';
import { CLIENT, connectKey, installThroughBrowser, type OAuthRadar, useOAuthWorld } from './oauth-support.js';

const FIRST = { teamId: 'T0FIRST001', teamName: 'First & Co' };
const SECOND = { teamId: 'T0SECOND02', teamName: 'Second' };

describe('installs from a link (OAuth mode over HTTP)', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let r: OAuthRadar;
  // Alice is an admin of every test workspace (she connects the service keys).
  useOAuthWorld({ users: { [USERS.alice]: { ...SLACK_USERS[USERS.alice]!, is_admin: true } } }, (world) => ({ sandbox, slack, r } = world));

  it('installs two workspaces, serves each with its own token, and an uninstall removes only the first', async () => {
    // Before any install, a team is not served (nothing answered, one line in the log).
    const early = await r.driver.command('help', { team: FIRST.teamId });
    expect(early.status).toBe(200);
    expect(JSON.stringify(early.body)).not.toContain('/radar');
    await r.untilLog((l) => l.msg === 'refused a request: no usable installation for its team');

    // 1. The first workspace installs from the link.
    const first = await installThroughBrowser(r.radar.url ?? '', slack, FIRST);
    expect(first.status).toBe(200);
    expect(first.body).toContain('Radar is installed');
    const [firstToken] = slack.oauth?.tokensOf(FIRST.teamId) ?? [];
    expect(firstToken).toMatch(/^xoxb-/);

    // Stored sealed: the raw record names the team but holds no token in clear.
    const raw = JSON.stringify(await r.radar.deps.store.keyv(INSTALLATIONS_NAMESPACE).get(`team:${FIRST.teamId}`));
    expect(raw).toContain(FIRST.teamId);
    expect(raw).not.toContain(firstToken);
    expect(raw).not.toContain('xoxb-');

    // 2. Until an admin connects the workspace's service key, every command says how, in one sentence;
    // then a signed /radar help from that team is answered; its Home tab is published with its token.
    const notYet = await r.driver.command('help', { team: FIRST.teamId });
    expect((notYet.body as { text?: string }).text).toBe(NOT_CONNECTED);
    const connected = await connectKey(r, slack, FIRST.teamId, USERS.alice, sandbox.keys.readWrite);
    expect((connected.body as { response_action?: string }).response_action).toBe('update');
    const help = await r.driver.command('help', { team: FIRST.teamId });
    expect(help.status).toBe(200);
    expect(JSON.stringify(help.body)).toContain('/radar');
    const home = await r.driver.event({ type: 'app_home_opened', user: USERS.alice, channel: 'D0HOME0001', tab: 'home' }, { team: FIRST.teamId });
    expect(home.status).toBe(200);
    const published = await slack.waitForCall('views.publish', (c) => c.token === firstToken);
    expect(published.args.user_id).toBe(USERS.alice);

    // 3. The first workspace binds a channel (a record of its team).
    const bind = await r.driver.command('bind northwind', { team: FIRST.teamId, channel: CHANNELS.general });
    expect(replyText(await answerTo(slack, bind))).toMatch(/northwind/i);
    expect(await r.radar.deps.bindings.get(FIRST.teamId, CHANNELS.general)).toBeDefined();

    // 4. A second workspace installs, binds, and is served with its own token.
    expect((await installThroughBrowser(r.radar.url ?? '', slack, SECOND)).status).toBe(200);
    const [secondToken] = slack.oauth?.tokensOf(SECOND.teamId) ?? [];
    expect(secondToken).not.toBe(firstToken);
    expect(((await connectKey(r, slack, SECOND.teamId, USERS.alice, sandbox.keys.readWrite)).body as { response_action?: string }).response_action).toBe('update');
    const bindSecond = await r.driver.command('bind northwind', { team: SECOND.teamId, channel: CHANNELS.intel });
    expect(replyText(await answerTo(slack, bindSecond))).toMatch(/northwind/i);
    await r.driver.event({ type: 'app_home_opened', user: USERS.bob, channel: 'D0HOME0002', tab: 'home' }, { team: SECOND.teamId });
    await slack.waitForCall('views.publish', (c) => c.token === secondToken);
    // Background work (the scan follower's update, on the app's own client) goes with the workspace's token too.
    const scan = await r.driver.command('scan trust northwindcrm.com', { team: SECOND.teamId, channel: CHANNELS.intel });
    expect(scan.status).toBe(200);
    const started = await slack.waitForCall('chat.postMessage', (c) => c.args.channel === CHANNELS.intel);
    expect(started.token).toBe(secondToken);
    // The command shows it queued with the request's token; the follower (a worker) shows the result.
    const result = await slack.waitForCall('chat.update', (c) => c.args.channel === CHANNELS.intel && !/: (starting|queued|running)$/.test(String(c.args.text)));
    expect(result.token).toBe(secondToken);
    expect(String(result.args.text)).toContain('northwindcrm.com');

    // 5. The first workspace uninstalls: its installation and bindings go, with one line naming the team.
    slack.oauth?.revoke(FIRST.teamId);
    const gone = await r.driver.event({ type: 'app_uninstalled' }, { team: FIRST.teamId });
    expect(gone.status).toBe(200);
    const line = await r.untilLog((l) => typeof l.msg === 'string' && l.msg.startsWith('Radar was uninstalled'));
    expect(line).toMatchObject({ team: FIRST.teamId, installationRemoved: true, counts: { bindings: 1 } });
    expect(await r.radar.deps.store.keyv(INSTALLATIONS_NAMESPACE).get(`team:${FIRST.teamId}`)).toBeUndefined();
    expect(await r.radar.deps.bindings.get(FIRST.teamId, CHANNELS.general)).toBeUndefined();
    const keys = (await r.radar.deps.store.entries(BINDINGS_NAMESPACE)).map((e) => e.key);
    expect(keys).toEqual([`${SECOND.teamId}:${CHANNELS.intel}`]);

    // The first is no longer served; the second still is.
    const after = await r.driver.command('help', { team: FIRST.teamId });
    expect(JSON.stringify(after.body)).not.toContain('/radar');
    const stillServed = await r.driver.command('help', { team: SECOND.teamId });
    expect(JSON.stringify(stillServed.body)).toContain('/radar');
    const publishes = slack.callsTo('views.publish').length;
    await r.driver.event({ type: 'app_home_opened', user: USERS.carol, channel: 'D0HOME0003', tab: 'home' }, { team: SECOND.teamId });
    await slack.waitForCall('views.publish', (c) => c.token === secondToken && c.args.user_id === USERS.carol);
    expect(slack.callsTo('views.publish').length).toBe(publishes + 1);

    // No token in the log.
    const log = r.logs.join('\n');
    for (const token of [firstToken, secondToken, CLIENT.clientSecret]) expect(log).not.toContain(token);
    expectNoViolations(slack);
  });

  it('a redirect with a used, forged or missing state stores nothing', async () => {
    const before = (await r.radar.deps.store.entries(INSTALLATIONS_NAMESPACE)).length;
    const { request } = await import('undici');
    const forged = await request(`${r.radar.url}/slack/oauth_redirect?code=x&state=abc.def`, { headers: { cookie: 'slack-app-oauth-state=abc.def' } });
    expect(forged.statusCode).toBe(400);
    expect(await forged.body.text()).toContain('could not be installed');
    const missing = await request(`${r.radar.url}/slack/oauth_redirect?code=x`);
    expect(missing.statusCode).toBe(400);
    await missing.body.dump();
    const post = await request(`${r.radar.url}/slack/install`, { method: 'POST', body: 'x' });
    expect(post.statusCode).toBe(405);
    await post.body.dump();
    expect((await r.radar.deps.store.entries(INSTALLATIONS_NAMESPACE)).length).toBe(before);
  });

  it('tokens_revoked: user tokens only drop the user token; a revoked bot token removes the installation and the team\'s records', async () => {
    const THIRD = { teamId: 'T0THIRD003', teamName: 'Third', userId: 'U0INSTALL3' };
    expect((await installThroughBrowser(r.radar.url ?? '', slack, THIRD)).status).toBe(200);
    await r.radar.deps.bindings.set({ teamId: THIRD.teamId, channelId: CHANNELS.general, projectId: 'p', projectName: 'P', boundBy: 'U1', boundAt: '2026-01-01T00:00:00Z' });
    const stored = async () => (await r.radar.deps.store.keyv(INSTALLATIONS_NAMESPACE).get(`team:${THIRD.teamId}`)) as { installation: { user?: { token?: string } } } | undefined;
    // Give the stored installation a (sealed) user token as an install with user scopes has.
    const { createInstallationStore } = await import('../../../src/store/installations.js');
    const { createSecretBox } = await import('../../../src/store/crypto.js');
    const installs = createInstallationStore(r.radar.deps.store, createSecretBox(r.radar.deps.config.encryption ?? { current: Buffer.alloc(32) }));
    const found = await installs.get(`team:${THIRD.teamId}`);
    await installs.storeInstallation({ ...found!, user: { id: THIRD.userId, token: 'xoxp-third-user', scopes: ['identify'] } });
    expect((await stored())?.installation.user?.token).toBeDefined();

    await r.driver.event({ type: 'tokens_revoked', tokens: { oauth: [THIRD.userId] } }, { team: THIRD.teamId });
    await r.untilLog((l) => l.msg === "user tokens revoked: the installer's user token was dropped" && l.team === THIRD.teamId);
    expect((await stored())?.installation.user?.token).toBeUndefined();
    expect(await r.radar.deps.bindings.get(THIRD.teamId, CHANNELS.general)).toBeDefined();

    await r.driver.event({ type: 'tokens_revoked', tokens: { bot: ['U0RADARBOT'] } }, { team: THIRD.teamId });
    const line = await r.untilLog((l) => typeof l.msg === 'string' && l.msg.startsWith("Radar's bot token was revoked") && l.team === THIRD.teamId);
    expect(line).toMatchObject({ installationRemoved: true, counts: { bindings: 1 } });
    expect(await stored()).toBeUndefined();
    expect(await r.radar.deps.bindings.get(THIRD.teamId, CHANNELS.general)).toBeUndefined();
  });

  it('install starts are bounded per client address (each writes a state record)', async () => {
    const { request } = await import('undici');
    const statuses: number[] = [];
    // The default: 30 a minute per address. The earlier tests made some; 40 more pass the bound.
    for (let i = 0; i < 40; i++) {
      const res = await request(`${r.radar.url}/slack/install`);
      await res.body.dump();
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 302).length).toBeLessThanOrEqual(30);
  });
});
