/**
 * `/radar tickets`: the board in its own order (never re-sorted), grouped by column, packed into
 * sections within Slack's limits; what does not fit is counted in an "…and N more" line.
 */
import type { Ticket, TicketList } from '../../../service/index.js';
import { isUnreadable, readable, unreadableOf } from '../../../service/tolerant.js';
import { LIMITS, context, escapeMrkdwn, header, plural, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import { columnName } from '../../board/vocabulary.js';
import { ticketLine, unreadableTicketsLine } from './ticket-format.js';

export interface TicketListData {
  projectName: string;
  list: TicketList;
  /** What the list was narrowed to, as the person typed it (for the summary line). */
  filters: string[];
  closed: 'recent' | 'all';
}

/** Room kept under a section's 3,000 characters for the column name line. */
const SECTION_ROOM = LIMITS.sectionText - 100;

interface Chunk {
  text: string;
  tickets: number;
}

/** Columns in the order the board returned them, each with its tickets in the order received. */
function byColumn(items: readonly Ticket[]): [string, Ticket[]][] {
  const groups = new Map<string, Ticket[]>();
  for (const ticket of items) {
    const column = isUnreadable(ticket.status) ? UNREADABLE_COLUMN : ticket.status;
    groups.set(column, [...(groups.get(column) ?? []), ticket]);
  }
  return [...groups.entries()];
}

/** The group of tickets whose column Radar could not read (never a column name the board uses). */
const UNREADABLE_COLUMN = '\u0000unreadable';

function columnTitle(column: string): string {
  return column === UNREADABLE_COLUMN ? "Column Radar couldn't read" : columnName(column);
}

function chunksOf(column: string, tickets: Ticket[]): Chunk[] {
  const chunks: Chunk[] = [];
  let lines: string[] = [`*${columnTitle(column)}*`];
  let count = 0;
  for (const ticket of tickets) {
    const line = ticketLine(ticket);
    if (count > 0 && [...lines, line].join('\n').length > SECTION_ROOM) {
      chunks.push({ text: lines.join('\n'), tickets: count });
      lines = [`*${columnTitle(column)}* (continued)`];
      count = 0;
    }
    lines.push(line);
    count += 1;
  }
  chunks.push({ text: lines.join('\n'), tickets: count });
  return chunks;
}

export function ticketListView(data: TicketListData): { text: string; blocks: Block[] } {
  const { list } = data;
  const narrowed = data.filters.length > 0 ? ` matching ${data.filters.map((f) => `“${escapeMrkdwn(f)}”`).join(' ')}` : '';
  const blocks: Block[] = [header(`${data.projectName}: tickets`), context(`${plural(list.total, 'ticket')}${narrowed}, in board order`)];
  if (list.items.length === 0) {
    blocks.push(section('No tickets match.'));
  }
  // A ticket Radar could not read is counted in one line; the others are listed (the count is `total`).
  const unread = unreadableTicketsLine(unreadableOf(list.items));
  if (unread !== null) blocks.push(context(unread));
  // Header, summary and up to two footers stay; the rest of the message holds the columns.
  const room = LIMITS.blocksPerMessage - blocks.length - 2;
  const chunks = byColumn(readable(list.items)).flatMap(([column, tickets]) => chunksOf(column, tickets));
  const shown = chunks.slice(0, room);
  blocks.push(...shown.map((c) => section(c.text)));
  const left = chunks.slice(room).reduce((n, c) => n + c.tickets, 0);
  if (left > 0) blocks.push(context(`…and ${plural(left, 'more ticket')}: name a column or a few title words to narrow the list.`));
  if (list.hasMore && data.closed === 'recent') {
    blocks.push(context(`Done and dismissed show the last 30 days; older closed tickets exist (\`${COMMAND} tickets done --all\`).`));
  }
  return { text: `${escapeMrkdwn(data.projectName)}: ${plural(list.total, 'ticket')}`, blocks };
}
