/** Issue 17, point 3: the ticket list and a ticket read right (counts, marks, Markdown, durations). */
import { describe, expect, it } from 'vitest';
import { ticketListView } from '../../../../src/features/tickets/views/ticket-list-view.js';
import { ticketView } from '../../../../src/features/tickets/views/ticket-view.js';
import { parseColumns } from '../../../../src/features/board/vocabulary.js';
import { messageText, tableRows } from '../../../support/view-checks.js';
import { ticketFixture } from '../support.js';

const NOW = new Date('2026-03-01T12:00:00Z');

describe('the ticket list says what it shows', () => {
  it('says "26 of 31 shown" and why the rest are not, from total and hasMore', () => {
    const items = Array.from({ length: 26 }, (_, i) => ticketFixture(i + 1, 'todo'));
    const text = messageText(ticketListView({ projectName: 'P', list: { items, total: 31, hasMore: true }, filters: [], closed: 'recent', now: NOW }));
    expect(text).toContain('26 of 31 tickets shown, in board order; the other 5 were closed more than 30 days ago: add `--all` (`/radar tickets --all`)');
    expect(text).not.toContain('31 tickets, in board order');
  });

  it('says the whole count once when everything is shown, and keeps the filters in the --all hint', () => {
    const items = [ticketFixture(1, 'done')];
    expect(messageText(ticketListView({ projectName: 'P', list: { items, total: 1, hasMore: false }, filters: [], closed: 'recent' }))).toContain('1 ticket, in board order');
    const more = messageText(ticketListView({ projectName: 'P', list: { items, total: 1, hasMore: true }, filters: ['done'], closed: 'recent' }));
    expect(more).toContain('1 ticket matching “done”, in board order; older closed tickets exist too');
    expect(more).toContain('`/radar tickets done --all`');
  });

  it('marks a label and an assignee distinctly, an overdue due day, and a briefing ticket with its size', () => {
    const late = ticketFixture(7, 'in_progress', { dueDate: '2026-02-20', briefing: { runId: 'r1', dimension: 'ai-visibility', estimatedMinutes: 240 }, origin: 'briefing' });
    const closedLate = ticketFixture(8, 'done', { dueDate: '2026-02-20' });
    const future = ticketFixture(9, 'todo', { dueDate: '2026-03-05', assignee: null });
    const view = ticketListView({ projectName: 'P', list: { items: [late, closedLate, future], total: 3, hasMore: false }, filters: [], closed: 'recent', now: NOW });
    // Three tickets compare in one table: a column each for the column, impact, effort, assignee, due day and labels.
    expect(tableRows(view.blocks)?.slice(1)).toEqual([
      ['#7', 'Ticket number 7 with a reasonably long title to fill the lines · from a briefing (AI visibility, about 4 h)', 'In progress', '2 Moderate', 'low', 'Maya Chen', '⚠️ overdue, Feb 20, 2026', 'Pricing'],
      // Done is not overdue; a future day is just due; nobody is marked as such.
      ['#8', 'Ticket number 8 with a reasonably long title to fill the lines', 'Done', '2 Moderate', 'low', 'Maya Chen', 'Feb 20, 2026', 'Pricing'],
      ['#9', 'Ticket number 9 with a reasonably long title to fill the lines', 'To do', '2 Moderate', 'low', 'unassigned', 'Mar 5, 2026', 'Pricing'],
    ]);
    expect(messageText(view).match(/overdue/g)).toHaveLength(1);
    // One ticket alone reads as its line.
    const text = messageText(ticketListView({ projectName: 'P', list: { items: [late], total: 1, hasMore: false }, filters: [], closed: 'recent', now: NOW }));
    expect(text).toContain('*#7* Ticket number 7 with a reasonably long title to fill the lines · impact 2 Moderate · effort low · 👤 Maya Chen · ⚠️ *overdue* (due Feb 20, 2026) · 🏷 Pricing · _from a briefing (AI visibility, about 4 h)_');
  });
});

describe('one ticket', () => {
  it('renders its Markdown description and comments as mrkdwn and its size in the one duration format', () => {
    const ticket = ticketFixture(20, 'todo', {
      description: '## Goal\nLead with **forecasting**.\n\n- [x] Draft copy\n- [ ] Design review',
      briefing: { runId: 'r1', dimension: 'pricing', estimatedMinutes: 240 },
      origin: 'briefing',
      deletable: false,
      commentCount: 1,
      dueDate: '2026-02-01',
    });
    const comment = { id: 'c1', ticketId: ticket.id, origin: 'user', author: { userId: 'u1', fullName: 'Maya Chen' }, body: 'See [the doc](https://example.com/doc).', edited: false, createdAt: '2026-02-27T12:00:00Z', updatedAt: '2026-02-27T12:00:00Z' };
    const view = ticketView({ projectId: 'p1', projectName: 'P', ticket, comments: [comment], now: NOW });
    const text = messageText(view);
    expect(text).toContain('*Goal*\nLead with *forecasting*.\n\n☑ Draft copy\n☐ Design review');
    expect(text).toContain('the doc (https://example.com/doc)');
    expect(text).toContain('briefing (pricing, about 4 h)');
    expect(text).not.toMatch(/\d+ min\b|est\./);
    expect(text).toContain('⚠️ *overdue* (Feb 1, 2026)');
    expect(text).toContain('2 days ago (');
    expect(JSON.stringify(view.blocks)).toContain(`2 days ago (<!date^${Date.parse('2026-02-27T12:00:00Z') / 1000}^`);
  });
});

describe('columns as people write them', () => {
  it.each([
    [['in', 'progress'], ['in_progress']],
    [['in progress'], ['in_progress']],
    [['In', 'Progress', 'pricing'], ['in_progress']],
    [['to', 'do'], ['todo']],
    [['To-Do'], ['todo']],
    [['todo', 'done'], ['todo', 'done']],
    [['in_progress'], ['in_progress']],
  ])('%j names %j', (words, columns) => {
    expect(parseColumns(words).columns).toEqual(columns);
  });

  it('keeps other words as search words', () => {
    expect(parseColumns(['in', 'progress', 'pricing', 'page'])).toEqual({ columns: ['in_progress'], rest: ['pricing', 'page'] });
    expect(parseColumns(['to', 'market'])).toEqual({ columns: [], rest: ['to', 'market'] });
  });
});
