/**
 * Follows and direct messages end to end (issue 31): `/radar follow` through signed commands, the
 * board changed through the service (an assignment, comments) and through Radar's own buttons, a
 * watch change published in the sandbox, the follow and watch pollers ticked (never waited for), and
 * quiet hours read on Radar's clock, moved across a night. DMs are `chat.postMessage` to the person's
 * user id in the fake Slack. Assignments behind a rewriting proxy (a ticket's author, which the
 * sandbox's API-made tickets never have): assigned away and back is told twice, a creator's own not at all.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, TICKET_SEED, type Sandbox } from '../../../src/sandbox/index.js';
import { createServiceClient, type ServiceClient, type Ticket } from '../../../src/service/index.js';
import { mustRead } from '../../../src/service/tolerant.js';
import type { Worker } from '../../../src/deps.js';
import type { StoredMessage, WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { ACTION_IDS, BLOCK_IDS, CALLBACK_IDS } from '../../../src/slack/ids.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { findElement } from '../../support/view-state.js';
import { startRewritingProxy, type RewritingProxy } from '../../support/rewriting-proxy.js';
import { boardClient, postMessage } from '../tickets/support.js';
import { publishRun, watchPoller } from '../watches/support.js';

const NW = TICKET_SEED.projects.northwind;
const TICK_ONLY = { WATCH_INTERVAL_SECONDS: '3600', DIGEST_INTERVAL_SECONDS: '3600', FOLLOW_INTERVAL_SECONDS: '3600' };

const priceRow = (domain: string, o: Record<string, unknown> = {}) => ({ domain, isOwn: false, lowestPrice: 24, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 4, hasFreePlan: false, ...o });
const pricingRows = (o: Record<string, Record<string, unknown>> = {}) => ['pipedrift.com', 'closewise.com', 'hubforge.io'].map((d) => priceRow(d, o[d]));

/** Noon in London (UTC in winter). */
let clock = Date.parse('2026-11-26T12:00:00Z');

function followPoller(h: RadarHarness): Required<Worker> {
  const worker = h.radar.workers.find((w) => w.name === 'follow-poller');
  if (!worker?.tick) throw new Error('the follow poller is not running');
  return worker as Required<Worker>;
}

/** The direct messages Radar sent a person, oldest first. */
const dms = (h: RadarHarness, user: string): readonly StoredMessage[] => h.slack.messagesIn(user);
const textOf = (m: StoredMessage) => `${m.text}\n${JSON.stringify(m.blocks ?? [])}`;

describe('follows and direct messages', () => {
  let h: RadarHarness;
  let board: ServiceClient;
  beforeEach(async () => {
    clock = Date.parse('2026-11-26T12:00:00Z');
    h = await startRadarHarness({ env: TICK_ONLY, now: () => new Date(clock) });
    board = boardClient(h);
    await h.command('bind northwind', { channel: CHANNELS.intel, user: USERS.alice });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await board.close();
    await h.stop();
  });

  const ticketTitled = async (q: string): Promise<Ticket> => mustRead((await board.listTickets(NW, { q, closed: 'all' })).items[0]!);

  it('an assignment and two comments on the board reach a follower as one message, once; /radar follow lists who set what and when', async () => {
    const followed = await ticketTitled('Competitor sitemap grew');
    const other = await ticketTitled('SalesLoom homepage now leads');
    const echo = replyText(await h.command(`follow ticket ${followed.number}`, { channel: CHANNELS.intel, user: USERS.maya }));
    expect(echo).toContain(`You now follow Ticket: *#${followed.number} Competitor sitemap grew`);
    const list = replyText(await h.command('follow', { channel: CHANNELS.intel, user: USERS.maya }));
    expect(list).toContain(`Ticket: *#${followed.number} Competitor sitemap grew`);
    expect(list).toContain(`set by <@${USERS.maya}>`);
    expect(list).toContain('A ticket is assigned to you: *on*');
    expect(list).toContain('Quiet hours: *off*');
    // Who hears of an assignment: board names matched to people Radar knows, else the workspace's one person of that name, said where the setting is.
    expect(list).toContain('else the one person in the workspace with that name');
    expect(list).toContain('You match a board member named *Maya');

    await followPoller(h).tick(); // the baseline: nothing told
    expect(dms(h, USERS.maya)).toHaveLength(0);

    await board.updateTicket(NW, other.id, { assigneeUserId: TICKET_SEED.members.maya });
    await board.createComment(NW, followed.id, 'First note on the sitemap');
    await board.createComment(NW, followed.id, 'Second note <!channel>');
    await followPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(1);
    const text = textOf(dms(h, USERS.maya)[0]!);
    expect(text).toContain('3 updates from Radar');
    expect(text).toContain(`#${other.number} SalesLoom homepage now leads`);
    expect(text).toContain('is now assigned to you');
    expect(text).toContain('First note on the sitemap');
    expect(text).toContain('Second note &lt;!channel&gt;');
    expect(text).not.toContain('<!channel>');

    await followPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(1);
    // Nobody else follows anything: nobody else is told.
    expect(dms(h, USERS.alice)).toHaveLength(0);
  });

  it("an assignment made through Radar tells the assignee at once, and the board read never tells it again", async () => {
    await h.command('follow project', { channel: CHANNELS.intel, user: USERS.maya });
    await followPoller(h).tick();
    const ticket = await ticketTitled('SalesLoom homepage now leads');
    const shown = await h.command(`ticket ${ticket.number}`, { channel: CHANNELS.intel, user: USERS.alice });
    const message = { ts: '1700000000.000100', blocks: shown.args.blocks as unknown[] };
    const offered: WebApiCall = await h.answerTo(await h.driver.blockAction(ACTION_IDS.ticketAssign, null, { channel: CHANNELS.intel, message, user: USERS.alice, ephemeral: true }));
    const options = (findElement(offered.args.blocks as unknown[], ACTION_IDS.ticketAssignPick)?.element.options ?? []) as { text: { text: string }; value: string }[];
    const maya = options.find((o) => o.text.text.startsWith('Maya Chen'))!.value;
    await h.answerTo(await h.driver.blockAction(ACTION_IDS.ticketAssignPick, maya, { channel: CHANNELS.intel, message: { ts: message.ts, blocks: offered.args.blocks as unknown[] }, user: USERS.alice, ephemeral: true }));
    await h.slack.untilCalls(() => dms(h, USERS.maya).length > 0);
    const text = textOf(dms(h, USERS.maya)[0]!);
    expect(text).toContain(`#${ticket.number} SalesLoom homepage now leads`);
    expect(text).toContain(`is now assigned to you (by <@${USERS.alice}>)`);

    await followPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(1);
    // Alice did it: she follows the project too, and is not told of her own doing.
    expect(dms(h, USERS.alice)).toHaveLength(0);
  });

  it('a comment added through Radar (Add to Radar ticket) tells the ticket’s followers at once, never its author, and the board read never again', async () => {
    const followed = await ticketTitled('Competitor sitemap grew');
    await h.command(`follow ticket ${followed.number}`, { channel: CHANNELS.intel, user: USERS.maya });
    await h.command(`follow ticket ${followed.number}`, { channel: CHANNELS.intel, user: USERS.alice });
    await followPoller(h).tick();
    const ts = await postMessage(h, CHANNELS.intel, 'Their sitemap doubled again');
    const ack = await h.driver.messageShortcut(CALLBACK_IDS.commentFromMessage, { channel: CHANNELS.intel, message: { ts, text: 'Their sitemap doubled again', user: USERS.carol }, user: USERS.alice });
    const { view } = await h.viewOpenedBy(ack);
    const chosen = { type: 'external_select', selected_option: { text: { type: 'plain_text', text: `#${followed.number} x` }, value: followed.id } };
    await h.driver.viewSubmission(view, { [BLOCK_IDS.ticket]: chosen, [BLOCK_IDS.body]: 'Their sitemap doubled again' }, { user: USERS.alice });
    await h.slack.untilCalls(() => dms(h, USERS.maya).length > 0);
    const text = textOf(dms(h, USERS.maya)[0]!);
    expect(text).toContain(`<@${USERS.alice}> commented on ticket *#${followed.number} Competitor sitemap grew`);
    expect(text).toContain('Their sitemap doubled again');

    await followPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(1);
    expect(dms(h, USERS.alice)).toHaveLength(0);
  });

  it("a now-tier watch change of a followed competitor: each follower hears only what they follow, once across two channels", async () => {
    await h.command('bind northwind', { channel: CHANNELS.general, user: USERS.alice });
    await h.command('follow competitor pipedrift.com', { channel: CHANNELS.intel, user: USERS.maya });
    await h.command('follow project', { channel: CHANNELS.intel, user: USERS.bob });
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows() } });
    await h.command('watch pricing', { channel: CHANNELS.intel });
    await h.command('watch pricing', { channel: CHANNELS.general });
    await watchPoller(h).tick();
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'pipedrift.com': { lowestPrice: 19 }, 'closewise.com': { hasFreePlan: true } }) } });
    await watchPoller(h).tick();

    expect(dms(h, USERS.maya)).toHaveLength(1);
    const maya = textOf(dms(h, USERS.maya)[0]!);
    expect(maya).toContain('Pricing moved: pipedrift.com');
    expect(maya).toContain('$19');
    expect(maya).not.toContain('closewise.com');
    expect(dms(h, USERS.bob)).toHaveLength(1);
    const bob = textOf(dms(h, USERS.bob)[0]!);
    expect(bob).toContain('pipedrift.com');
    expect(bob).toContain('closewise.com');

    await watchPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(1);
    expect(dms(h, USERS.bob)).toHaveLength(1);
  });

  it('quiet hours in the person’s time zone hold everything, then send it as one message after', async () => {
    const followed = await ticketTitled('Competitor sitemap grew');
    await h.command(`follow ticket ${followed.number}`, { channel: CHANNELS.intel, user: USERS.maya });
    const set = replyText(await h.command('follow quiet 22:00-07:00', { channel: CHANNELS.intel, user: USERS.maya }));
    expect(set).toContain('Quiet hours *22:00–07:00* in your time zone (Europe/London)');
    await followPoller(h).tick();

    clock = Date.parse('2026-11-26T23:10:00Z'); // 23:10 in London: quiet
    await board.createComment(NW, followed.id, 'Late comment one');
    await followPoller(h).tick();
    clock = Date.parse('2026-11-27T03:00:00Z');
    await board.createComment(NW, followed.id, 'Late comment two');
    await followPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(0);

    clock = Date.parse('2026-11-27T06:59:00Z'); // still quiet
    await followPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(0);

    clock = Date.parse('2026-11-27T07:01:00Z'); // over: what was held goes, as one message
    await followPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(1);
    const text = textOf(dms(h, USERS.maya)[0]!);
    expect(text).toContain('While your quiet hours were on');
    expect(text).toContain('22:00–07:00, Europe/London');
    expect(text).toContain('Late comment one');
    expect(text).toContain('Late comment two');

    await followPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(1);
  });

  it('the Follow buttons on a competitor card and on a ticket follow for whoever clicks; a forged value follows nothing', async () => {
    const card = await h.command('competitor pipedrift.com', { channel: CHANNELS.intel, user: USERS.alice });
    const cardMessage = { ts: '1700000000.000200', blocks: card.args.blocks as unknown[] };
    const followed = replyText(await h.answerTo(await h.driver.blockAction(ACTION_IDS.competitorFollow, null, { channel: CHANNELS.intel, message: cardMessage, user: USERS.bob, ephemeral: true })));
    expect(followed).toContain('You now follow *Pipedrift (pipedrift.com)* in Northwind CRM');

    const ticket = await ticketTitled('Competitor sitemap grew');
    const shown = await h.command(`ticket ${ticket.number}`, { channel: CHANNELS.intel, user: USERS.alice });
    const ticketMessage = { ts: '1700000000.000300', blocks: shown.args.blocks as unknown[] };
    const onTicket = replyText(await h.answerTo(await h.driver.blockAction(ACTION_IDS.ticketFollow, null, { channel: CHANNELS.intel, message: ticketMessage, user: USERS.bob, ephemeral: true })));
    expect(onTicket).toContain(`You now follow *#${ticket.number} Competitor sitemap grew`);

    const list = replyText(await h.command('follow', { channel: CHANNELS.intel, user: USERS.bob }));
    expect(list).toContain('*What you follow* (2)');
    expect(list).toContain('Competitor: *Pipedrift (pipedrift.com)* in Northwind CRM');
    // Shown in another channel, the same value is not Radar's for it.
    const forged = replyText(await h.answerTo(await h.driver.blockAction(ACTION_IDS.competitorFollow, null, { channel: CHANNELS.general, message: cardMessage, user: USERS.carol, ephemeral: true })));
    expect(forged).toContain('not made by Radar for this channel');
    expect(replyText(await h.command('follow', { channel: CHANNELS.intel, user: USERS.carol }))).toContain('You follow nothing yet');
  });

  it('unfollow stops it; an unknown competitor is said, not guessed', async () => {
    const followed = await ticketTitled('Competitor sitemap grew');
    await h.command(`follow ticket ${followed.number}`, { channel: CHANNELS.intel, user: USERS.maya });
    const gone = replyText(await h.command(`unfollow ticket ${followed.number}`, { channel: CHANNELS.intel, user: USERS.maya }));
    expect(gone).toContain('You no longer follow');
    await followPoller(h).tick();
    await board.createComment(NW, followed.id, 'Nobody hears this');
    await followPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(0);
    const unknown = replyText(await h.command('follow competitor nosuchrival', { channel: CHANNELS.intel, user: USERS.maya }));
    expect(unknown).toMatch(/nosuchrival/);
  });
});

describe('assignment direct messages: each assignment its own event', () => {
  let sandbox: Sandbox;
  let proxy: RewritingProxy;
  let h: RadarHarness;
  let board: ServiceClient;
  /** Titles of tickets the proxy says Maya opened in the app (the sandbox's API-made tickets have no author). */
  const openedByMaya = new Set<string>();
  beforeEach(async () => {
    clock = Date.parse('2026-11-26T12:00:00Z');
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    proxy = await startRewritingProxy(sandbox.url, {
      reshape(req, json) {
        if (req.method !== 'GET' || !/\/tickets(\?|$)/.test(req.url) || typeof json !== 'object' || json === null) return undefined;
        const items = (json as { items?: Record<string, unknown>[] }).items ?? [];
        return { ...json, items: items.map((t) => (openedByMaya.has(String(t.title)) ? { ...t, origin: 'user', author: { userId: TICKET_SEED.members.maya, fullName: 'Maya Chen' } } : t)) };
      },
    });
    h = await startRadarHarness({ env: TICK_ONLY, now: () => new Date(clock), sandbox: Object.assign(Object.create(sandbox) as Sandbox, { url: proxy.url }) });
    board = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite, retry: false });
    await h.command('bind northwind', { channel: CHANNELS.intel, user: USERS.alice });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    openedByMaya.clear();
    await board.close();
    await h.stop();
    await proxy.close();
    await sandbox.close();
  });

  it('assigned away and back is told again; the creator of a ticket assigned to themself is not told', async () => {
    await h.command('follow competitor pipedrift.com', { channel: CHANNELS.intel, user: USERS.maya });
    await followPoller(h).tick(); // the baseline
    const ticket = mustRead((await board.listTickets(NW, { q: 'SalesLoom homepage now leads', closed: 'all' })).items[0]!);

    openedByMaya.add('Maya’s own follow-up');
    await board.createTicket(NW, { title: 'Maya’s own follow-up', status: 'todo', assigneeUserId: TICKET_SEED.members.maya });
    await followPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(0);

    await board.updateTicket(NW, ticket.id, { assigneeUserId: TICKET_SEED.members.maya });
    await followPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(1);
    await board.updateTicket(NW, ticket.id, { assigneeUserId: TICKET_SEED.members.tom });
    await followPoller(h).tick();
    await board.updateTicket(NW, ticket.id, { assigneeUserId: TICKET_SEED.members.maya });
    await followPoller(h).tick();
    await followPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(2);
    for (const m of dms(h, USERS.maya)) expect(textOf(m)).toContain(`#${ticket.number} SalesLoom homepage now leads`);
    expect(dms(h, USERS.maya).map(textOf).join('')).not.toContain('own follow-up');
  });
});
