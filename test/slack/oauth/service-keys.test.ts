/**
 * Issue 32 item 2 end to end over HTTP: two workspaces installed through the fake Slack each connect
 * their own service key from the Home tab (an admin, checked on the server), and each is then served
 * with its own key, in commands and in background polls; the sandbox's request log names the key of
 * every call. SVC_API_KEY (here the read-only key) serves neither. A workspace without a key gets one
 * sentence; forged values cannot reach the other's key; an uninstall removes the key.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { SEED } from '../../../src/sandbox/seed.js';
import { NOT_CONNECTED } from '../../../src/slack/error-text.js';
import { ACTION_IDS, BLOCK_IDS, CALLBACK_IDS } from '../../../src/slack/ids.js';
import { SERVICE_KEYS_NAMESPACE } from '../../../src/store/service-keys.js';
import { answerTo, expectNoViolations, type FakeSlack } from '../../support/fake-slack.js';
import { replyText } from '../../support/radar-harness.js';
import { CHANNELS, SLACK_USERS, USERS } from '../../support/slack-fixtures.js';
import { connectKey, installThroughBrowser, openHome, useOAuthWorld, type OAuthRadar } from './oauth-support.js';

const FIRST = { teamId: 'T0FIRST001', teamName: 'First & Co' };
const SECOND = { teamId: 'T0SECOND02', teamName: 'Second' };
// Alice is an admin and Maya an owner of every test workspace; Bob is neither.
const users = { [USERS.alice]: { ...SLACK_USERS[USERS.alice]!, is_admin: true }, [USERS.maya]: { ...SLACK_USERS[USERS.maya]!, is_owner: true } };

describe('each workspace connects its own service key (OAuth mode over HTTP)', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let r: OAuthRadar;
  const keyIds = (from: number) => sandbox.control.requests().slice(from).map((e) => e.keyId);
  const ackText = (body: unknown) => String((body as { text?: string }).text ?? '');
  const submissionErrors = (body: unknown) => (body as { errors?: Record<string, string> }).errors?.[BLOCK_IDS.connectKey] ?? '';

  // SVC_API_KEY is the read-only key: a call made with it would show as key_acme_ro in the log.
  useOAuthWorld({ users, apiKey: (sandbox) => sandbox.keys.readOnly }, (world) => ({ sandbox, slack, r } = world));
  beforeAll(async () => {
    for (const team of [FIRST, SECOND]) expect((await installThroughBrowser(r.radar.url ?? '', slack, team)).status).toBe(200);
  });

  it('until connected every command and shortcut says how to connect, and nothing else happens', async () => {
    const from = sandbox.control.requests().length;
    const projects = await r.driver.command('projects', { team: FIRST.teamId });
    expect(projects.status).toBe(200);
    expect(ackText(projects.body)).toBe(NOT_CONNECTED);
    const help = await r.driver.command('help', { team: SECOND.teamId });
    expect(ackText(help.body)).toBe(NOT_CONNECTED);
    // A message shortcut: the sentence at its response URL, no modal opened.
    const opened = slack.callsTo('views.open').length;
    const shortcut = await r.driver.messageShortcut(CALLBACK_IDS.ticketFromMessage, { message: { ts: '1700000000.000100', text: 'pricing looks off' }, team: FIRST.teamId });
    expect(shortcut.status).toBe(200);
    expect(replyText(await answerTo(slack, shortcut))).toBe(NOT_CONNECTED);
    expect(slack.callsTo('views.open').length).toBe(opened);
    // The Home tab of a person who is not an admin says who connects, with no button.
    const bobs = await openHome(r, slack, FIRST.teamId, USERS.bob);
    expect(JSON.stringify(bobs.blocks)).toContain('An admin or owner of this workspace connects it');
    expect(JSON.stringify(bobs.blocks)).not.toContain(ACTION_IDS.connectOpen);
    expect(keyIds(from)).toEqual([]);
  });

  it('an admin connects from Home: checked with a read and the scope probe, refused in the modal when it fails, stored sealed', async () => {
    const home = await openHome(r, slack, FIRST.teamId, USERS.alice);
    expect(JSON.stringify(home.blocks)).toContain(ACTION_IDS.connectOpen);

    // A revoked key: one sentence in the modal, nothing stored.
    const revoked = await connectKey(r, slack, FIRST.teamId, USERS.alice, sandbox.keys.revoked, home);
    expect(submissionErrors(revoked.body)).toMatch(/^The monitoring service refused this key \(revoked\)/);
    expect(await r.radar.deps.store.keyv(SERVICE_KEYS_NAMESPACE).get(`team:${FIRST.teamId}`)).toBeUndefined();

    // A person who is not an admin cannot connect, even by submitting the modal (checked on the server).
    const byBob = await connectKey(r, slack, FIRST.teamId, USERS.bob, sandbox.keys.readWrite, home);
    expect(submissionErrors(byBob.body)).toBe('Only an admin or owner of this workspace can connect the monitoring service.');
    expect(await r.radar.deps.store.keyv(SERVICE_KEYS_NAMESPACE).get(`team:${FIRST.teamId}`)).toBeUndefined();

    const from = sandbox.control.requests().length;
    const ok = await connectKey(r, slack, FIRST.teamId, USERS.alice, sandbox.keys.readWrite, home);
    expect((ok.body as { response_action?: string }).response_action).toBe('update');
    expect(JSON.stringify(ok.body)).toContain('Radar is connected to the monitoring service');
    // The check: a read and the scope probe, with the key given.
    const checks = sandbox.control.requests().slice(from);
    expect(checks.map((e) => `${e.method} ${e.path.replace(/prj_[a-z_]+/, '{p}')} ${e.keyId}`)).toEqual(['GET /v1/projects key_acme_rw', 'POST /v1/projects/{p}/tickets key_acme_rw']);
    // Home is published again with the connection (and no key).
    const after = await slack.waitForCall('views.publish', (c) => c.args.user_id === USERS.alice && JSON.stringify(c.args.view).includes(ACTION_IDS.connectDisconnect));
    expect(JSON.stringify(after.args.view)).not.toContain(sandbox.keys.readWrite);

    // An owner of the second workspace connects another organisation's key.
    const second = await connectKey(r, slack, SECOND.teamId, USERS.maya, sandbox.keys.otherOrg);
    expect((second.body as { response_action?: string }).response_action).toBe('update');

    const raw = JSON.stringify(await r.radar.deps.store.entries(SERVICE_KEYS_NAMESPACE));
    expect(raw).toContain(`team:${FIRST.teamId}`);
    for (const key of Object.values(sandbox.keys)) expect(raw).not.toContain(key);
    // Never in the log either.
    const log = r.logs.join('\n');
    for (const key of Object.values(sandbox.keys)) expect(log).not.toContain(key);
    expect(log).toContain('connect: service key connected');
  });

  it('serves each workspace with its own key, in commands and in background polls', async () => {
    let from = sandbox.control.requests().length;
    const first = await r.driver.command('projects', { team: FIRST.teamId });
    expect(replyText(await answerTo(slack, first))).toMatch(/Northwind/);
    expect(new Set(keyIds(from))).toEqual(new Set(['key_acme_rw']));

    from = sandbox.control.requests().length;
    const second = await r.driver.command('projects', { team: SECOND.teamId });
    const secondText = replyText(await answerTo(slack, second));
    expect(secondText).toMatch(/Orbit Analytics/);
    expect(secondText).not.toMatch(/Northwind/);
    expect(new Set(keyIds(from))).toEqual(new Set(['key_other_rw']));

    // Each binds a channel to its own project; the second cannot see the first's project at all.
    const denied = await r.driver.command(`bind ${SEED.projects.northwind.id}`, { team: SECOND.teamId, channel: CHANNELS.intel });
    expect(replyText(await answerTo(slack, denied))).not.toMatch(/^Bound|is now bound/i);
    expect(replyText(await answerTo(slack, await r.driver.command('bind northwind', { team: FIRST.teamId, channel: CHANNELS.general })))).toMatch(/northwind/i);
    expect(replyText(await answerTo(slack, await r.driver.command(`bind ${SEED.projects.other.id}`, { team: SECOND.teamId, channel: CHANNELS.intel })))).toMatch(/Orbit/i);
    expect(await r.radar.deps.bindings.get(SECOND.teamId, CHANNELS.intel)).toMatchObject({ projectId: SEED.projects.other.id });

    // A project of the first organisation named by id in the second workspace: not served (its key
    // cannot see it), even right after the first workspace read it.
    const firstCard = replyText(await answerTo(slack, await r.driver.command(`competitors --project ${SEED.projects.northwind.id}`, { team: FIRST.teamId })));
    expect(firstCard).toMatch(/HubForge/);
    from = sandbox.control.requests().length;
    const leak = replyText(await answerTo(slack, await r.driver.command(`competitors --project ${SEED.projects.northwind.id}`, { team: SECOND.teamId, channel: CHANNELS.intel })));
    expect(leak).not.toMatch(/HubForge/);
    // (The first command's own reads may still be finishing: only the second key's are looked at.)
    const secondReads = sandbox.control.requests().slice(from).filter((e) => e.keyId === 'key_other_rw');
    expect(secondReads.filter((e) => e.path.includes(SEED.projects.northwind.id) && e.status === 200)).toEqual([]);

    // One digest cycle: each project's history is read with its own workspace's key.
    from = sandbox.control.requests().length;
    const digest = r.radar.workers.find((w) => w.name === 'digest-poller');
    await digest?.tick?.();
    const polled = sandbox.control.requests().slice(from).filter((e) => e.path.endsWith('-briefing/history'));
    expect(polled.filter((e) => e.path.includes(SEED.projects.northwind.id)).map((e) => e.keyId)).toContain('key_acme_rw');
    expect(polled.filter((e) => e.path.includes(SEED.projects.other.id)).map((e) => e.keyId)).toContain('key_other_rw');
    expect(new Set(polled.map((e) => `${e.path.includes(SEED.projects.other.id) ? 'other' : 'northwind'}:${e.keyId}`))).toEqual(new Set(['northwind:key_acme_rw', 'other:key_other_rw']));

    // SVC_API_KEY (read-only) served nothing in OAuth mode.
    expect(sandbox.control.requests().map((e) => e.keyId)).not.toContain('key_acme_ro');
    expectNoViolations(slack);
  });

  it("forged values cannot reach the other workspace's key", async () => {
    const firstBefore = await r.radar.deps.store.keyv(SERVICE_KEYS_NAMESPACE).get(`team:${FIRST.teamId}`);
    // A modal submitted from the second workspace whose view names the first: stored for the second only.
    const home = await openHome(r, slack, SECOND.teamId, USERS.alice);
    const press = await r.driver.blockAction(ACTION_IDS.connectOpen, null, { view: { id: 'VHOMEX', blocks: home.blocks }, user: USERS.alice, team: SECOND.teamId });
    const { viewOpenedBy } = await import('../../support/fake-slack.js');
    const { view } = await viewOpenedBy(slack, press);
    const forgedView = { ...view, team_id: FIRST.teamId, private_metadata: JSON.stringify({ workspace: `team:${FIRST.teamId}`, team: FIRST.teamId }) };
    const ok = await r.driver.viewSubmission(forgedView as never, { [BLOCK_IDS.connectKey]: sandbox.keys.noPlan }, { user: USERS.alice, team: SECOND.teamId });
    expect((ok.body as { response_action?: string }).response_action).toBe('update');
    expect(await r.radar.deps.store.keyv(SERVICE_KEYS_NAMESPACE).get(`team:${FIRST.teamId}`)).toEqual(firstBefore);

    // Disconnect pressed in the second workspace with a value naming the first: the second's key goes, the first's stays.
    const disconnectBlocks = [{ type: 'actions', elements: [{ type: 'button', action_id: ACTION_IDS.connectDisconnect, text: { type: 'plain_text', text: 'Disconnect' }, value: `team:${FIRST.teamId}` }] }];
    await r.driver.blockAction(ACTION_IDS.connectDisconnect, null, { view: { id: 'VHOMEY', blocks: disconnectBlocks }, user: USERS.alice, team: SECOND.teamId });
    await r.untilLog((l) => l.msg === 'connect: service key disconnected' && l.workspace === `team:${SECOND.teamId}`);
    expect(await r.radar.deps.store.keyv(SERVICE_KEYS_NAMESPACE).get(`team:${FIRST.teamId}`)).toEqual(firstBefore);
    expect(await r.radar.deps.store.keyv(SERVICE_KEYS_NAMESPACE).get(`team:${SECOND.teamId}`)).toBeUndefined();
    // A disconnected workspace is told how to connect again; the first is still served.
    expect(ackText((await r.driver.command('projects', { team: SECOND.teamId })).body)).toBe(NOT_CONNECTED);
    const from = sandbox.control.requests().length;
    expect(replyText(await answerTo(slack, await r.driver.command('projects', { team: FIRST.teamId })))).toMatch(/Northwind/);
    // The command's own read is looked at: the second workspace's background work (its key was
    // connected a moment ago) may still be reading its own project meanwhile.
    const listed = sandbox.control.requests().slice(from).filter((e) => e.path === '/v1/projects');
    expect(listed.map((e) => e.keyId)).toEqual(['key_acme_rw']);
    expect(sandbox.control.requests().filter((e) => e.path.includes(SEED.projects.northwind.id) && e.keyId === 'key_noplan_rw')).toEqual([]);

    // A person who is not an admin cannot disconnect (checked on the server, whatever the button).
    await r.driver.blockAction(ACTION_IDS.connectDisconnect, null, { view: { id: 'VHOMEZ', blocks: disconnectBlocks }, user: USERS.bob, team: FIRST.teamId });
    await r.untilLog((l) => l.msg === 'connect: refused a disconnect from a person who is not an admin or owner' && l.workspace === `team:${FIRST.teamId}`);
    expect(await r.radar.deps.store.keyv(SERVICE_KEYS_NAMESPACE).get(`team:${FIRST.teamId}`)).toEqual(firstBefore);
  });

  it('an uninstall removes the workspace key; after a reinstall the workspace connects again', async () => {
    expect(await r.radar.deps.store.keyv(SERVICE_KEYS_NAMESPACE).get(`team:${FIRST.teamId}`)).toBeDefined();
    slack.oauth?.revoke(FIRST.teamId);
    await r.driver.event({ type: 'app_uninstalled' }, { team: FIRST.teamId });
    const line = await r.untilLog((l) => typeof l.msg === 'string' && l.msg.startsWith('Radar was uninstalled') && l.team === FIRST.teamId);
    expect(line).toMatchObject({ installationRemoved: true, counts: { [SERVICE_KEYS_NAMESPACE]: 1 } });
    expect(await r.radar.deps.store.keyv(SERVICE_KEYS_NAMESPACE).get(`team:${FIRST.teamId}`)).toBeUndefined();

    expect((await installThroughBrowser(r.radar.url ?? '', slack, FIRST)).status).toBe(200);
    expect(ackText((await r.driver.command('projects', { team: FIRST.teamId })).body)).toBe(NOT_CONNECTED);
  });
});
