import type { ProjectBoard } from './board.js';
import type { Label, StoredComment, StoredTicket } from './model.js';

const iso = (ms: number): string => new Date(ms).toISOString();

/** A ticket as the API returns it (spec 2.7); the description is '' unless asked for. */
export function ticketView(board: ProjectBoard, ticket: StoredTicket, includeDescription: boolean): Record<string, unknown> {
  const labels = new Map<string, Label>(board.labels().map((l) => [l.id, l]));
  return {
    id: ticket.id,
    number: ticket.number,
    origin: ticket.origin,
    author: ticket.author && { ...ticket.author },
    briefing: ticket.briefing && { ...ticket.briefing },
    title: ticket.title,
    description: includeDescription ? ticket.description : '',
    labels: ticket.labelIds.flatMap((id) => {
      const label = labels.get(id);
      return label ? [label] : [];
    }),
    status: ticket.status,
    statusChangedAt: iso(ticket.statusChangedAt),
    assignee: board.members.asAssignee(ticket.assigneeUserId),
    dueDate: ticket.dueDate,
    effort: ticket.effort,
    impact: ticket.impact,
    commentCount: board.commentCount(ticket.id),
    deletable: ticket.deletable,
    createdAt: iso(ticket.createdAt),
    updatedAt: iso(ticket.updatedAt),
    lastActivityAt: iso(ticket.lastActivityAt),
  };
}

/** A comment as the API returns it (spec 2.8). */
export function commentView(comment: StoredComment): Record<string, unknown> {
  return {
    id: comment.id,
    ticketId: comment.ticketId,
    origin: comment.origin,
    author: comment.author && { ...comment.author },
    body: comment.body,
    edited: comment.edited,
    createdAt: iso(comment.createdAt),
    updatedAt: iso(comment.updatedAt),
  };
}
