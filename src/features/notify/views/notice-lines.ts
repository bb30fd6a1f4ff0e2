/**
 * The line each kind of event adds to a person's direct message (mrkdwn; every service and user
 * string escaped here): a ticket assigned to them, a comment on a ticket they follow, a now-tier
 * change of a competitor they follow.
 */
import { escapeMrkdwn, truncate } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';

export interface TicketFacts {
  number: number;
  title: string;
}

const ticketText = (t: TicketFacts) => `*#${t.number} ${escapeMrkdwn(truncate(t.title, 150))}*`;

export function assignedLine(ticket: TicketFacts, by: string | null): string {
  return `:bust_in_silhouette: Ticket ${ticketText(ticket)} is now assigned to you${by ? ` (by ${by})` : ''}. \`${COMMAND} ticket ${ticket.number}\` shows it.`;
}

export function commentLine(ticket: TicketFacts, author: string | null, body: string): string {
  const excerpt = truncate(body.replace(/\s+/g, ' ').trim(), 300);
  return `:speech_balloon: ${author ? `*${escapeMrkdwn(author)}*` : 'Someone'} commented on ticket ${ticketText(ticket)}: “${escapeMrkdwn(excerpt)}”`;
}

/** `lines` are the watch's own change lines (already escaped by its rules). */
export function changeLine(what: string, lines: readonly string[], more: number): string {
  return `:mag: *${escapeMrkdwn(what)}*\n${lines.map((l) => `    ${l}`).join('\n')}${more > 0 ? `\n    _…and ${more} more (in the channel's thread)_` : ''}`;
}
