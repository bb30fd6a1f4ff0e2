/**
 * Issue 32 item 3, Slack Connect: one channel shared by two workspaces that both installed Radar
 * (each with its own service key) and both bound it, each to its own project. A command from either
 * workspace in the channel is served with that workspace's token and key and shows only its own
 * binding and watches; each binding's digest is posted with the token of the workspace that bound it
 * and read with its key, never the other's.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { SEED } from '../../../src/sandbox/seed.js';
import { inWorkspace } from '../../../src/slack/workspace-scope.js';
import { createTicketThreadsRepo } from '../../../src/store/ticket-threads.js';
import { answerTo, expectNoViolations, type FakeSlack } from '../../support/fake-slack.js';
import { replyText } from '../../support/radar-harness.js';
import { API_APP_ID, CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { digestsIn, poller, publish } from '../../features/digest/support.js';
import { installThroughBrowser, type OAuthRadar, useOAuthWorld } from './oauth-support.js';

const A = { teamId: 'T0SHAREA01', teamName: 'Alpha' };
const B = { teamId: 'T0SHAREB02', teamName: 'Beta' };
/** The shared channel (the same id in both workspaces, as Slack Connect gives it). */
const SHARED = CHANNELS.general;
const NORTHWIND = SEED.projects.northwind.id;
const ORBIT = SEED.projects.other.id;

describe('a Slack Connect channel bound from two workspaces', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let r: OAuthRadar;
  const tokenOf = (team: string) => slack.oauth?.tokensOf(team)[0];
  /** The keys of the project listings (`status` reads one) since `from`: background polls never list projects. */
  const keyIds = (from: number) => new Set(sandbox.control.requests().slice(from).filter((e) => e.method === 'GET' && e.path === '/v1/projects').map((e) => e.keyId));

  useOAuthWorld({ apiKey: (sandbox) => sandbox.keys.readOnly }, (world) => ({ sandbox, slack, r } = world));
  beforeAll(async () => {
    for (const team of [A, B]) expect((await installThroughBrowser(r.radar.url ?? '', slack, team)).status).toBe(200);
    await r.radar.deps.workspaces?.keys.set(`team:${A.teamId}`, sandbox.keys.readWrite, { scope: 'read_write', connectedBy: USERS.alice });
    await r.radar.deps.workspaces?.keys.set(`team:${B.teamId}`, sandbox.keys.otherOrg, { scope: 'read_write', connectedBy: USERS.maya });
  });

  it("serves each workspace's commands in the shared channel with its own token and key, and shows only its own records", async () => {
    expect(replyText(await answerTo(slack, await r.driver.command('bind northwind', { team: A.teamId, channel: SHARED })))).toMatch(/northwind/i);
    expect(replyText(await answerTo(slack, await r.driver.command(`bind ${ORBIT}`, { team: B.teamId, channel: SHARED })))).toMatch(/Orbit/i);
    expect(replyText(await answerTo(slack, await r.driver.command('watch pricing', { team: A.teamId, channel: SHARED })))).toMatch(/pricing/i);

    // B in the shared channel: its own binding, no watch of A's, served with B's key and B's token only.
    let from = sandbox.control.requests().length;
    const slackFrom = slack.calls.length;
    const status = replyText(await answerTo(slack, await r.driver.command('status', { team: B.teamId, channel: SHARED })));
    expect(status).toMatch(/Orbit/);
    expect(status).not.toMatch(/Northwind/);
    const watches = replyText(await answerTo(slack, await r.driver.command('watch', { team: B.teamId, channel: SHARED })));
    expect(watches).toMatch(/^No watches/);
    expect(keyIds(from)).toEqual(new Set(['key_other_rw']));
    const tokens = new Set(slack.calls.slice(slackFrom).map((c) => c.token).filter((t) => t !== undefined));
    expect([...tokens].every((t) => t === tokenOf(B.teamId))).toBe(true);

    // A in the same channel: its own binding and its watch, with A's key.
    from = sandbox.control.requests().length;
    const mine = replyText(await answerTo(slack, await r.driver.command('watch', { team: A.teamId, channel: SHARED })));
    expect(mine).not.toMatch(/^No watches/);
    expect(mine).toMatch(/pricing/i);
    expect(replyText(await answerTo(slack, await r.driver.command('status', { team: A.teamId, channel: SHARED })))).toMatch(/Northwind/);
    expect(keyIds(from)).toEqual(new Set(['key_acme_rw']));
  });

  it("posts each binding's digest with the token of the workspace that bound it, read with its key", async () => {
    await poller(r).tick();
    const northwind = await publish({ sandbox }, NORTHWIND, { headline: 'Pipedrift cuts prices' });
    const orbit = await publish({ sandbox }, ORBIT, { headline: 'Orbit ships a new plan' });
    const from = sandbox.control.requests().length;
    await poller(r).tick();

    const history = sandbox.control.requests().slice(from).filter((e) => e.path.endsWith('/strategic-briefing/history'));
    expect(new Set(history.map((e) => `${e.path.includes(ORBIT) ? 'orbit' : 'northwind'}:${e.keyId}`))).toEqual(new Set(['northwind:key_acme_rw', 'orbit:key_other_rw']));
    for (const [edition, team] of [
      [northwind, A],
      [orbit, B],
    ] as const) {
      expect(digestsIn({ slack }, SHARED, edition.runId)).toHaveLength(1);
      const posts = slack.callsTo('chat.postMessage').filter((c) => c.args.channel === SHARED && JSON.stringify(c.args.metadata ?? null).includes(edition.runId));
      expect(posts.map((c) => c.token)).toEqual([tokenOf(team.teamId)]);
    }
    expectNoViolations(slack);
  });

  it("an event in the shared channel delivered through one workspace (context_team_id) is served as that workspace's, though it happened in the other", async () => {
    // B's ticket thread in the shared channel, with sync on in B.
    const ticket = await inWorkspace({ workspace: `team:${B.teamId}`, teamId: B.teamId }, () => r.radar.deps.service.createTicket(ORBIT, { title: 'Orbit pricing', status: 'todo' }));
    const threadTs = '1795000000.000100';
    await createTicketThreadsRepo(r.radar.deps.store).link({ teamId: B.teamId, channelId: SHARED, threadTs }, { projectId: ORBIT, ticketId: ticket.id, ticketNumber: ticket.number, title: 'Orbit pricing' }, { ts: threadTs, kind: 'confirmation', text: null }, new Date());
    expect(replyText(await answerTo(slack, await r.driver.command('sync on', { team: B.teamId, channel: SHARED })))).toMatch(/sync/i);

    // A person of A replies in the thread; Slack delivers the event through B's installation.
    const from = sandbox.control.requests().length;
    const event = JSON.stringify({
      team_id: A.teamId,
      context_team_id: B.teamId,
      context_enterprise_id: null,
      api_app_id: API_APP_ID,
      event: { type: 'message', channel: SHARED, user: 'U0ALPHA0001', text: 'Reply from across the channel', ts: '1795000000.000200', thread_ts: threadTs, event_ts: '1795000000.000200', channel_type: 'channel' },
      type: 'event_callback',
      event_id: `Ev${randomBytes(6).toString('hex').toUpperCase()}`,
      event_time: Math.floor(Date.now() / 1000),
      authorizations: [{ enterprise_id: null, team_id: B.teamId, user_id: 'U0RADARBOT', is_bot: true, is_enterprise_install: false }],
      is_ext_shared_channel: true,
    });
    expect((await r.driver.raw(event, { 'Content-Type': 'application/json', ...r.driver.sign(event) })).status).toBe(200);
    const outcome = await r.untilLog((l) => l.msg === 'thread reply copied to its ticket as a comment' || (l.msg === 'refused a request for another team or app (nothing done)' && l.team === A.teamId));
    expect(outcome.msg).toBe('thread reply copied to its ticket as a comment');
    expect(outcome).toMatchObject({ ticketId: ticket.id });
    // Written with B's key.
    const writes = sandbox.control.requests().slice(from).filter((e) => e.method === 'POST' && e.path.endsWith('/comments'));
    expect(new Set(writes.map((e) => e.keyId))).toEqual(new Set(['key_other_rw']));
  });
});
