/**
 * Moving a ticket on the board, as the ticket buttons (`/radar ticket`) and a digest's To do /
 * Dismiss buttons both do it: the ticket lands at the top of its destination column
 * (docs/assumptions.md).
 */
import type { ServiceClient, TicketFacts, TicketStatus } from '../../service/index.js';
import { columnName } from './vocabulary.js';
import { isUnreadable, rawKey } from '../../service/tolerant.js';

/**
 * Moves a ticket to the top of `status`: the column's first other ticket goes below it (spec 4.6).
 * Naming no neighbour would put it at the bottom, so a ticket already on top (a stale message) is
 * placed above the ticket under it; only in a column of its own is no neighbour needed.
 */
export async function moveToTop(service: ServiceClient, projectId: string, ticketId: string, status: TicketStatus): Promise<TicketFacts> {
  const { items } = await service.listTickets(projectId, { status: [status], closed: 'all' });
  // An item Radar could not read still names its place by its raw id, when it has one.
  const first = items.map((t) => (isUnreadable(t) ? rawKey(t, 'id') : t.id)).find((id) => id !== undefined && id !== ticketId);
  return service.moveTicketFacts(projectId, ticketId, { status, ...(first !== undefined ? { afterId: first } : {}) });
}

/** What a move is called where a sentence says Radar could not do it: "dismiss the ticket", "move the ticket to To do". */
export function moveActionPhrase(status: TicketStatus): string {
  return status === 'dismissed' ? 'dismiss the ticket' : `move the ticket to ${columnName(status)}`;
}
