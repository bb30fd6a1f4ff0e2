/** One ticket as a line of mrkdwn, the way lists and the picker show it. */
import type { Label, Ticket } from '../../../service/index.js';
import { isUnreadable, readable, UNREADABLE_VALUE, unreadableItemsLine, unreadableOf, type Unreadable } from '../../../service/tolerant.js';
import { escapeMrkdwn, truncate } from '../../../slack/blocks/index.js';
import { impactName } from '../../board/vocabulary.js';

/** The longest title a list line shows. */
const TITLE_IN_LIST = 150;

/** A ticket's title, escaped and cut to `max`, or the "couldn't read" value. */
export function titleText(ticket: Pick<Ticket, 'title'>, max: number): string {
  return isUnreadable(ticket.title) ? UNREADABLE_VALUE : escapeMrkdwn(truncate(ticket.title, max));
}

/** A ticket's title as plain text (for headers, options, stored notes), or words saying it could not be read. */
export function plainTitle(ticket: Pick<Ticket, 'title'>): string {
  return isUnreadable(ticket.title) ? "(title Radar couldn't read)" : ticket.title;
}

/** A ticket's labels by name (escaped); an unreadable label or list says so. Empty string when there are none. */
export function labelsText(labels: Ticket['labels']): string {
  if (isUnreadable(labels)) return `labels ${UNREADABLE_VALUE}`;
  const names = readable<Label>(labels).map((l) => escapeMrkdwn(l.name));
  const bad = unreadableOf<Label>(labels).length;
  if (bad > 0) names.push(bad === 1 ? "_one label Radar couldn't read_" : `_${bad} labels Radar couldn't read_`);
  return names.join(', ');
}

/** `*#12* Title · impact 3 Significant · effort low · Maya Chen · due 2026-05-01 · Pricing, SEO`; unset values are left out. */
export function ticketLine(ticket: Ticket): string {
  const parts = [`*#${ticket.number}* ${titleText(ticket, TITLE_IN_LIST)}`];
  const { impact, effort, assignee, dueDate } = ticket;
  if (isUnreadable(impact)) parts.push(`impact ${UNREADABLE_VALUE}`);
  else if (impact !== null) parts.push(`impact ${impactName(impact)}`);
  if (isUnreadable(effort)) parts.push(`effort ${UNREADABLE_VALUE}`);
  else if (effort !== null) parts.push(`effort ${effort}`);
  if (isUnreadable(assignee)) parts.push(`assignee ${UNREADABLE_VALUE}`);
  else parts.push(assignee ? escapeMrkdwn(assignee.fullName) : '_unassigned_');
  if (isUnreadable(dueDate)) parts.push(`due ${UNREADABLE_VALUE}`);
  else if (dueDate !== null) parts.push(`due ${escapeMrkdwn(dueDate)}`);
  const labels = labelsText(ticket.labels);
  if (labels !== '') parts.push(labels);
  return parts.join(' · ');
}

/** The one line for tickets a list could not read, or null. */
export function unreadableTicketsLine(items: readonly Unreadable[]): string | null {
  return unreadableItemsLine(items, 'ticket', escapeMrkdwn);
}
