/**
 * The tickets' hooks into the shared notifier (issue 31): an assignment made through Radar tells the
 * new assignee at once, and a comment added through Radar tells the ticket's followers, each with
 * the same event key the board poller uses (an assignment's key from `notifier.assignmentKey`), so the
 * poller never tells them again; the person who did it (assigning to themself too) is never told of it. A failure here is logged: the ticket change itself has happened.
 */
import type { Logger } from '../../log.js';
import type { Assignee, Ticket } from '../../service/index.js';
import { plainTitle } from '../board/views/ticket-format.js';
import type { Notifier } from '../notify/notifier.js';
import { assignedLine, commentLine } from '../notify/views/notice-lines.js';

export interface TicketTeller {
  assigned(teamId: string, actor: string, projectId: string, projectName: string, ticket: Pick<Ticket, 'id' | 'number' | 'title'>, member: Assignee): Promise<void>;
  commented(teamId: string, actor: string, projectId: string, projectName: string, ticket: Pick<Ticket, 'id' | 'number' | 'title'>, comment: { id: string; body: string }): Promise<void>;
}

export function ticketTeller(notifier: Notifier, logger: Logger): TicketTeller {
  const safely = (what: string, run: () => Promise<unknown>) => run().then(() => undefined, (error: unknown) => logger.warn(`could not tell people of ${what}`, { error }));
  return {
    assigned: (teamId, actor, projectId, projectName, ticket, member) =>
      safely('an assignment', async () => {
        const key = await notifier.assignmentKey(projectId, ticket.id, member.userId);
        if (!key) return;
        await notifier.send(
          teamId,
          [{ kind: 'assigned', key, projectName, line: assignedLine({ number: ticket.number, title: plainTitle(ticket) }, `<@${actor}>`), audience: { projectId, assignee: member } }],
          { actor },
        );
      }),
    commented: (teamId, actor, projectId, projectName, ticket, comment) =>
      safely('a comment', () =>
        notifier.send(
          teamId,
          [{ kind: 'comments', key: `comment:${projectId}:${ticket.id}:${comment.id}`, projectName, line: commentLine({ number: ticket.number, title: plainTitle(ticket) }, null, comment.body).replace('Someone commented', `<@${actor}> commented`), audience: { projectId, ticketId: ticket.id } }],
          { actor },
        ),
      ),
  };
}
