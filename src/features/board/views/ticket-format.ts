/** One ticket as a line of mrkdwn, the way lists and the picker show it. */
import type { BriefingSize, Label, Ticket, TicketFacts } from '../../../service/index.js';
import { isUnreadable, readable, readableOr, UNREADABLE_VALUE, unreadableItemsLine, unreadableOf, type Unreadable } from '../../../service/tolerant.js';
import { dayText, dayWords, escapeMrkdwn, estimateText, humanise, truncate } from '../../../slack/blocks/index.js';
import { impactName } from '../vocabulary.js';

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

/** Marks that tell a list line's parts apart: a label and a person never look alike. */
export const LABEL_MARK = '🏷';
export const ASSIGNEE_MARK = '👤';

/** Whether a due day has passed: before `now`'s UTC day, on a ticket still open (not done, not dismissed). */
export function isOverdue(ticket: Pick<Ticket, 'dueDate' | 'status'>, now: Date): boolean {
  const { dueDate, status } = ticket;
  if (isUnreadable(dueDate) || dueDate === null || !/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) return false;
  if (status === 'done' || status === 'dismissed') return false;
  return dueDate < now.toISOString().slice(0, 10);
}

/** "due May 1, 2026", or "⚠️ *overdue* (due May 1, 2026)" once the day has passed (needs `now`). */
export function dueText(ticket: Pick<Ticket, 'dueDate' | 'status'>, now?: Date): string | null {
  const { dueDate } = ticket;
  if (isUnreadable(dueDate)) return `due ${UNREADABLE_VALUE}`;
  if (dueDate === null) return null;
  if (now && isOverdue(ticket, now)) return `⚠️ *overdue* (due ${dayText(dueDate)})`;
  return `due ${dayText(dueDate)}`;
}

/** A briefing ticket's size in words: "about 4 h", "unsized" (the edition gave no estimate), or why it is not known. */
export function sizeWords(size: BriefingSize): string {
  switch (size.kind) {
    case 'minutes':
      return estimateText(size.minutes);
    case 'unsized':
      return 'unsized';
    case 'not-reported':
      return 'size not reported';
    case 'unreadable':
      return `size ${UNREADABLE_VALUE}`;
  }
}

/** "from a briefing (pricing, about 4 h)", "from a briefing (pricing, unsized)" on a ticket a briefing opened; null on any other. */
export function briefingMark(ticket: Pick<TicketFacts, 'briefing' | 'briefingSize'>): string | null {
  const size = ticket.briefingSize;
  if (size === null) return null;
  const briefing = readableOr(ticket.briefing, null);
  const dimension = briefing && typeof briefing.dimension === 'string' && briefing.dimension ? `${escapeMrkdwn(dimensionWords(briefing.dimension))}, ` : '';
  return `from a briefing (${dimension}${sizeWords(size)})`;
}

/** A briefing's dimension key as words: `ai-visibility` -> `AI visibility`, `tech-trust` -> `tech and trust`. */
export function dimensionWords(key: string): string {
  if (key === 'tech-trust') return 'tech and trust';
  return humanise(key.replace(/-/g, ' ')).replace(/\bai\b/g, 'AI');
}

/**
 * `*#12* Title · impact 3 Significant · effort low · 👤 Maya Chen · ⚠️ overdue (due 2026-05-01) · 🏷 Pricing, SEO · _from a briefing_`;
 * unset values are left out. With `now`, a passed due day on an open ticket is marked overdue.
 */
export function ticketLine(ticket: TicketFacts, now?: Date): string {
  const parts = [`*#${ticket.number}* ${titleText(ticket, TITLE_IN_LIST)}`];
  const { impact, effort, assignee } = ticket;
  if (isUnreadable(impact)) parts.push(`impact ${UNREADABLE_VALUE}`);
  else if (impact !== null) parts.push(`impact ${impactName(impact)}`);
  if (isUnreadable(effort)) parts.push(`effort ${UNREADABLE_VALUE}`);
  else if (effort !== null) parts.push(`effort ${effort}`);
  if (isUnreadable(assignee)) parts.push(`${ASSIGNEE_MARK} ${UNREADABLE_VALUE}`);
  else parts.push(assignee ? `${ASSIGNEE_MARK} ${escapeMrkdwn(assignee.fullName)}` : `${ASSIGNEE_MARK} _unassigned_`);
  const due = dueText(ticket, now);
  if (due !== null) parts.push(due);
  const labels = labelsText(ticket.labels);
  if (labels !== '') parts.push(`${LABEL_MARK} ${labels}`);
  const briefing = briefingMark(ticket);
  if (briefing !== null) parts.push(`_${briefing}_`);
  return parts.join(' · ');
}

/** The one line for tickets a list could not read, or null. */
export function unreadableTicketsLine(items: readonly Unreadable[]): string | null {
  return unreadableItemsLine(items, 'ticket', escapeMrkdwn);
}

/** The due day as a table cell (plain text: a cell holds no date token nor bold): "⚠️ overdue, Feb 20, 2026". */
function dueCell(ticket: Pick<Ticket, 'dueDate' | 'status'>, now?: Date): string {
  const { dueDate } = ticket;
  if (isUnreadable(dueDate)) return UNREADABLE_VALUE;
  if (dueDate === null) return '';
  const day = dayWords(dueDate) ?? dueDate;
  return now && isOverdue(ticket, now) ? `⚠️ overdue, ${day}` : day;
}

/** The columns of a ticket list's table, in the order the list line says them. */
export const TICKET_TABLE_COLUMNS = ['#', 'Title', 'Column', 'Impact', 'Effort', 'Assignee', 'Due', 'Labels'] as const;

/**
 * One ticket as table cells (mrkdwn as the line writes it; the table block makes each a plain cell):
 * number, title (with its briefing mark), column, impact, effort, assignee ("unassigned"), due day
 * (overdue marked), labels. An unset value is an empty cell.
 */
export function ticketCells(ticket: TicketFacts, column: string, now?: Date): string[] {
  const { impact, effort, assignee } = ticket;
  const briefing = briefingMark(ticket);
  return [
    `#${ticket.number}`,
    `${titleText(ticket, TITLE_IN_LIST)}${briefing ? ` · ${briefing}` : ''}`,
    column,
    isUnreadable(impact) ? UNREADABLE_VALUE : impact === null ? '' : impactName(impact),
    isUnreadable(effort) ? UNREADABLE_VALUE : (effort ?? ''),
    isUnreadable(assignee) ? UNREADABLE_VALUE : assignee ? escapeMrkdwn(assignee.fullName) : 'unassigned',
    dueCell(ticket, now),
    labelsText(ticket.labels),
  ];
}
