/**
 * `/radar ticket <number>`: one ticket with its description, latest comments, and the buttons that
 * act on it (move to another column, assign to me, dismiss). A briefing ticket is never offered
 * for deletion; dismissing it is what keeps its briefing from opening it again.
 */
import type { Assignee, Comment, Ticket } from '../../../service/index.js';
import { TICKET_STATUSES } from '../../../service/index.js';
import { LIMITS, actions, button, context, escapeMrkdwn, fields, header, option, section, truncate, type Block } from '../../../slack/blocks/index.js';
import { ACTION_IDS } from '../../../slack/ids.js';
import { encodeAction } from '../action-value.js';
import { columnName, impactName } from '../vocabulary.js';

const LATEST_COMMENTS = 3;
const COMMENT_PREVIEW = 500;

export interface TicketViewData {
  projectId: string;
  projectName: string;
  ticket: Ticket;
  comments: readonly Comment[];
  /** What just happened (mrkdwn, escaped), shown above the ticket. */
  notice?: string;
  /** Members to pick from, when "assign to me" found no match for the person. */
  members?: readonly Assignee[];
}

function origin(ticket: Ticket): string {
  if (ticket.briefing) {
    const minutes = ticket.briefing.estimatedMinutes === null ? 'unsized' : `about ${ticket.briefing.estimatedMinutes} min`;
    return `briefing (${escapeMrkdwn(ticket.briefing.dimension)}, ${minutes})`;
  }
  return ticket.author ? `${escapeMrkdwn(ticket.origin)}, by ${escapeMrkdwn(ticket.author.fullName)}` : escapeMrkdwn(ticket.origin);
}

function commentBlock(comment: Comment): Block {
  const who = comment.author ? escapeMrkdwn(comment.author.fullName) : 'API';
  return section(`*${who}* · ${escapeMrkdwn(comment.createdAt.slice(0, 10))}${comment.edited ? ' (edited)' : ''}\n${escapeMrkdwn(truncate(comment.body, COMMENT_PREVIEW))}`);
}

function controls(data: TicketViewData): Block[] {
  const { ticket, projectId } = data;
  const value = (choice?: string) => encodeAction({ projectId, ticketId: ticket.id, ...(choice !== undefined ? { choice } : {}) });
  const moveTo = TICKET_STATUSES.filter((s) => s !== ticket.status).map((s) => option(`${columnName(s)} (top)`, value(s)));
  const elements = [
    { type: 'static_select' as const, action_id: ACTION_IDS.ticketMove, placeholder: { type: 'plain_text' as const, text: 'Move to…' }, options: moveTo },
    button({ text: 'Assign to me', actionId: ACTION_IDS.ticketAssign, value: value() }),
    ...(ticket.status !== 'dismissed' ? [button({ text: 'Dismiss', actionId: ACTION_IDS.ticketDismiss, value: value(), style: 'danger' })] : []),
  ];
  const blocks: Block[] = [actions(elements)];
  if (data.members && data.members.length > 0) {
    const members = data.members.slice(0, LIMITS.optionsPerSelect).map((m) => option(m.fullName, value(m.userId)));
    blocks.push(actions([{ type: 'static_select', action_id: ACTION_IDS.ticketAssignPick, placeholder: { type: 'plain_text', text: 'Assign to…' }, options: members }]));
  }
  return blocks;
}

export function ticketView(data: TicketViewData): { text: string; blocks: Block[] } {
  const { ticket, comments } = data;
  const blocks: Block[] = [];
  if (data.notice) blocks.push(section(data.notice));
  blocks.push(header(`#${ticket.number} ${ticket.title}`));
  blocks.push(
    ...fields([
      `*Column*\n${columnName(ticket.status)}`,
      `*Assignee*\n${ticket.assignee ? escapeMrkdwn(ticket.assignee.fullName) : '_unassigned_'}`,
      `*Impact*\n${ticket.impact === null ? '—' : impactName(ticket.impact)}`,
      `*Effort*\n${ticket.effort ?? '—'}`,
      `*Due*\n${ticket.dueDate === null ? '—' : escapeMrkdwn(ticket.dueDate)}`,
      `*Labels*\n${ticket.labels.length ? ticket.labels.map((l) => escapeMrkdwn(l.name)).join(', ') : '—'}`,
      `*Origin*\n${origin(ticket)}`,
      `*Project*\n${escapeMrkdwn(data.projectName)}`,
    ]),
  );
  blocks.push(section(ticket.description.trim() === '' ? '_No description._' : escapeMrkdwn(truncate(ticket.description, LIMITS.sectionText - 100))));
  if (ticket.commentCount > 0) {
    const latest = comments.slice(-LATEST_COMMENTS);
    blocks.push(context(ticket.commentCount > latest.length ? `${ticket.commentCount} comments; the latest ${latest.length}:` : `${ticket.commentCount} comment${ticket.commentCount === 1 ? '' : 's'}:`));
    blocks.push(...latest.map(commentBlock));
  }
  if (!ticket.deletable) blocks.push(context('Opened by a briefing, so it cannot be deleted: dismiss it instead, which keeps the briefing from opening it again.'));
  blocks.push(...controls(data));
  return { text: `Ticket #${ticket.number}: ${escapeMrkdwn(ticket.title)}`, blocks };
}
