/** The ticket and comment modals in their states, as a person reads them; each a valid modal. */
import { describe, expect, it } from 'vitest';
import { commentAddedView, commentAddingView, commentFormView } from '../../../../src/features/tickets/views/comment-modal.js';
import { unboundModal, waitingModal } from '../../../../src/features/board/views/modal-parts.js';
import { ticketCreatedView, ticketCreatingView, ticketFormView, type TicketFormData } from '../../../../src/features/board/views/ticket-modal.js';
import type { TicketDraft } from '../../../../src/features/board/ticket-draft.js';
import { option } from '../../../../src/slack/blocks/index.js';
import { modalText } from '../../../support/view-checks.js';

const draft: TicketDraft = { title: 'Match Acme on annual discounts', column: 'triage', description: '', labelIds: [], assigneeUserId: null, dueDate: null, effort: null, impact: null };
const form = (overrides: Partial<TicketFormData> = {}): TicketFormData => ({
  projectName: 'Northwind CRM',
  draft,
  choices: { labels: [option('Pricing', 'l1')], assignees: [option('Maya Chen', 'u1')] },
  privateMetadata: '{}',
  ...overrides,
});

describe('ticket modal', () => {
  it('form with choices: title, column, labels and assignee', () => {
    const text = modalText(ticketFormView(form()));
    expect(text).toContain('== Turn into a ticket ==');
    expect(text).toContain("New ticket on *Northwind CRM*'s board");
    for (const label of ['Title', 'Column', 'Labels', 'Assignee', 'Due date', 'Effort', 'Impact']) expect(text).toContain(label);
    expect(text).toContain('[Create ticket]');
  });

  it('form while choices load, and after they failed to load', () => {
    const loading = modalText(ticketFormView(form({ choices: { loading: true } })));
    expect(loading).toContain('Loading the project’s labels and members…');
    expect(loading).not.toContain('Assignee');
    const failed = modalText(ticketFormView(form({ choices: { unavailable: 'The service did not answer.' } })));
    expect(failed).toContain('Labels and assignees could not be loaded: The service did not answer. The ticket can still be created without them.');
  });

  it('form after a failed submit: the reason first, the input kept', () => {
    const text = modalText(ticketFormView(form({ failure: 'The service is rate limiting Radar.' })));
    expect(text.indexOf('The service is rate limiting Radar. Your input is kept below')).toBeLessThan(text.indexOf('New ticket on'));
  });

  it('creating, then created', () => {
    const creating = modalText(ticketCreatingView('Northwind CRM', draft));
    expect(creating).toContain('Creating *Match Acme on annual discounts* in Triage on *Northwind CRM*…');
    expect(creating).toContain('_No description._');
    const created = modalText(ticketCreatedView('Northwind CRM', { number: 42, title: 'Match Acme', status: 'todo' }, 'A reply is in the thread.'));
    expect(created).toContain("*#42 Match Acme* is on *Northwind CRM*'s board, in To do.");
    expect(created).toContain('A reply is in the thread.');
    expect(created).toContain('[Done]');
  });

  it('an unbound channel, and a wait', () => {
    expect(modalText(unboundModal('create a ticket'))).toContain('To create a ticket, this channel needs a project: `/radar bind <project>` binds it');
    expect(modalText(waitingModal('One moment', ['Loading…']))).toContain('== One moment ==\nLoading…');
  });
});

describe('comment modal', () => {
  it('form: ticket picker and comment, with the chosen ticket kept after a failure', () => {
    const text = modalText(commentFormView({ projectName: 'Northwind CRM', ticket: { value: 't1', text: '#7 Annual plans' }, body: 'See thread', failure: 'The ticket was deleted.', privateMetadata: '{}' }));
    expect(text).toContain('The ticket was deleted. Your input is kept below');
    expect(text).toContain("Add this message as a comment to a ticket on *Northwind CRM*'s board");
    expect(text).toContain('[Add comment]');
  });

  it('adding, then added', () => {
    expect(modalText(commentAddingView('#7 Annual plans', 'See thread'))).toContain('Adding the comment to *#7 Annual plans*…');
    expect(modalText(commentAddedView('Northwind CRM', { number: 7, title: 'Annual plans' }, 'Noted in the thread.'))).toContain('The comment is on *#7 Annual plans* (Northwind CRM).');
  });
});
