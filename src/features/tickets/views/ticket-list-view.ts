/**
 * `/radar tickets`: the board in its own order (never re-sorted), grouped by column, packed into
 * sections within Slack's limits; what does not fit is counted in an "…and N more" line.
 */
import type { TicketFacts, TicketListFacts } from '../../../service/index.js';
import { isUnreadable, readable, unreadableOf } from '../../../service/tolerant.js';
import { LIMITS, context, escapeMrkdwn, header, plural, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import { columnName } from '../../board/vocabulary.js';
import { TICKET_TABLE_COLUMNS, ticketCells, ticketLine, unreadableTicketsLine } from '../../board/views/ticket-format.js';
import { plainCell, tableBlock } from '../../../slack/blocks/table.js';

export interface TicketListData {
  projectName: string;
  list: TicketListFacts;
  /** What the list was narrowed to, as the person typed it (for the summary line). */
  filters: string[];
  closed: 'recent' | 'all';
  /** The time due days are judged by (deps.now()); without it nothing is marked overdue. */
  now?: Date;
}

/** Room kept under a section's 3,000 characters for the column name line. */
const SECTION_ROOM = LIMITS.sectionText - 100;

interface Chunk {
  text: string;
  tickets: number;
}

/** Columns in the order the board returned them, each with its tickets in the order received. */
function byColumn(items: readonly TicketFacts[]): [string, TicketFacts[]][] {
  const groups = new Map<string, TicketFacts[]>();
  for (const ticket of items) {
    const column = isUnreadable(ticket.status) ? UNREADABLE_COLUMN : ticket.status;
    const group = groups.get(column);
    if (group) group.push(ticket);
    else groups.set(column, [ticket]);
  }
  return [...groups.entries()];
}

/** The group of tickets whose column Radar could not read (never a column name the board uses). */
const UNREADABLE_COLUMN = '\u0000unreadable';

function columnTitle(column: string): string {
  return column === UNREADABLE_COLUMN ? "Column Radar couldn't read" : columnName(column);
}

function chunksOf(column: string, tickets: TicketFacts[], now: Date | undefined): Chunk[] {
  const chunks: Chunk[] = [];
  let lines: string[] = [`*${columnTitle(column)}*`];
  // The length of `lines.join('\n')`, kept as lines are added (joining them again for each ticket was quadratic).
  let length = lines[0]!.length;
  let count = 0;
  for (const ticket of tickets) {
    const line = ticketLine(ticket, now);
    if (count > 0 && length + 1 + line.length > SECTION_ROOM) {
      chunks.push({ text: lines.join('\n'), tickets: count });
      lines = [`*${columnTitle(column)}* (continued)`];
      length = lines[0]!.length;
      count = 0;
    }
    lines.push(line);
    length += 1 + line.length;
    count += 1;
  }
  chunks.push({ text: lines.join('\n'), tickets: count });
  return chunks;
}

export function ticketListView(data: TicketListData): { text: string; blocks: Block[] } {
  const { list } = data;
  const blocks: Block[] = [header(`${data.projectName}: tickets`), context(summaryLine(data))];
  if (list.items.length === 0) {
    blocks.push(section('No tickets match.'));
  }
  // A ticket Radar could not read is counted in one line; the others are listed (the count is `total`).
  const unread = unreadableTicketsLine(unreadableOf(list.items));
  if (unread !== null) blocks.push(context(unread));
  // The tickets in one table, board order, a row a ticket (its column a column); lines when it would not fit one.
  const groups = byColumn(readable(list.items));
  const table = ticketsTable(groups, data.now);
  if (table) {
    blocks.push(table);
    return { text: `${escapeMrkdwn(data.projectName)}: ${plural(list.total, 'ticket')}`, blocks };
  }
  // Header, summary and up to two footers stay; the rest of the message holds the columns.
  const room = LIMITS.blocksPerMessage - blocks.length - 2;
  const chunks = groups.flatMap(([column, tickets]) => chunksOf(column, tickets, data.now));
  const shown = chunks.slice(0, room);
  blocks.push(...shown.map((c) => section(c.text)));
  const left = chunks.slice(room).reduce((n, c) => n + c.tickets, 0);
  if (left > 0) blocks.push(context(`…and ${plural(left, 'more ticket')}: name a column or a few title words to narrow the list.`));
  return { text: `${escapeMrkdwn(data.projectName)}: ${plural(list.total, 'ticket')}`, blocks };
}

/** The tickets as one table (two or more, within Slack's 100 rows), or null when lines say them better or it would not fit. */
function ticketsTable(groups: [string, TicketFacts[]][], now: Date | undefined): Block | null {
  const rows = groups.flatMap(([column, tickets]) => tickets.map((t) => ticketCells(t, columnTitle(column), now).map(plainCell)));
  if (rows.length < 2) return null;
  return tableBlock({ blockId: TICKETS_TABLE, columns: TICKET_TABLE_COLUMNS.map((title) => ({ title, ...(title === 'Title' || title === 'Labels' ? { wrap: true } : {}) })), rows }) as Block | null;
}

export const TICKETS_TABLE = 'tickets';

/**
 * What the list shows against what the board holds, said once: "31 tickets matching “pricing”, in
 * board order", or "26 of 31 shown, in board order; the other 5 were closed more than 30 days ago:
 * add `--all`". The whole count is `total` (spec 2.1); `hasMore` says older closed tickets exist.
 */
function summaryLine(data: TicketListData): string {
  const { list } = data;
  const narrowed = data.filters.length > 0 ? ` matching ${data.filters.map((f) => `“${escapeMrkdwn(f)}”`).join(' ')}` : '';
  const sent = list.items.length;
  const olderClosed = list.hasMore && data.closed === 'recent';
  const again = `\`${COMMAND} tickets${data.filters.length ? ` ${data.filters.map((f) => (/\s/.test(f) ? `"${escapeMrkdwn(f)}"` : escapeMrkdwn(f))).join(' ')}` : ''} --all\``;
  if (sent >= list.total) {
    const all = `${plural(list.total, 'ticket')}${narrowed}, in board order`;
    return olderClosed ? `${all}; older closed tickets exist too (closed more than 30 days ago): add \`--all\` (${again})` : all;
  }
  const head = `${sent} of ${plural(list.total, 'ticket')}${narrowed} shown, in board order`;
  if (olderClosed) {
    const hidden = list.total - sent;
    return `${head}; the other ${hidden} ${hidden === 1 ? 'was' : 'were'} closed more than 30 days ago: add \`--all\` (${again})`;
  }
  return head;
}
