import { describe, expect, it } from 'vitest';
import { ticketLine } from '../../../src/features/board/views/ticket-format.js';
import { ticketListView } from '../../../src/features/tickets/views/ticket-list-view.js';
import { ticketView } from '../../../src/features/tickets/views/ticket-view.js';
import type { Comment } from '../../../src/service/index.js';
import { ticketFixture } from './support.js';

/** The service types due dates and timestamps as plain strings: they are escaped like any other text. */
const HOSTILE = '<!channel> & <https://evil.example|click>';

describe('one ticket as Slack shows it', () => {
  it('escapes the due date in a list line', () => {
    const line = ticketLine(ticketFixture(1, 'todo', { dueDate: HOSTILE }));
    expect(line).toContain('due &lt;!channel&gt; &amp; &lt;https://evil.example|click&gt;');
    expect(line).not.toContain('<!channel>');
  });

  it('escapes the due date and a comment date in the ticket view', () => {
    const comment: Comment = { id: 'c1', ticketId: 'tkt_1', origin: 'api', author: null, body: 'hi', edited: false, createdAt: HOSTILE, updatedAt: HOSTILE };
    const { blocks } = ticketView({ projectId: 'p1', projectName: 'P', ticket: ticketFixture(1, 'todo', { dueDate: HOSTILE, commentCount: 1 }), comments: [comment] });
    const text = JSON.stringify(blocks);
    expect(text).not.toContain('<!channel>');
    expect(text).toContain('&lt;!channel&gt;');
  });

  it('escapes the ticket title and project name in the message text, which Slack reads as mrkdwn too', () => {
    const shown = ticketView({ projectId: 'p1', projectName: 'P', ticket: ticketFixture(7, 'todo', { title: HOSTILE }), comments: [] });
    expect(shown.text).toBe('Ticket #7: &lt;!channel&gt; &amp; &lt;https://evil.example|click&gt;');
    const list = ticketListView({ projectName: HOSTILE, list: { items: [], total: 0, hasMore: false }, filters: [], closed: 'recent' });
    expect(list.text).toBe('&lt;!channel&gt; &amp; &lt;https://evil.example|click&gt;: 0 tickets');
  });
});
