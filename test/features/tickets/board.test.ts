import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SEED } from '../../../src/sandbox/index.js';
import type { ServiceClient, Ticket } from '../../../src/service/index.js';
import type { WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { ACTION_IDS } from '../../../src/slack/ids.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { replyText, startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { findElement } from '../../support/view-state.js';
import { boardClient } from './support.js';
import { tableRows } from '../../support/view-checks.js';
import { mustRead, readable } from '../../../src/service/tolerant.js';

const NORTHWIND = TICKET_SEED.projects.northwind;

describe('the board from the channel', () => {
  let h: RadarHarness;
  let board: ServiceClient;
  beforeAll(async () => {
    h = await startRadarHarness();
    board = boardClient(h);
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(async () => {
    await board?.close();
    await h?.stop();
  });

  const byTitle = async (q: string): Promise<Ticket> => mustRead((await board.listTickets(NORTHWIND, { q, closed: 'all' })).items[0]!);
  /** The ticket numbers a reply shows, in the order shown. */
  /** The ticket numbers a list shows: its table's first column, else its lines' `*#N*`. */
  const numbersIn = (reply: WebApiCall) => {
    const rows = tableRows(reply.args.blocks as unknown[]);
    if (rows) return rows.slice(1).map((r) => Number((r[0] ?? '').replace('#', '')));
    return [...replyText(reply).matchAll(/\*#(\d+)\*/g)].map((m) => Number(m[1]));
  };
  /** The columns a list's table names, in the order its rows meet them. */
  const columnsIn = (reply: WebApiCall) => [...new Set((tableRows(reply.args.blocks as unknown[]) ?? []).slice(1).map((r) => r[2]))];
  const messageOf = (reply: WebApiCall) => ({ ts: '1700000000.000100', blocks: reply.args.blocks as unknown[] });
  /** The value of the option whose text starts with `label` in the select `actionId` of a reply. */
  const optionValue = (reply: WebApiCall, actionId: string, label: string) => {
    const found = findElement(reply.args.blocks as unknown[], actionId);
    const options = (found?.element.options ?? []) as { text: { text: string }; value: string }[];
    return options.find((o) => o.text.text.startsWith(label))!.value;
  };
  const act = async (actionId: string, value: string | null, reply: WebApiCall, user: string = USERS.alice) => {
    const ack = await h.driver.blockAction(actionId, value, { channel: CHANNELS.intel, message: messageOf(reply), user, ephemeral: true });
    expect(ack.status).toBe(200);
    return h.answerTo(ack);
  };

  it('lists the tickets in board order, grouped by column, counting from total', async () => {
    const expected = await board.listTickets(NORTHWIND);
    const reply = await h.command('tickets', { channel: CHANNELS.intel });
    const text = replyText(reply);
    expect(numbersIn(reply)).toEqual(readable(expected.items).map((t) => t.number));
    // One table, a row a ticket, grouped by column in the board's order.
    expect(columnsIn(reply)).toEqual(['Triage', 'To do', 'In progress', 'Done', 'Dismissed']);
    expect(tableRows(reply.args.blocks as unknown[])?.[0]).toEqual(['#', 'Title', 'Column', 'Impact', 'Effort', 'Assignee', 'Due', 'Labels']);
    // A row carries impact, effort, assignee, due date and labels.
    const row = tableRows(reply.args.blocks as unknown[])?.find((r) => r[1] === 'Add an annual discount to match three competitors');
    expect(row?.slice(3, 6)).toEqual(['3 Significant', 'medium', 'Priya Raman']);
    expect(row?.[6]).toMatch(/^\w{3} \d{1,2}, \d{4}$/);
    expect(row?.[7]).toBe('Pricing, Q3 roadmap');
    // Closed long ago: hidden by closed=recent, and the reply says more exist.
    expect(text).not.toContain('Enterprise Lite');
    const hidden = expected.total - expected.items.length;
    expect(text).toContain(`${expected.items.length} of ${expected.total} tickets shown, in board order; the other ${hidden} were closed more than 30 days ago: add \`--all\``);
  });

  it('finds a two-word column typed as two words or quoted (`tickets in progress`)', async () => {
    const expected = await board.listTickets(NORTHWIND, { status: ['in_progress'] });
    expect(expected.items.length).toBeGreaterThan(0);
    for (const typed of ['tickets in progress', 'tickets "in progress"', 'tickets In Progress']) {
      const reply = await h.command(typed, { channel: CHANNELS.intel });
      expect(numbersIn(reply)).toEqual(readable(expected.items).map((t) => t.number));
    }
  });

  it('narrows to columns and title words', async () => {
    const reply = await h.command('tickets todo in-progress pricing', { channel: CHANNELS.intel });
    const expected = await board.listTickets(NORTHWIND, { status: ['todo', 'in_progress'], q: 'pricing' });
    expect(expected.items.length).toBeGreaterThan(0);
    expect(numbersIn(reply)).toEqual(readable(expected.items).map((t) => t.number));
    expect(columnsIn(reply)).not.toContain('Triage');
  });

  it('shows one ticket with its description and latest comments', async () => {
    const hero = await byTitle('Rewrite homepage hero');
    const comments = await board.listComments(NORTHWIND, hero.id);
    const text = replyText(await h.command(`ticket ${hero.number}`, { channel: CHANNELS.intel }));
    expect(text).toContain(`#${hero.number} Rewrite homepage hero around pipeline forecasting`);
    // The description's Markdown reads as Slack mrkdwn: a bold heading line and a task list.
    expect(mustRead((await board.getTicket(NORTHWIND, hero.id)).description)).toContain('## Goal');
    expect(text).toContain('*Goal*\nLead with the forecasting story');
    expect(text).toContain('☑ Draft copy\n☐ Design review');
    expect(text).not.toContain('## Goal');
    expect(text).not.toContain('- [x]');
    expect(text).toContain(mustRead(comments.at(-1)!).body.slice(0, 40));
    expect(replyText(await h.command('ticket 99999', { channel: CHANNELS.intel }))).toContain('no ticket #99999');
  });

  it('moves a ticket to the top of another column', async () => {
    const ticket = await byTitle('Track Folk CRM');
    const shown = await h.command(`ticket ${ticket.number}`, { channel: CHANNELS.intel });
    const updated = await act(ACTION_IDS.ticketMove, optionValue(shown, ACTION_IDS.ticketMove, 'In progress'), shown);
    expect(updated.args.replace_original).toBe(true);
    expect(replyText(updated)).toContain('moved this ticket to the top of In progress');
    const inProgress = await board.listTickets(NORTHWIND, { status: ['in_progress'] });
    expect(readable(inProgress.items)[0]?.id).toBe(ticket.id);
    expect(inProgress.items.length).toBeGreaterThan(1);

    // The same choice again from the stale message: the ticket is already on top, and stays there.
    await act(ACTION_IDS.ticketMove, optionValue(shown, ACTION_IDS.ticketMove, 'In progress'), shown);
    expect((await board.listTickets(NORTHWIND, { status: ['in_progress'] })).items.map((t) => mustRead(t).id)).toEqual(inProgress.items.map((t) => mustRead(t).id));
  });

  it('a button on a ticket deleted meanwhile says the ticket is gone, not that the project is', async () => {
    const ticket = await board.createTicket(NORTHWIND, { title: 'Short-lived ticket', status: 'todo' });
    const shown = await h.command(`ticket ${ticket.number}`, { channel: CHANNELS.intel });
    await board.deleteTicket(NORTHWIND, ticket.id);
    const answer = replyText(await act(ACTION_IDS.ticketMove, optionValue(shown, ACTION_IDS.ticketMove, 'Done'), shown));
    expect(answer).toContain('That ticket can’t be found any more');
    expect(answer).not.toContain('rebind');
  });

  it('assigns to the person whose Slack name matches a member', async () => {
    const ticket = await byTitle('Competitor sitemap grew');
    const shown = await h.command(`ticket ${ticket.number}`, { channel: CHANNELS.intel, user: USERS.maya });
    const updated = await act(ACTION_IDS.ticketAssign, null, shown, USERS.maya);
    expect(replyText(updated)).toContain('Assigned to Maya Chen');
    expect(mustRead((await board.getTicket(NORTHWIND, ticket.id)).assignee)?.userId).toBe(TICKET_SEED.members.maya);
  });

  it('offers the member list when the Slack name matches nobody, and assigns the one picked', async () => {
    const ticket = await byTitle('SalesLoom homepage now leads');
    const shown = await h.command(`ticket ${ticket.number}`, { channel: CHANNELS.intel });
    const offered = await act(ACTION_IDS.ticketAssign, null, shown);
    expect(replyText(offered)).toContain("couldn't match your Slack name (Alice Moreau)");
    expect((await board.getTicket(NORTHWIND, ticket.id)).assignee).toBeNull();
    const picked = await act(ACTION_IDS.ticketAssignPick, optionValue(offered, ACTION_IDS.ticketAssignPick, 'Lena Fischer'), offered);
    expect(replyText(picked)).toContain('assigned this ticket to Lena Fischer');
    expect(mustRead((await board.getTicket(NORTHWIND, ticket.id)).assignee)?.userId).toBe(TICKET_SEED.members.lena);
  });

  it('offers dismiss, never delete, for a briefing ticket, and dismisses it to the top of Dismissed', async () => {
    const ticket = await byTitle('Pipedrift cut its Team plan');
    expect(ticket.deletable).toBe(false);
    const shown = await h.command(`ticket ${ticket.number}`, { channel: CHANNELS.intel });
    expect(replyText(shown)).toContain('cannot be deleted');
    expect(replyText(shown)).not.toMatch(/\bDelete\b/);
    const updated = await act(ACTION_IDS.ticketDismiss, null, shown);
    expect(replyText(updated)).toContain('dismissed this ticket');
    const dismissed = await board.listTickets(NORTHWIND, { status: ['dismissed'] });
    expect(readable(dismissed.items)[0]?.id).toBe(ticket.id);
    expect(findElement(updated.args.blocks as unknown[], ACTION_IDS.ticketDismiss)).toBeUndefined();
  });
});
