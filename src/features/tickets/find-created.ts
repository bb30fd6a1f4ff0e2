/**
 * After a write that may have happened although no success came back (a 5xx, a timeout), Radar
 * looks on the board before offering a retry, so a retry never makes a second ticket or comment.
 */
import type { Comment, CreateTicketBody, ServiceClient, Ticket } from '../../service/index.js';
import { readable, readableOr } from '../../service/tolerant.js';

/**
 * The ticket the create made, if it exists: same title, and a description holding the message's
 * permalink (every description Radar sends carries it), else the very description sent.
 */
export async function findCreatedTicket(service: ServiceClient, projectId: string, body: CreateTicketBody, permalink: string | undefined): Promise<Ticket | null> {
  const { items } = await service.listTickets(projectId, { q: body.title, include: ['description'], closed: 'all' });
  const sent = body.description ?? '';
  // A ticket whose title or description Radar could not read is never taken for the one it made.
  const matches = readable(items).filter(
    (t) => t.title === body.title && typeof t.description === 'string' && (permalink ? t.description.includes(permalink) : t.description === sent),
  );
  const createdAt = (t: Ticket) => readableOr(t.createdAt, '');
  return matches.sort((a, b) => createdAt(b).localeCompare(createdAt(a)))[0] ?? null;
}

/** The comment the create made, if it exists: the key's own entry with exactly the body sent (stored as sent). */
export async function findCreatedComment(service: ServiceClient, projectId: string, ticketId: string, body: string): Promise<Comment | null> {
  const comments = readable(await service.listComments(projectId, ticketId));
  return comments.filter((c) => c.origin === 'api' && c.body === body).at(-1) ?? null;
}
