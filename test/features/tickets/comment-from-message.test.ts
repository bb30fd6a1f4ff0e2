import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SEED } from '../../../src/sandbox/index.js';
import type { TicketBoards } from '../../../src/sandbox/tickets/boards.js';
import type { ServiceClient, Ticket } from '../../../src/service/index.js';
import { ACTION_IDS, BLOCK_IDS, CALLBACK_IDS } from '../../../src/slack/ids.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { boardClient, inputElement, postMessage, viewOf, viewText } from './support.js';
import { mustRead } from '../../../src/service/tolerant.js';

const NORTHWIND = TICKET_SEED.projects.northwind;

describe('adding a message to a ticket as a comment', () => {
  let h: RadarHarness;
  let board: ServiceClient;
  let target: Ticket;
  beforeAll(async () => {
    h = await startRadarHarness();
    board = boardClient(h);
    await h.command('bind northwind', { channel: CHANNELS.intel });
    target = mustRead((await board.listTickets(NORTHWIND, { q: 'annual discount' })).items[0]!);
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(async () => {
    await board?.close();
    await h?.stop();
  });

  async function openFor(text: string) {
    const ts = await postMessage(h, CHANNELS.intel, text);
    const ack = await h.driver.messageShortcut(CALLBACK_IDS.commentFromMessage, { channel: CHANNELS.intel, message: { ts, text, user: USERS.carol } });
    const { call: opened, view } = await h.viewOpenedBy(ack);
    expect(viewOf(opened).callback_id).toBe(CALLBACK_IDS.commentModal);
    return { ts, view };
  }

  const chosen = (ticket: Ticket) => ({ type: 'external_select', selected_option: { text: { type: 'plain_text', text: `#${ticket.number} ${ticket.title}` }, value: ticket.id } });

  it('prefills the comment with the message text and its permalink', async () => {
    const { ts, view } = await openFor('Three competitors now discount annual plans by 20%');
    const body = String(inputElement(view, BLOCK_IDS.body)?.initial_value);
    expect(body).toContain('Three competitors now discount annual plans by 20%');
    expect(body).toContain('Carol Nguyen');
    expect(body).toContain(`p${ts.replace('.', '')}`);
  });

  it('searches tickets by number when digits are typed, and by title words otherwise', async () => {
    const { view } = await openFor('Search me');
    const byNumber = await h.driver.options(ACTION_IDS.ticketPicker, `#${target.number}`, { view });
    expect(byNumber.body).toEqual({ options: [{ text: { type: 'plain_text', text: `#${target.number} ${target.title}`, emoji: true }, value: target.id }] });
    const byWords = (await h.driver.options(ACTION_IDS.ticketPicker, 'PRICING', { view })).body as { options: { text: { text: string } }[] };
    expect(byWords.options.length).toBeGreaterThan(1);
    for (const o of byWords.options) expect(o.text.text.toLowerCase()).toContain('pricing');
    const searches = h.sandbox.control.requests().filter((r) => r.path.endsWith('/tickets') && r.method === 'GET');
    expect(searches.some((r) => r.query.number === String(target.number))).toBe(true);
    expect(searches.some((r) => r.query.q === 'PRICING')).toBe(true);
  });

  it('adds the comment and replies in the thread naming the ticket', async () => {
    const { ts, view } = await openFor('Finance signed off on 15%');
    const ack = await h.driver.viewSubmission(view, { [BLOCK_IDS.ticket]: chosen(target), [BLOCK_IDS.body]: 'Finance signed off on 15%' });
    expect(ack.body).toMatchObject({ response_action: 'update' });
    const done = await h.slack.waitForCall('views.update', (c) => c.args.view_id === view.id && viewText(viewOf(c)).includes('The comment is on'));
    expect(viewText(viewOf(done))).toContain(`#${target.number}`);
    const comments = await board.listComments(NORTHWIND, target.id);
    const last = mustRead(comments.at(-1)!);
    expect(last).toMatchObject({ origin: 'api' });
    expect(last.body).toContain('Finance signed off on 15%');
    expect(last.body).toContain(`p${ts.replace('.', '')}`);
    const reply = h.slack.messagesIn(CHANNELS.intel).find((m) => m.thread_ts === ts);
    expect(reply?.text).toContain(`#${target.number} ${target.title}`);
  });

  it('checks the picker and the body before calling the service', async () => {
    const { view } = await openFor('Incomplete');
    const ack = await h.driver.viewSubmission(view, { [BLOCK_IDS.body]: 'y'.repeat(20_001) });
    expect(ack.body).toEqual({
      response_action: 'errors',
      errors: { [BLOCK_IDS.ticket]: expect.stringContaining('Choose the ticket') as unknown, [BLOCK_IDS.body]: expect.stringContaining('20,000') as unknown },
    });
  });

  it('says the chosen ticket is gone when it was deleted meanwhile, rather than blaming the binding', async () => {
    const doomed = await board.createTicket(NORTHWIND, { title: 'Deleted before the submit', status: 'todo' });
    const { view } = await openFor('Late thought');
    await board.deleteTicket(NORTHWIND, doomed.id);
    await h.driver.viewSubmission(view, { [BLOCK_IDS.ticket]: chosen(doomed), [BLOCK_IDS.body]: 'Late thought' });
    const back = await h.slack.waitForCall('views.update', (c) => c.args.view_id === view.id && viewText(viewOf(c)).includes('Your input is kept'));
    expect(viewText(viewOf(back))).toContain("can't find that ticket on *Northwind CRM*'s board");
    expect(viewText(viewOf(back))).not.toContain('rebind');
    expect(inputElement(viewOf(back), BLOCK_IDS.body)?.initial_value).toBe('Late thought');
  });

  it('says so when the ticket already holds 500 comments, keeping the input', async () => {
    const chatty = await board.createTicket(NORTHWIND, { title: 'Chatty thread', status: 'todo' });
    const sandboxBoard = (h.sandbox.state.board as TicketBoards).board(NORTHWIND);
    for (let i = 0; i < 500; i++) sandboxBoard.addComment(chatty.id, `#${i}`, { origin: 'api', author: null });
    const { view } = await openFor('One more thought');
    await h.driver.viewSubmission(view, { [BLOCK_IDS.ticket]: chosen(chatty), [BLOCK_IDS.body]: 'One more thought, edited' });
    const back = await h.slack.waitForCall('views.update', (c) => c.args.view_id === view.id && viewText(viewOf(c)).includes('Your input is kept'));
    expect(viewText(viewOf(back))).toContain('at most 500 comments');
    expect(inputElement(viewOf(back), BLOCK_IDS.body)?.initial_value).toBe('One more thought, edited');
    expect(inputElement(viewOf(back), BLOCK_IDS.ticket)?.initial_option).toMatchObject({ value: chatty.id });
    expect((await board.getTicket(NORTHWIND, chatty.id)).commentCount).toBe(500);
  });
});
