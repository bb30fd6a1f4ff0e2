import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readable } from '../../../src/service/tolerant.js';
import { CALLBACK_IDS, TICKET_IDS, WATCH_IDS } from '../../../src/slack/ids.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS, TEAM, USERS } from '../../support/slack-fixtures.js';
import { createTicketThreadsRepo } from '../../../src/store/ticket-threads.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { boardReads, findMessage, livingPoller, NW, postWatchMessage, statusOf, TICK_ONLY, ticketFromWatch, ticketIdOf, untilSubmitted, updatesOf } from './support.js';

const MINUTE = 60_000;

describe('living messages', () => {
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

  it('a watch message shows the ticket made from its button, then its column and assignee, at most once a minute, one board read per project per cycle', async () => {
    const { message, run } = await postWatchMessage(h);
    const confirmation = await ticketFromWatch(h, message, 'Answer hubforge free plan');
    const ticketId = ticketIdOf(confirmation);
    // The confirmation says what the ticket came from (item 7) and shows its state.
    expect(confirmation.args.metadata).toMatchObject({ event_type: TICKET_IDS.eventType, event_payload: { project_id: NW, ticket_id: ticketId, dimension: 'pricing', run_id: run, competitor: 'hubforge.io' } });
    expect(JSON.stringify(confirmation.args.blocks)).toContain('*Triage* · unassigned');
    const confirmationTs = (confirmation.response as { ts?: string } | undefined)?.ts ?? '';
    expect(confirmationTs).not.toBe('');

    // The watch message shows the ticket at once, keeps its buttons, and its metadata names the ticket.
    await h.slack.untilCalls(() => updatesOf(h, message.ts).length === 1);
    const shown = findMessage(h, CHANNELS.intel, message.ts);
    expect(statusOf(shown)).toMatch(/Ticket \*#\d+ Answer hubforge free plan\* · \*Triage\* · unassigned/);
    expect(JSON.stringify(shown?.blocks)).toContain('watch_ticket');
    expect(shown?.metadata).toMatchObject({ event_type: WATCH_IDS.eventType, event_payload: { run_id: run, dimension: 'pricing', project_id: NW, ticket_id: ticketId } });

    // A second thread on the same project: a ticket from a person's message through the shortcut.
    const note = h.slack.postFrom(CHANNELS.intel, USERS.bob, 'Closewise dropped their annual discount');
    const shortcut = await h.driver.messageShortcut(CALLBACK_IDS.ticketFromMessage, { channel: CHANNELS.intel, message: note });
    await h.viewOpenedBy(shortcut);
    const sent = Date.now();
    await h.driver.viewSubmission(h.slack.latestView()!, { title: 'Closewise annual discount', column: 'todo' });
    await untilSubmitted(h, sent);
    const second = await h.slack.waitForCall('chat.postMessage', (c) => c.args.thread_ts === note.ts && String(c.args.text).includes('turned this message'), { timeoutMs: 10_000 });
    expect(updatesOf(h, note.ts)).toHaveLength(0); // a person's message is never Radar's to change

    // The board moves: one list read of the project for both threads, every living message updated.
    const member = readable(await h.radar.deps.service.listAssignees(NW))[0]!;
    await h.radar.deps.service.moveTicket(NW, ticketId, { status: 'in_progress' });
    await h.radar.deps.service.updateTicket(NW, ticketId, { assigneeUserId: member.userId });
    clock += MINUTE + 1_000;
    h.sandbox.control.clearRequests();
    await livingPoller(h).tick();
    expect(boardReads(h)).toBe(1);
    expect(h.sandbox.control.requests().filter((r) => r.path.includes('/comments'))).toHaveLength(0); // sync is off
    expect(statusOf(findMessage(h, CHANNELS.intel, message.ts))).toContain(`*In progress* · assigned to *${member.fullName}*`);
    expect(updatesOf(h, confirmationTs)).toHaveLength(1);
    expect(JSON.stringify(updatesOf(h, confirmationTs)[0]?.args.blocks)).toContain('*In progress*');
    expect(updatesOf(h, (second.response as { ts: string }).ts)).toHaveLength(0); // its ticket did not move

    // A move within the minute of the last update waits for the next cycle after it.
    await h.radar.deps.service.moveTicket(NW, ticketId, { status: 'todo' });
    clock += 1_000;
    await livingPoller(h).tick();
    expect(updatesOf(h, message.ts)).toHaveLength(2);
    clock += MINUTE;
    await livingPoller(h).tick();
    expect(updatesOf(h, message.ts)).toHaveLength(3);
    expect(statusOf(findMessage(h, CHANNELS.intel, message.ts))).toContain('*To do*');

    // Nothing changed: nothing updated.
    clock += MINUTE + 1_000;
    await livingPoller(h).tick();
    expect(updatesOf(h, message.ts)).toHaveLength(3);

    // Done: one line says so; a restart changes nothing.
    await h.radar.deps.service.moveTicket(NW, ticketId, { status: 'done' });
    clock += MINUTE + 1_000;
    await livingPoller(h).tick();
    expect(statusOf(findMessage(h, CHANNELS.intel, message.ts))).toMatch(/^:white_check_mark: Ticket \*#\d+ Answer hubforge free plan\* is done\.$/);
    await h.restart();
    clock += MINUTE + 1_000;
    await livingPoller(h).tick();
    expect(updatesOf(h, message.ts)).toHaveLength(4);
  });

  it('the message shortcut on a watch message makes it living too; a dismissed or deleted ticket is said in one line', async () => {
    const { message } = await postWatchMessage(h);
    const shortcut = await h.driver.messageShortcut(CALLBACK_IDS.ticketFromMessage, { channel: CHANNELS.intel, message });
    await h.viewOpenedBy(shortcut);
    const sent = Date.now();
    await h.driver.viewSubmission(h.slack.latestView()!, { title: 'From the shortcut', column: 'todo' });
    await untilSubmitted(h, sent);
    const confirmation = await h.slack.waitForCall('chat.postMessage', (c) => c.args.thread_ts === message.ts && String(c.args.text).includes('turned this message'), { timeoutMs: 10_000 });
    const ticketId = ticketIdOf(confirmation);
    await h.slack.untilCalls(() => updatesOf(h, message.ts).length === 1);
    expect(statusOf(findMessage(h, CHANNELS.intel, message.ts))).toContain('*To do* · unassigned');

    await h.radar.deps.service.moveTicket(NW, ticketId, { status: 'dismissed' });
    clock += MINUTE + 1_000;
    await livingPoller(h).tick();
    expect(statusOf(findMessage(h, CHANNELS.intel, message.ts))).toMatch(/Ticket \*#\d+ From the shortcut\* was dismissed\.$/);

    await h.radar.deps.service.deleteTicket(NW, ticketId);
    clock += MINUTE + 1_000;
    await livingPoller(h).tick();
    expect(statusOf(findMessage(h, CHANNELS.intel, message.ts))).toMatch(/From the shortcut\* is no longer on the board\.$/);
  });

  it('a living message deleted in Slack is dropped, not retried for ever', async () => {
    const { message } = await postWatchMessage(h);
    const confirmation = await ticketFromWatch(h, message, 'Soon gone');
    await h.slack.untilCalls(() => updatesOf(h, message.ts).length === 1);
    await h.radar.app.client.chat.delete({ channel: CHANNELS.intel, ts: message.ts });
    await h.radar.deps.service.moveTicket(NW, ticketIdOf(confirmation), { status: 'todo' });
    clock += MINUTE + 1_000;
    await livingPoller(h).tick();
    await h.radar.deps.service.moveTicket(NW, ticketIdOf(confirmation), { status: 'in_progress' });
    clock += MINUTE + 1_000;
    await livingPoller(h).tick();
    expect(updatesOf(h, message.ts)).toHaveLength(1);
    const thread = await createTicketThreadsRepo(h.radar.deps.store).get(TEAM.id, CHANNELS.intel, message.ts);
    expect(thread?.messages.map((m) => m.kind)).toEqual(['confirmation']);
    expect(h.logs.some((l) => l.includes('a living message is gone'))).toBe(true);
  });
});
