/** One ticket as a line of mrkdwn, the way lists and the picker show it. */
import type { Ticket } from '../../../service/index.js';
import { escapeMrkdwn, truncate } from '../../../slack/blocks/index.js';
import { impactName } from '../vocabulary.js';

/** The longest title a list line shows. */
const TITLE_IN_LIST = 150;

/** `*#12* Title · impact 3 Significant · effort low · Maya Chen · due 2026-05-01 · Pricing, SEO`; unset values are left out. */
export function ticketLine(ticket: Ticket): string {
  const parts = [`*#${ticket.number}* ${escapeMrkdwn(truncate(ticket.title, TITLE_IN_LIST))}`];
  if (ticket.impact !== null) parts.push(`impact ${impactName(ticket.impact)}`);
  if (ticket.effort !== null) parts.push(`effort ${ticket.effort}`);
  parts.push(ticket.assignee ? escapeMrkdwn(ticket.assignee.fullName) : '_unassigned_');
  if (ticket.dueDate !== null) parts.push(`due ${escapeMrkdwn(ticket.dueDate)}`);
  if (ticket.labels.length > 0) parts.push(ticket.labels.map((l) => escapeMrkdwn(l.name)).join(', '));
  return parts.join(' · ');
}
