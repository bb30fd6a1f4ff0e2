import type { ProjectBoard } from './board.js';
import { BOARD_LIMITS, CLOSED_STATUSES, TICKET_STATUSES } from './model.js';
import type { StoredTicket, TicketOrigin, TicketStatus } from './model.js';

/** The list filters of spec 4.6, already validated. */
export interface TicketListQuery {
  /** Columns to cover; every column when omitted. */
  statuses?: readonly TicketStatus[];
  closed: 'recent' | 'all';
  origin?: TicketOrigin;
  dimension?: string;
  briefingRunId?: string;
  /** A user id, or 'none' for tickets that read as unassigned. */
  assignee?: string;
  labelId?: string;
  number?: number;
  q?: string;
}

export interface TicketListResult {
  /** Matching tickets in board order. */
  tickets: StoredTicket[];
  /** Matching tickets in the covered columns, including closed ones `closed=recent` held back. */
  total: number;
  /** True when `closed=recent` held back older done or dismissed tickets. */
  hasMore: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function matches(board: ProjectBoard, query: TicketListQuery, ticket: StoredTicket): boolean {
  if (query.origin !== undefined && ticket.origin !== query.origin) return false;
  if (query.dimension !== undefined && ticket.briefing?.dimension !== query.dimension) return false;
  if (query.briefingRunId !== undefined && ticket.briefing?.runId !== query.briefingRunId) return false;
  if (query.assignee === 'none') {
    if (board.members.asAssignee(ticket.assigneeUserId) !== null) return false;
  } else if (query.assignee !== undefined && ticket.assigneeUserId !== query.assignee) {
    return false;
  }
  if (query.labelId !== undefined && !ticket.labelIds.includes(query.labelId)) return false;
  if (query.number !== undefined && ticket.number !== query.number) return false;
  if (query.q !== undefined && !ticket.title.toLowerCase().includes(query.q.toLowerCase())) return false;
  return true;
}

/**
 * Lists a board. `closed=recent` keeps done and dismissed tickets whose column changed in the last 30
 * days (sandbox clock); a `briefingRunId` list is whole regardless.
 */
export function listTickets(board: ProjectBoard, query: TicketListQuery, now: number): TicketListResult {
  const covered = board.orderedTickets(query.statuses ?? TICKET_STATUSES).filter((t) => matches(board, query, t));
  const windowStart = now - BOARD_LIMITS.closedWindowDays * DAY_MS;
  const recentOnly = query.closed === 'recent' && query.briefingRunId === undefined;
  const tickets = recentOnly
    ? covered.filter((t) => !CLOSED_STATUSES.includes(t.status) || t.statusChangedAt >= windowStart)
    : covered;
  return { tickets, total: covered.length, hasMore: tickets.length < covered.length };
}
