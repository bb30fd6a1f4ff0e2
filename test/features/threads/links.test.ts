/**
 * Which ticket a thread follows (issue 30 items 5 and 6): a message added to a ticket with the
 * "Add to Radar ticket" shortcut links its thread like a ticket made from it (the watch message shows
 * the ticket, the confirmation follows it, sync copies replies to it); the first ticket linked stays
 * the thread's when another is made from the same thread (docs/assumptions.md).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readable } from '../../../src/service/tolerant.js';
import { TICKET_IDS } from '../../../src/slack/ids.js';
import { createTicketThreadsRepo } from '../../../src/store/ticket-threads.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, TEAM, USERS } from '../../support/slack-fixtures.js';
import { addToTicket, findMessage, livingPoller, NW, postWatchMessage, statusOf, TICK_ONLY, ticketFromWatch, ticketIdOf, updatesOf } from './support.js';

const MINUTE = 60_000;

describe('the ticket a thread follows', () => {
  let h: RadarHarness;
  let clock = Date.now();
  beforeEach(async () => {
    clock = Date.now();
    h = await startRadarHarness({ env: TICK_ONLY, now: () => new Date(clock) });
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  it('"Add to Radar ticket" on a watch message links it: the message shows the ticket, the confirmation follows it, replies sync to it', async () => {
    const { message, run } = await postWatchMessage(h);
    const ticket = await h.radar.deps.service.createTicket(NW, { title: 'Pricing answers', status: 'todo' });
    const confirmation = await addToTicket(h, message, ticket);
    expect(confirmation.args.metadata).toMatchObject({ event_type: TICKET_IDS.eventType, event_payload: { project_id: NW, ticket_id: ticket.id, dimension: 'pricing', run_id: run } });
    expect(JSON.stringify(confirmation.args.blocks)).toContain('*To do* · unassigned');
    await h.slack.untilCalls(() => updatesOf(h, message.ts).length === 1);
    expect(statusOf(findMessage(h, CHANNELS.intel, message.ts))).toMatch(/Ticket \*#\d+ Pricing answers\* · \*To do\* · unassigned/);
    expect((await createTicketThreadsRepo(h.radar.deps.store).get(TEAM.id, CHANNELS.intel, message.ts))?.ticketId).toBe(ticket.id);

    // The board moves: both messages follow.
    await h.radar.deps.service.moveTicket(NW, ticket.id, { status: 'in_progress' });
    clock += MINUTE + 1_000;
    await livingPoller(h).tick();
    expect(statusOf(findMessage(h, CHANNELS.intel, message.ts))).toContain('*In progress*');
    const confirmationTs = (confirmation.response as { ts: string }).ts;
    expect(JSON.stringify(updatesOf(h, confirmationTs)[0]?.args.blocks)).toContain('*In progress*');

    // Sync on: a reply in the thread becomes a comment on that ticket.
    await h.command('sync on', { channel: CHANNELS.intel });
    await h.driver.event({ type: 'message', channel: CHANNELS.intel, user: USERS.alice, text: 'Synced reply', ts: '1795000000.000200', thread_ts: message.ts });
    const synced = async () => readable(await h.radar.deps.service.listComments(NW, ticket.id)).some((c) => c.body.includes('Synced reply'));
    while (!(await synced())) await new Promise((r) => setTimeout(r, 10));
  });

  it('a second ticket from the same thread does not replace the first: the thread follows the first, the second confirmation says so', async () => {
    const { message } = await postWatchMessage(h);
    const first = ticketIdOf(await ticketFromWatch(h, message, 'First ticket'));
    await h.slack.untilCalls(() => updatesOf(h, message.ts).length === 1);
    const second = await ticketFromWatch(h, message, 'Second ticket');
    expect(ticketIdOf(second)).not.toBe(first);
    expect(String(second.args.text)).toMatch(/This thread follows ticket \*#\d+ First ticket\*/);
    // A later ticket made from the thread or added to it: the thread still follows the first.
    const other = await h.radar.deps.service.createTicket(NW, { title: 'Third ticket', status: 'todo' });
    expect(String((await addToTicket(h, message, other)).args.text)).toMatch(/This thread follows ticket \*#\d+ First ticket\*/);
    expect((await createTicketThreadsRepo(h.radar.deps.store).get(TEAM.id, CHANNELS.intel, message.ts))?.ticketId).toBe(first);
    expect(statusOf(findMessage(h, CHANNELS.intel, message.ts))).toContain('First ticket');

    // The first ticket moves: the watch message follows it; the second's moves are not shown here.
    await h.radar.deps.service.moveTicket(NW, first, { status: 'in_progress' });
    await h.radar.deps.service.moveTicket(NW, ticketIdOf(second), { status: 'done' });
    clock += MINUTE + 1_000;
    await livingPoller(h).tick();
    expect(statusOf(findMessage(h, CHANNELS.intel, message.ts))).toMatch(/First ticket\* · \*In progress\*/);
    expect(updatesOf(h, (second.response as { ts: string }).ts)).toHaveLength(0);
  });
});
