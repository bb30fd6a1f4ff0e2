import { describe, expect, it } from 'vitest';
import { ticketListView } from '../../../src/features/tickets/views/ticket-list-view.js';
import type { TicketStatus } from '../../../src/service/index.js';
import { ticketFixture } from './support.js';

const ticket = (number: number, status: TicketStatus, title?: string) => ticketFixture(number, status, title === undefined ? {} : { title });

describe('the ticket list view', () => {
  it('keeps a 5,000-ticket board within 50 blocks and counts what it left out', () => {
    const items = Array.from({ length: 5000 }, (_, i) => ticket(i + 1, i < 2500 ? 'triage' : 'todo'));
    const { blocks } = ticketListView({ projectName: 'Big', list: { items, total: 5000, hasMore: false }, filters: [], closed: 'recent' });
    expect(blocks.length).toBeLessThanOrEqual(50);
    const shown = JSON.stringify(blocks).match(/\*#\d+\*/g)?.length ?? 0;
    expect(JSON.stringify(blocks)).toContain(`…and ${5000 - shown} more tickets`);
    expect(JSON.stringify(blocks)).toContain('5000 tickets');
    for (const block of blocks) if (block.type === 'section') expect(block.text?.text.length ?? 0).toBeLessThanOrEqual(3000);
    // Packed in board order: every ticket shown once, #1 onwards, a column continued across sections.
    const numbers = (JSON.stringify(blocks).match(/\*#\d+\*/g) ?? []).map((m) => Number(m.slice(2, -1)));
    expect(numbers).toEqual(Array.from({ length: shown }, (_, i) => i + 1));
    expect(JSON.stringify(blocks)).toContain('(continued)');
    // Each section but the last is full: the next ticket's line would not have fitted under its 3,000 characters.
    const sections = blocks.filter((b) => b.type === 'section').map((b) => b.text?.text ?? '');
    for (const text of sections.slice(0, -1)) expect(text.length).toBeGreaterThan(3000 - 100 - 200);
  });

  it('escapes titles and says when nothing matches', () => {
    const one = ticketListView({ projectName: 'P', list: { items: [ticket(1, 'done', '<!channel> & co')], total: 1, hasMore: true }, filters: ['done'], closed: 'recent' });
    const text = JSON.stringify(one.blocks);
    expect(text).toContain('&lt;!channel&gt; &amp; co');
    expect(text).toContain('older closed tickets exist');
    const none = ticketListView({ projectName: 'P', list: { items: [], total: 0, hasMore: false }, filters: ['zzz'], closed: 'all' });
    expect(JSON.stringify(none.blocks)).toContain('No tickets match.');
  });

  it("names each ticket's owner in the table by the person's name, never a mention (a table cell does not render <@U…>)", () => {
    const items = [ticket(1, 'todo'), ticketFixture(2, 'todo', { assignee: { userId: 'U0MAYA', fullName: 'Zoë O’Brien & Co' } }), ticketFixture(3, 'todo', { assignee: null })];
    const { blocks } = ticketListView({ projectName: 'P', list: { items, total: 3, hasMore: false }, filters: [], closed: 'recent' });
    const table = blocks.find((b) => b.type === 'table') as unknown as { rows: { text: string }[][] } | undefined;
    expect(table).toBeDefined();
    const [head, ...rows] = table?.rows ?? [];
    const at = (head ?? []).findIndex((c) => c.text === 'Assignee');
    expect(rows.map((r) => r[at]?.text)).toEqual(['Maya Chen', 'Zoë O’Brien &amp; Co', 'unassigned']);
    expect(JSON.stringify(table)).not.toMatch(/<@|u1|U0MAYA/);
  });
});
