/** Where a moved or dismissed ticket lands: at the top of its destination column (docs/assumptions.md). */
import type { ServiceClient, Ticket, TicketStatus } from '../../service/index.js';

/**
 * Moves a ticket to the top of `status`: the column's first other ticket goes below it (spec 4.6).
 * Naming no neighbour would put it at the bottom, so a ticket already on top (a stale message) is
 * placed above the ticket under it; only in a column of its own is no neighbour needed.
 */
export async function moveToTop(service: ServiceClient, projectId: string, ticketId: string, status: TicketStatus): Promise<Ticket> {
  const { items } = await service.listTickets(projectId, { status: [status], closed: 'all' });
  const first = items.find((t) => t.id !== ticketId);
  return service.moveTicket(projectId, ticketId, { status, ...(first ? { afterId: first.id } : {}) });
}
