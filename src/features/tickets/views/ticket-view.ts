/**
 * `/radar ticket <number>`: one ticket with its description, latest comments, and the buttons that
 * act on it (move to another column, assign to me, dismiss). A briefing ticket is never offered
 * for deletion; dismissing it is what keeps its briefing from opening it again.
 */
import type { Assignee, Comment, Ticket } from '../../../service/index.js';
import { TICKET_STATUSES } from '../../../service/index.js';
import { isUnreadable, readable, shown, UNREADABLE_VALUE, unreadableItemsLine, unreadableOf, type Unreadable } from '../../../service/tolerant.js';
import { LIMITS, actions, button, context, escapeMrkdwn, fields, header, option, plural, section, truncate, type Block } from '../../../slack/blocks/index.js';
import { ACTION_IDS } from '../../../slack/ids.js';
import type { TicketSeal } from '../action-value.js';
import { columnName, impactName } from '../../board/vocabulary.js';
import { labelsText, plainTitle } from './ticket-format.js';

const LATEST_COMMENTS = 3;
const COMMENT_PREVIEW = 500;

export interface TicketViewData {
  projectId: string;
  projectName: string;
  ticket: Ticket;
  /** Oldest first; a comment Radar could not read is counted in one line. */
  comments: readonly (Comment | Unreadable)[];
  /** What just happened (mrkdwn, escaped), shown above the ticket. */
  notice?: string;
  /** Members to pick from, when "assign to me" found no match for the person. */
  members?: readonly Assignee[];
  /** Seals the ticket reference the controls carry (`action-value.ts`); without it they carry an unsealed one, which every action refuses. */
  seal?: TicketSeal;
}

const unsealed: TicketSeal = (ref, kind) => JSON.stringify({ p: ref.projectId, t: ref.ticketId, k: kind });

function origin(ticket: Ticket): string {
  const { briefing, author } = ticket;
  if (isUnreadable(briefing)) return `${shown(ticket.origin, escapeMrkdwn)} (briefing details ${UNREADABLE_VALUE})`;
  if (briefing) {
    const minutes = briefing.estimatedMinutes === null ? 'unsized' : `about ${briefing.estimatedMinutes} min`;
    return `briefing (${escapeMrkdwn(briefing.dimension)}, ${minutes})`;
  }
  const by = isUnreadable(author) ? `, by ${UNREADABLE_VALUE}` : author ? `, by ${escapeMrkdwn(author.fullName)}` : '';
  return `${shown(ticket.origin, escapeMrkdwn)}${by}`;
}

function commentBlock(comment: Comment): Block {
  const who = isUnreadable(comment.author) ? `_author ${UNREADABLE_VALUE}_` : comment.author ? `*${escapeMrkdwn(comment.author.fullName)}*` : '*API*';
  const when = shown(comment.createdAt, (at) => escapeMrkdwn(at.slice(0, 10)));
  return section(`${who} · ${when}${comment.edited === true ? ' (edited)' : ''}\n${escapeMrkdwn(truncate(comment.body, COMMENT_PREVIEW))}`);
}

function controls(data: TicketViewData): Block[] {
  const { ticket, projectId } = data;
  // Buttons carry the sealed ticket as their value; the selects' blocks carry it as their block id,
  // and each option only its choice (a column, a member).
  const seal = data.seal ?? unsealed;
  const ref = { projectId, ticketId: ticket.id };
  const value = seal(ref, 'b', LIMITS.buttonValue);
  const moveTo = TICKET_STATUSES.filter((s) => s !== ticket.status).map((s) => option(`${columnName(s)} (top)`, s));
  const elements = [
    { type: 'static_select' as const, action_id: ACTION_IDS.ticketMove, placeholder: { type: 'plain_text' as const, text: 'Move to…' }, options: moveTo },
    button({ text: 'Assign to me', actionId: ACTION_IDS.ticketAssign, value }),
    ...(ticket.status !== 'dismissed' ? [button({ text: 'Dismiss', actionId: ACTION_IDS.ticketDismiss, value, style: 'danger' })] : []),
  ];
  const blocks: Block[] = [actions(elements, seal(ref, 'c', LIMITS.blockId))];
  if (data.members && data.members.length > 0) {
    const members = data.members.slice(0, LIMITS.optionsPerSelect).map((m) => option(m.fullName, m.userId));
    blocks.push(
      actions([{ type: 'static_select', action_id: ACTION_IDS.ticketAssignPick, placeholder: { type: 'plain_text', text: 'Assign to…' }, options: members }], seal(ref, 'm', LIMITS.blockId)),
    );
  }
  return blocks;
}

export function ticketView(data: TicketViewData): { text: string; blocks: Block[] } {
  const { ticket } = data;
  const blocks: Block[] = [];
  if (data.notice) blocks.push(section(data.notice));
  // A header is plain text: an unreadable title reads as words, not mrkdwn.
  blocks.push(header(`#${ticket.number} ${plainTitle(ticket)}`));
  const { assignee, impact, effort, dueDate } = ticket;
  blocks.push(
    ...fields([
      `*Column*\n${shown(ticket.status, columnName)}`,
      `*Assignee*\n${shown(assignee, (a) => (a ? escapeMrkdwn(a.fullName) : '_unassigned_'))}`,
      `*Impact*\n${shown(impact, (i) => (i === null ? '—' : impactName(i)))}`,
      `*Effort*\n${shown(effort, (e) => e ?? '—')}`,
      `*Due*\n${shown(dueDate, (d) => (d === null ? '—' : escapeMrkdwn(d)))}`,
      `*Labels*\n${labelsText(ticket.labels) || '—'}`,
      `*Origin*\n${origin(ticket)}`,
      `*Project*\n${escapeMrkdwn(data.projectName)}`,
    ]),
  );
  const { description } = ticket;
  blocks.push(
    section(
      isUnreadable(description)
        ? `_Description: ${UNREADABLE_VALUE}_`
        : description.trim() === ''
          ? '_No description._'
          : escapeMrkdwn(truncate(description, LIMITS.sectionText - 100)),
    ),
  );
  blocks.push(...commentBlocks(ticket, data.comments));
  if (ticket.deletable === false) blocks.push(context('Opened by a briefing, so it cannot be deleted: dismiss it instead, which keeps the briefing from opening it again.'));
  blocks.push(...controls(data));
  return { text: `Ticket #${ticket.number}: ${shown(ticket.title, escapeMrkdwn)}`, blocks };
}

/** The count line (from `commentCount`, or the list when the count is unreadable) and the latest comments. */
function commentBlocks(ticket: Ticket, comments: readonly (Comment | Unreadable)[]): Block[] {
  const count = isUnreadable(ticket.commentCount) ? comments.length : ticket.commentCount;
  if (count === 0) return [];
  const latest = readable(comments).slice(-LATEST_COMMENTS);
  const countText = isUnreadable(ticket.commentCount) ? `Comment count ${UNREADABLE_VALUE}; ${plural(comments.length, 'comment')} listed` : plural(count, 'comment');
  const blocks: Block[] = [context(count > latest.length ? `${countText}; the latest ${latest.length}:` : `${countText}:`)];
  blocks.push(...latest.map(commentBlock));
  const unread = unreadableItemsLine(unreadableOf(comments), 'comment', escapeMrkdwn);
  if (unread !== null) blocks.push(context(unread));
  return blocks;
}
