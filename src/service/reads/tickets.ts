/**
 * The tickets' fact-returning methods of the service client (issue 27): a ticket, and a ticket list,
 * with each ticket's briefing size read beside it (`ticketFactsOf`). Every view that shows a ticket
 * takes these facts; none reads a ticket's `briefing` part itself.
 */
import type { RawServiceClient } from '../raw-client.js';
import { ticketFactsOf, type ListTicketsQuery, type MoveTicketBody, type TicketFacts, type TicketListFacts } from '../schemas/tickets.js';
import { isUnreadable } from '../tolerant.js';

export function ticketsReads(raw: RawServiceClient) {
  return {
    /** GET .../tickets/{ticketId}, as facts. */
    ticketFacts: async (projectId: string, ticketId: string): Promise<TicketFacts> => ticketFactsOf(await raw.getTicket(projectId, ticketId)),
    /** GET .../tickets, each readable ticket as facts (an unreadable one stays `Unreadable`). */
    ticketListFacts: async (projectId: string, query?: ListTicketsQuery): Promise<TicketListFacts> => {
      const list = await raw.listTickets(projectId, query);
      return { ...list, items: list.items.map((t) => (isUnreadable(t) ? t : ticketFactsOf(t))) };
    },
    /** PATCH .../tickets/{ticketId}/move (a write), its answer (the ticket moved) as facts. */
    moveTicketFacts: async (projectId: string, ticketId: string, body: MoveTicketBody): Promise<TicketFacts> => ticketFactsOf(await raw.moveTicket(projectId, ticketId, body)),
  };
}
