/** Reading one ticket for `/radar ticket` and its buttons: by board number, with its comments. */
import type { Comment, ServiceClient, Ticket, TicketFacts } from '../../service/index.js';
import { isUnreadable, rawKey, type Unreadable } from '../../service/tolerant.js';
import { escapeMrkdwn } from '../../slack/blocks/index.js';
import { UserError } from '../../slack/error-text.js';

/** The ticket numbered `number` on the project's board, closed ones included. */
export async function ticketByNumber(service: ServiceClient, project: { id: string; name: string }, number: number): Promise<Ticket> {
  const { items } = await service.listTickets(project.id, { number, closed: 'all' });
  const ticket = items[0];
  if (!ticket) throw new UserError(`There is no ticket #${number} on *${escapeMrkdwn(project.name)}*'s board.`);
  if (!isUnreadable(ticket)) return ticket;
  // The list item could not be read; the ticket itself may be, by the id it carries.
  const id = rawKey(ticket, 'id');
  if (id === undefined) throw new UserError(`Ticket #${number} is on *${escapeMrkdwn(project.name)}*'s board, but Radar couldn't read it.`);
  return service.getTicket(project.id, id);
}

/** The ticket (with its description) and its comments, oldest first. */
export async function ticketDetail(service: ServiceClient, projectId: string, ticketId: string): Promise<{ ticket: TicketFacts; comments: (Comment | Unreadable)[] }> {
  const [ticket, comments] = await Promise.all([service.ticketFacts(projectId, ticketId), service.listComments(projectId, ticketId)]);
  return { ticket, comments };
}
