/**
 * The line a living message shows about its ticket (issue 30 item 5): its number and title, its column
 * and who has it; once it is done or dismissed (or gone from the board), one line saying so. The block
 * id names the state (`radar_ticket_status:<key>`), so reading the message back tells what it shows.
 */
import { context, escapeMrkdwn, section, truncate, type Block } from '../../../slack/blocks/index.js';
import type { ShownState } from '../../../store/ticket-threads.js';
import { columnName } from '../../board/vocabulary.js';
import { GONE, statusBlockId } from '../ticket-state.js';

export interface TicketLine {
  ticketId: string;
  ticketNumber: number;
  title: string;
}

/** Titles are cut to this many characters in the line. */
const TITLE_MAX = 150;

export function ticketStatusText(ticket: TicketLine, state: ShownState | null): string {
  const name = `*#${ticket.ticketNumber} ${escapeMrkdwn(truncate(ticket.title, TITLE_MAX))}*`;
  if (state === null) return `:ticket: Ticket ${name} was created from this message.`;
  if (state.status === 'done') return `:white_check_mark: Ticket ${name} is done.`;
  if (state.status === 'dismissed') return `:no_entry_sign: Ticket ${name} was dismissed.`;
  if (state.status === GONE) return `:wastebasket: Ticket ${name} is no longer on the board.`;
  const who = state.assignee === null ? 'unassigned' : `assigned to *${escapeMrkdwn(state.assignee)}*`;
  return `:ticket: Ticket ${name} · *${escapeMrkdwn(columnName(state.status))}* · ${who}`;
}

/** The status block a watch message carries at its end. */
export function ticketStatusBlock(ticket: TicketLine, state: ShownState): Block {
  return { ...context(ticketStatusText(ticket, state)), block_id: statusBlockId(ticket.ticketId, state) };
}

/** Radar's confirmation in a thread: its own line, then the ticket's state. */
export function confirmationMessage(line: string, ticket: TicketLine, state: ShownState): { text: string; blocks: Block[] } {
  return { text: line, blocks: [section(line), ticketStatusBlock(ticket, state)] };
}

/** The sentence a ticket's confirmation adds when its thread follows another ticket (the first one linked). */
export function followedSentence(followed: TicketLine): string {
  return `This thread follows ticket *#${followed.ticketNumber} ${escapeMrkdwn(truncate(followed.title, TITLE_MAX))}*: its messages show that one, and thread sync copies replies to it.`;
}
