import { describe, expect, it } from 'vitest';
import { markdownFromSlack } from '../../../../src/features/living/sync.js';
import { statusBlockId } from '../../../../src/features/living/ticket-state.js';
import { confirmationMessage, ticketStatusBlock, ticketStatusText } from '../../../../src/features/living/views/ticket-status.js';
import { expectValidMessage, messageText } from '../../../support/view-checks.js';

const ticket = { ticketId: 'tkt_1', ticketNumber: 12, title: 'Answer <!channel> *now*' };

describe('ticket status line', () => {
  it('says column and assignee, then one line once done, dismissed or gone; service strings escaped', () => {
    expect(ticketStatusText(ticket, { status: 'in_progress', assignee: 'Maya <@U1>' })).toBe(':ticket: Ticket *#12 Answer &lt;!channel&gt; *now** · *In progress* · assigned to *Maya &lt;@U1&gt;*');
    expect(ticketStatusText(ticket, { status: 'triage', assignee: null })).toContain('· *Triage* · unassigned');
    expect(ticketStatusText(ticket, { status: 'done', assignee: 'Maya' })).toMatch(/^:white_check_mark: Ticket .* is done\.$/);
    expect(ticketStatusText(ticket, { status: 'dismissed', assignee: null })).toMatch(/was dismissed\.$/);
    expect(ticketStatusText(ticket, { status: 'gone', assignee: null })).toMatch(/is no longer on the board\.$/);
  });

  it('the block id names the state, so a message read back says what it shows; the confirmation is valid Block Kit', () => {
    const a = ticketStatusBlock(ticket, { status: 'todo', assignee: null });
    expect((a as { block_id?: string }).block_id).toBe(statusBlockId('tkt_1', { status: 'todo', assignee: null }));
    expect(statusBlockId('tkt_1', { status: 'todo', assignee: null })).not.toBe(statusBlockId('tkt_1', { status: 'todo', assignee: 'Maya' }));
    const message = confirmationMessage('<@U07ALICE01> turned this message into ticket *#12*', ticket, { status: 'todo', assignee: null });
    expectValidMessage(message);
    expect(messageText(message)).toContain('To do');
  });

  it('a Slack reply reads as Markdown: bold, strike, links, mentions by name', () => {
    expect(markdownFromSlack('*bold* and _it_ ~gone~ <https://a.example/x|the page> <https://b.example> <@U1|maya> &amp; done')).toBe(
      '**bold** and _it_ ~~gone~~ [the page](https://a.example/x) <https://b.example> @maya & done',
    );
  });
});
