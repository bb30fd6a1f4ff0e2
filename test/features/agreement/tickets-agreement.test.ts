/**
 * One reading per area (issue 27), the tickets: one ticket payload, read once by the ticket schema,
 * stated alike by every consumer — the list line (`/radar tickets`, Home's assigned tickets and the
 * pickers share `ticketLine`) and the ticket view (`/radar ticket`): its number and title escaped, its
 * assignee, its due day, its labels, and a briefing ticket whose `estimatedMinutes` is null "unsized"
 * (never a zero), whatever field the payload adds.
 */
import { describe, expect, it } from 'vitest';
import { ticketLine } from '../../../src/features/board/views/ticket-format.js';
import { ticketView } from '../../../src/features/tickets/views/ticket-view.js';
import { ticketFactsOf, ticketSchema } from '../../../src/service/schemas/tickets.js';
import { messageText } from '../../support/view-checks.js';

const HOSTILE = '*bold* <!here> <@U1>';

const payload = {
  id: 'tkt_1',
  number: 42,
  origin: 'briefing',
  author: null,
  briefing: { runId: 'run_b', dimension: 'pricing', estimatedMinutes: null, extra_field: 'kept by the loose schema' },
  title: `Answer Pipedrift's price cut ${HOSTILE}`,
  description: 'Their lowest price fell to $19.',
  labels: [{ id: 'lbl_1', name: 'pricing', color: '#ff0000' }],
  status: 'in_progress',
  statusChangedAt: '2026-11-20T09:00:00Z',
  assignee: { userId: 'usr_maya', fullName: 'Maya Lindqvist' },
  dueDate: '2026-12-01',
  effort: 'medium',
  impact: 3,
  commentCount: 0,
  deletable: false,
  createdAt: '2026-11-19T09:00:00Z',
  updatedAt: '2026-11-20T09:00:00Z',
  lastActivityAt: '2026-11-20T09:00:00Z',
  // A field the spec does not name: accepted, never breaking the read.
  sla_hours: 48,
};

describe('tickets: the list line and the ticket view state the same facts', () => {
  const ticket = ticketFactsOf(ticketSchema.parse(payload));
  const now = new Date('2026-11-27T09:00:00Z');
  const line = ticketLine(ticket, now);
  const view = ticketView({ projectId: 'prj_1', projectName: 'Acme', ticket, comments: [], now });
  const viewText = messageText(view);

  it('the number, the title escaped once, the assignee, the labels', () => {
    for (const text of [line, viewText]) {
      expect(text).toContain('42');
      expect(text).toContain("Answer Pipedrift's price cut");
      expect(text).toContain('Maya Lindqvist');
      expect(text).toContain('pricing');
    }
    // No live mention in mrkdwn (the header is plain_text, where Slack shows text as typed).
    expect(line).not.toMatch(/<!here>|<@U1>/);
    const mrkdwn = JSON.stringify(view.blocks).match(/"type":"mrkdwn","text":"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(mrkdwn.length).toBeGreaterThan(0);
    for (const text of mrkdwn) expect(text).not.toMatch(/<!here>|<@U1>/);
  });

  it('a briefing ticket with a null estimatedMinutes is "unsized" in both, never a zero', () => {
    expect(line).toContain('unsized');
    expect(viewText).toContain('unsized');
    for (const text of [line, viewText]) expect(text).not.toMatch(/\b0 ?(min|h)\b/);
  });

  it('effort and impact, in words in both', () => {
    for (const text of [line, viewText]) {
      expect(text).toMatch(/medium/i);
      expect(text).toContain('3');
      expect(text).not.toContain("couldn't read");
    }
  });

  it('the due day, in words in both', () => {
    for (const text of [line, viewText]) expect(text).toMatch(/Dec 1, 2026|Dec 1|2026-12-01/);
  });
});
