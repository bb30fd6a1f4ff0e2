/**
 * Who may do what, through signed requests: forged, altered and replayed values change nothing at
 * the sandbox; other teams and apps are acked with nothing done; people of other organisations get
 * one sentence; RADAR_ADMINS and RADAR_PROJECTS_ALLOWED; command text read as typed.
 */
import { mustRead } from '../../../src/service/tolerant.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SEED } from '../../../src/sandbox/index.js';
import type { ServiceClient } from '../../../src/service/index.js';
import type { StoredView, WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { ACTION_IDS, BLOCK_IDS, CALLBACK_IDS } from '../../../src/slack/ids.js';
import { FORGED_VALUE, STALE_BINDING } from '../../../src/slack/error-text.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { API_APP_ID, CHANNELS, TEAM, USERS } from '../../support/slack-fixtures.js';
import { findElement } from '../../support/view-state.js';
import { boardClient, postMessage, viewOf } from '../tickets/support.js';

const NORTHWIND = TICKET_SEED.projects.northwind;
const LUMEN = TICKET_SEED.projects.lumen;
const isWrite = (r: { method: string }) => r.method !== 'GET' && r.method !== 'HEAD';

describe('who may do what', () => {
  let h: RadarHarness;
  let board: ServiceClient;
  beforeAll(async () => {
    h = await startRadarHarness();
    board = boardClient(h);
    await h.command('bind northwind', { channel: CHANNELS.intel });
    await h.command('bind lumen', { channel: CHANNELS.general });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(async () => {
    await board?.close();
    await h?.stop();
  });

  const writes = () => h.sandbox.control.requests().filter(isWrite);
  const messageOf = (reply: WebApiCall) => ({ ts: '1700000000.000100', blocks: reply.args.blocks as unknown[] });
  const lumenTicket = async () => mustRead((await board.listTickets(LUMEN, { status: ['todo', 'triage', 'in_progress'] })).items[0]!);
  const northwindTicket = async () => mustRead((await board.listTickets(NORTHWIND, { status: ['todo'] })).items[0]!);
  /** Sends a block action and resolves with the answer to its response_url. */
  const click = async (actionId: string, value: string | null, message: { ts: string; blocks: unknown[] }, channel: string = CHANNELS.intel) => {
    const ack = await h.driver.blockAction(actionId, value, { channel, message, ephemeral: true });
    expect(ack.status).toBe(200);
    return h.answerTo(ack);
  };

  it('a ticket_move whose block id names another project’s ticket moves nothing', async () => {
    const target = await lumenTicket();
    const shown = await h.command(`ticket ${(await northwindTicket()).number}`, { channel: CHANNELS.intel });
    const blocks = structuredClone(shown.args.blocks) as { block_id?: string; elements?: { action_id?: string }[] }[];
    const controls = blocks.find((b) => b.elements?.some((e) => e.action_id === ACTION_IDS.ticketMove))!;
    controls.block_id = JSON.stringify({ p: LUMEN, t: target.id, k: 'c' });
    h.sandbox.control.clearRequests();
    const answer = await click(ACTION_IDS.ticketMove, 'done', { ts: '1700000000.000100', blocks });
    expect(replyText(answer)).toContain(FORGED_VALUE);
    expect(writes()).toEqual([]);
    expect((await board.getTicket(LUMEN, target.id)).status).toBe(target.status);
  });

  it('an altered sealed value (payload changed, seal kept) is refused', async () => {
    const target = await lumenTicket();
    const shown = await h.command(`ticket ${(await northwindTicket()).number}`, { channel: CHANNELS.intel });
    const dismiss = findElement(shown.args.blocks as unknown[], ACTION_IDS.ticketDismiss)!.element as { value: string };
    const [, mac] = dismiss.value.split('.');
    const forged = `${Buffer.from(JSON.stringify({ p: LUMEN, t: target.id, k: 'b' })).toString('base64url')}.${mac}`;
    const blocks = JSON.parse(JSON.stringify(shown.args.blocks).replaceAll(dismiss.value, forged)) as unknown[];
    h.sandbox.control.clearRequests();
    const answer = await click(ACTION_IDS.ticketDismiss, forged, { ts: '1700000000.000100', blocks });
    expect(replyText(answer)).toContain(FORGED_VALUE);
    expect(writes()).toEqual([]);
  });

  it('a value replayed from another channel is refused; in its own channel it acts', async () => {
    const ticket = await northwindTicket();
    const shown = await h.command(`ticket ${ticket.number}`, { channel: CHANNELS.intel });
    h.sandbox.control.clearRequests();
    const replayed = await click(ACTION_IDS.ticketDismiss, null, messageOf(shown), CHANNELS.general);
    expect(replyText(replayed)).toContain(FORGED_VALUE);
    expect(writes()).toEqual([]);
    expect((await board.getTicket(NORTHWIND, ticket.id)).status).toBe(ticket.status);

    const own = await click(ACTION_IDS.ticketDismiss, null, messageOf(shown), CHANNELS.intel);
    expect(replyText(own)).toContain('dismissed this ticket');
    expect((await board.getTicket(NORTHWIND, ticket.id)).status).toBe('dismissed');
  });

  it('a button from before a rebind acts on nothing and says so', async () => {
    // general is bound to Lumen: show a Lumen ticket there, then rebind general to Northwind.
    const lumen = await lumenTicket();
    const shownLumen = await h.command(`ticket ${lumen.number}`, { channel: CHANNELS.general });
    await h.command('bind northwind', { channel: CHANNELS.general });
    h.sandbox.control.clearRequests();
    const answer = await click(ACTION_IDS.ticketDismiss, null, messageOf(shownLumen), CHANNELS.general);
    expect(replyText(answer)).toContain(STALE_BINDING);
    expect(writes()).toEqual([]);
    expect((await board.getTicket(LUMEN, lumen.id)).status).toBe(lumen.status);
    await h.command('bind lumen', { channel: CHANNELS.general });
  });

  it('a digest Dismiss value naming another project’s ticket dismisses nothing', async () => {
    const target = await lumenTicket();
    const blocks = [
      {
        type: 'actions',
        block_id: `digest_ticket:${target.id}:actions`,
        elements: [{ type: 'button', action_id: ACTION_IDS.digestDismiss, text: { type: 'plain_text', text: 'Dismiss' }, value: JSON.stringify({ p: LUMEN, t: target.id, r: 1 }) }],
      },
    ];
    h.sandbox.control.clearRequests();
    const ack = await h.driver.blockAction(ACTION_IDS.digestDismiss, null, { channel: CHANNELS.intel, message: { ts: '1700000000.000200', blocks } });
    expect(ack.status).toBe(200);
    expect(replyText(await h.answerTo(ack))).toContain(FORGED_VALUE);
    expect(writes()).toEqual([]);
    expect(h.slack.callsTo('chat.update')).toEqual([]);
  });

  /** Opens the "Add to a ticket" (or ticket) modal on a message in #competitive-intel. */
  async function openModal(callbackId: string): Promise<StoredView> {
    const ts = await postMessage(h, CHANNELS.intel, 'Pipedrive changed its pricing page');
    const before = h.slack.callsTo('views.open').length;
    await h.driver.messageShortcut(callbackId, { channel: CHANNELS.intel, message: { ts, text: 'Pipedrive changed its pricing page', user: USERS.bob } });
    return viewOf(await h.slack.waitForCall('views.open', (c) => h.slack.callsTo('views.open').indexOf(c) >= before));
  }

  it('an options request naming another project returns nothing of it; the real one searches', async () => {
    const view = await openModal(CALLBACK_IDS.commentFromMessage);
    const real = (await h.driver.options(ACTION_IDS.ticketPicker, 'a', { view })).body as { options: unknown[] };
    expect(real.options.length).toBeGreaterThan(0);

    const meta = JSON.parse(Buffer.from(String(view.private_metadata).split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;
    const forged = { ...view, private_metadata: JSON.stringify({ ...meta, projectId: LUMEN }) };
    h.sandbox.control.clearRequests();
    const refused = (await h.driver.options(ACTION_IDS.ticketPicker, 'a', { view: forged })).body as { options: unknown[] };
    expect(refused.options).toEqual([]);
    // Another person sending this person's modal: nothing either.
    const other = (await h.driver.options(ACTION_IDS.ticketPicker, 'a', { view, user: USERS.bob })).body as { options: unknown[] };
    expect(other.options).toEqual([]);
    expect(h.sandbox.control.requests()).toEqual([]);
  });

  it('a ticket submission whose metadata names another project and a private channel creates nothing and posts nothing there', async () => {
    const view = await openModal(CALLBACK_IDS.ticketFromMessage);
    const meta = JSON.parse(Buffer.from(String(view.private_metadata).split('.')[0]!, 'base64url').toString()) as Record<string, unknown>;
    const forged = { ...view, id: view.id ?? 'V0FORGED1', private_metadata: JSON.stringify({ ...meta, projectId: LUMEN, projectName: 'Lumen Docs', channelId: CHANNELS.private }) };
    const lumenBefore = (await board.listTickets(LUMEN, { closed: 'all' })).total;
    h.sandbox.control.clearRequests();
    const ack = await h.driver.viewSubmission(forged, { [BLOCK_IDS.title]: 'Forged ticket', [BLOCK_IDS.column]: 'triage' });
    expect(ack.status).toBe(200);
    expect(JSON.stringify(ack.body)).toContain(FORGED_VALUE.slice(0, 40));
    expect(writes()).toEqual([]);
    expect(h.slack.messagesIn(CHANNELS.private)).toEqual([]);
    expect((await board.listTickets(LUMEN, { closed: 'all' })).total).toBe(lumenBefore);
  });

  it('a payload for another team or another app is acked with nothing done, logged once per team', async () => {
    const answered = h.slack.responses.length;
    h.sandbox.control.clearRequests();
    for (let i = 0; i < 2; i++) {
      const ack = await h.driver.command('bind lumen', { channel: CHANNELS.intel, team: 'T0OTHERTEAM' });
      expect(ack.status).toBe(200);
      expect(ack.body).toBe('');
    }
    const otherApp = new URLSearchParams({ team_id: TEAM.id, channel_id: CHANNELS.intel, user_id: USERS.alice, user_name: 'alice', command: '/radar', text: 'unbind', api_app_id: 'A0SOMEONEELSE', response_url: `${h.slack.responseUrl()}/x` }).toString();
    const ack = await h.driver.raw(otherApp, { 'Content-Type': 'application/x-www-form-urlencoded', ...h.driver.sign(otherApp) });
    expect(ack.status).toBe(200);
    // A request of this team sent after them is answered; by then nothing has come for the refused ones,
    // and its answer is the only new one (so a refused request answered late would show here).
    const following = await h.driver.command('status', { channel: CHANNELS.intel });
    const answer = await h.answerTo(following);
    expect(h.slack.responses.slice(answered)).toEqual([answer]);
    expect(writes()).toEqual([]);
    expect((await h.radar.deps.bindings.get(TEAM.id, CHANNELS.intel))?.projectId).toBe(NORTHWIND);
    expect(h.logs.filter((l) => l.includes('another team or app') && l.includes('T0OTHERTEAM'))).toHaveLength(1);
  });

  it('a person of another organisation gets one sentence, and help only', async () => {
    const base = h.slack.responseUrl();
    const payload = (userTeam: string) => ({
      type: 'message_action',
      token: 'legacy-verification-token',
      api_app_id: API_APP_ID,
      team: { id: TEAM.id, domain: TEAM.domain },
      user: { id: 'U0GUEST001', username: 'guest', name: 'guest', team_id: userTeam },
      callback_id: CALLBACK_IDS.ticketFromMessage,
      trigger_id: '1.2.3',
      response_url: `${base}/guest`,
      channel: { id: CHANNELS.intel, name: 'competitive-intel' },
      message_ts: '1700000000.000300',
      message: { type: 'message', ts: '1700000000.000300', text: 'hello', user: USERS.bob },
    });
    const opens = h.slack.callsTo('views.open').length;
    const body = new URLSearchParams({ payload: JSON.stringify(payload('T0GUESTORG')) }).toString();
    expect((await h.driver.raw(body, { 'Content-Type': 'application/x-www-form-urlencoded', ...h.driver.sign(body) })).status).toBe(200);
    expect(replyText(await h.answerTo({ responseUrl: `${base}/guest` }))).toContain('Radar works only for people of Example');
    expect(h.slack.callsTo('views.open').length).toBe(opens);

    const responseUrl = (text: string) => `${base}/guest-${text}`;
    const command = (text: string) =>
      new URLSearchParams({ team_id: TEAM.id, user_team: 'T0GUESTORG', channel_id: CHANNELS.intel, user_id: 'U0GUEST001', user_name: 'guest', command: '/radar', text, api_app_id: API_APP_ID, response_url: responseUrl(text) }).toString();
    const unbind = command('unbind');
    await h.driver.raw(unbind, { 'Content-Type': 'application/x-www-form-urlencoded', ...h.driver.sign(unbind) });
    expect(replyText(await h.answerTo({ responseUrl: responseUrl('unbind') }))).toContain('can use `/radar help` only');
    expect((await h.radar.deps.bindings.get(TEAM.id, CHANNELS.intel))?.projectId).toBe(NORTHWIND);
    const help = command('help');
    const helpAck = await h.driver.raw(help, { 'Content-Type': 'application/x-www-form-urlencoded', ...h.driver.sign(help) });
    expect(replyText(await h.answerTo({ body: helpAck.body, responseUrl: responseUrl('help') }))).toContain('/radar bind');
  });

  it('text typed with <, > and & reads as typed, escaped once', async () => {
    await board.createTicket(NORTHWIND, { title: 'Compare <b>bold</b> & plain pricing', status: 'todo' });
    // Slack sends what was typed as entities.
    const reply = await h.command('tickets &lt;b&gt;bold', { channel: CHANNELS.intel });
    const text = replyText(reply);
    expect(text).toContain('Compare &lt;b&gt;bold&lt;/b&gt; &amp; plain pricing');
    expect(text).toContain('“&lt;b&gt;bold”');
    expect(text).not.toContain('&amp;lt;');
  });
});

describe('RADAR_ADMINS and RADAR_PROJECTS_ALLOWED', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness({ env: { RADAR_ADMINS: USERS.alice, RADAR_PROJECTS_ALLOWED: `${NORTHWIND}, ${TICKET_SEED.projects.quarry}` } });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  it('only an admin binds, unbinds and turns digests on or off; others are told who can', async () => {
    const refused = replyText(await h.command('bind northwind', { channel: CHANNELS.intel, user: USERS.bob }));
    expect(refused).toContain(`Only Radar's admins can bind a channel to a project: ask <@${USERS.alice}>.`);
    expect(await h.radar.deps.bindings.get(TEAM.id, CHANNELS.intel)).toBeUndefined();

    expect(replyText(await h.command('bind northwind', { channel: CHANNELS.intel, user: USERS.alice }))).toContain('now bound to *Northwind CRM*');
    expect(replyText(await h.command('digest off', { channel: CHANNELS.intel, user: USERS.bob }))).toContain("Only Radar's admins can turn digests off");
    expect(replyText(await h.command('unbind', { channel: CHANNELS.intel, user: USERS.bob }))).toContain("Only Radar's admins can unbind a channel");
    expect((await h.radar.deps.digestSettings.get(TEAM.id, CHANNELS.intel))?.digestsEnabled).toBe(true);
    expect(replyText(await h.command('digest off', { channel: CHANNELS.intel, user: USERS.alice }))).not.toContain('admins');
    // Reading is for everyone.
    expect(replyText(await h.command('tickets', { channel: CHANNELS.intel, user: USERS.bob }))).toContain('Northwind CRM: tickets');
  });

  it('binding to or reading with --project a project not allowed is refused in one sentence', async () => {
    const bind = replyText(await h.command('bind lumen', { channel: CHANNELS.general, user: USERS.alice }));
    expect(bind).toContain("Radar isn't allowed to work with *Lumen Docs* in this workspace");
    expect(await h.radar.deps.bindings.get(TEAM.id, CHANNELS.general)).toBeUndefined();
    const read = replyText(await h.command('tickets --project lumen', { channel: CHANNELS.general, user: USERS.bob }));
    expect(read).toContain("Radar isn't allowed to work with *Lumen Docs*");
    expect(read).not.toContain('#');
    const listed = replyText(await h.command('projects', { channel: CHANNELS.general }));
    expect(listed).toContain('Northwind CRM');
    expect(listed).not.toContain('Lumen Docs');
  });
});
