/**
 * `/radar ticket <number>`: one ticket with its description, latest comments, and the buttons that
 * act on it (move to another column, assign to me, edit, dismiss, and an overflow menu whose Delete
 * asks first). A briefing ticket is never offered for deletion; dismissing it is what keeps its
 * briefing from opening it again. Comments Radar wrote (origin `api`) get Edit and Delete; a
 * person's comment only Delete (the service lets a key edit only its own comments).
 */
import type { Assignee, Comment, TicketFacts } from '../../../service/index.js';
import { TICKET_STATUSES } from '../../../service/index.js';
import { isUnreadable, readable, shown, UNREADABLE_VALUE, unreadableItemsLine, unreadableOf, type Unreadable } from '../../../service/tolerant.js';
import { LIMITS, actions, button, context, dayText, escapeMrkdwn, fields, header, markdownToMrkdwn, option, plural, relativeAndAbsolute, section, truncate, type Block } from '../../../slack/blocks/index.js';
import { ACTION_IDS } from '../../../slack/ids.js';
import type { CommentSeal, TicketSeal } from '../action-value.js';
import { columnName, impactName } from '../../board/vocabulary.js';
import { dimensionWords, isOverdue, labelsText, plainTitle, sizeWords } from '../../board/views/ticket-format.js';
import { confirmDialog } from '../../board/confirm.js';

const LATEST_COMMENTS = 3;
const COMMENT_PREVIEW = 500;
/** Spec 8: comments per thread. */
const COMMENTS_PER_THREAD = 500;

export interface TicketViewData {
  projectId: string;
  projectName: string;
  ticket: TicketFacts;
  /** Oldest first; a comment Radar could not read is counted in one line. */
  comments: readonly (Comment | Unreadable)[];
  /** What just happened (mrkdwn, escaped), shown above the ticket. */
  notice?: string;
  /** The time to judge a due day by (deps.now()); without it no due day is marked overdue. */
  now?: Date;
  /** Members to pick from, when "assign to me" found no match for the person. */
  members?: readonly Assignee[];
  /** Seals the ticket reference the controls carry (`action-value.ts`); without it they carry an unsealed one, which every action refuses. */
  seal?: TicketSeal;
  /** Seals a comment for its Edit and Delete buttons; without it comments are shown without buttons. */
  commentSeal?: CommentSeal;
}

const unsealed: TicketSeal = (ref, kind) => JSON.stringify({ p: ref.projectId, t: ref.ticketId, k: kind });

function origin(ticket: TicketFacts): string {
  const { briefing, author } = ticket;
  if (isUnreadable(briefing)) return `${shown(ticket.origin, escapeMrkdwn)} (briefing details ${UNREADABLE_VALUE})`;
  if (briefing) {
    const size = ticket.briefingSize;
    return `briefing (${escapeMrkdwn(dimensionWords(briefing.dimension))}, ${size ? sizeWords(size) : 'unsized'})`;
  }
  const by = isUnreadable(author) ? `, by ${UNREADABLE_VALUE}` : author ? `, by ${escapeMrkdwn(author.fullName)}` : '';
  return `${shown(ticket.origin, escapeMrkdwn)}${by}`;
}

/** Markdown source cut to `max` first, rendered as mrkdwn, and cut again if the rendering grew past it. */
function markdownPreview(markdown: string, max: number): string {
  const out = markdownToMrkdwn(truncate(markdown, max));
  if (out.length <= max) return out;
  // Cut at a line end where one is near, so a link or code span is not left half open.
  const cut = out.slice(0, max - 1);
  const end = cut.lastIndexOf('\n');
  return end >= max / 2 ? `${cut.slice(0, end)}\n…` : truncate(out, max);
}

function oneComment(comment: Comment, data: TicketViewData): Block[] {
  const who = isUnreadable(comment.author) ? `_author ${UNREADABLE_VALUE}_` : comment.author ? `*${escapeMrkdwn(comment.author.fullName)}*` : '*API*';
  const when = shown(comment.createdAt, (at) => (data.now ? relativeAndAbsolute(at, data.now) : dayText(at)));
  const text = section(`${who} · ${when}${comment.edited === true ? ' (edited)' : ''}\n${markdownPreview(comment.body, COMMENT_PREVIEW)}`);
  if (!data.commentSeal) return [text];
  const ref = { projectId: data.projectId, ticketId: data.ticket.id, commentId: comment.id };
  // Only an entry the API wrote may be edited by Radar's key (spec 4.6): a person's comment is not offered for editing.
  const byRadar = comment.origin === 'api';
  const buttons = [
    ...(byRadar ? [button({ text: 'Edit comment', actionId: ACTION_IDS.commentEdit, value: data.commentSeal(ref, 'ce') })] : []),
    {
      ...button({ text: 'Delete comment', actionId: ACTION_IDS.commentDelete, value: data.commentSeal(ref, 'cd') }),
      confirm: confirmDialog({ title: 'Delete this comment?', text: 'The comment is removed from the ticket for everyone. This cannot be undone.', confirm: 'Delete comment' }),
    },
  ];
  return [text, actions(buttons)];
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
    button({ text: 'Edit', actionId: ACTION_IDS.ticketEdit, value }),
    // Follow: the person who clicks is told of its comments in a direct message (src/features/follows/).
    button({ text: 'Follow', actionId: ACTION_IDS.ticketFollow, value: seal(ref, 'f', LIMITS.buttonValue) }),
    ...(ticket.status !== 'dismissed' ? [button({ text: 'Dismiss', actionId: ACTION_IDS.ticketDismiss, value, style: 'danger' })] : []),
    // Delete only where the service allows it (`deletable` true); a briefing ticket is dismissed instead.
    ...(ticket.deletable === true
      ? [
          {
            type: 'overflow' as const,
            action_id: ACTION_IDS.ticketMore,
            options: [option('Delete ticket…', 'delete')],
            confirm: confirmDialog({
              title: `Delete ticket #${ticket.number}?`,
              text: `*${escapeMrkdwn(truncate(plainTitle(ticket), 150))}* and its comments are removed from the board for everyone. This cannot be undone.`,
              confirm: 'Delete ticket',
            }),
          },
        ]
      : []),
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
      `*Due*\n${shown(dueDate, (d) => (d === null ? '—' : data.now && isOverdue(ticket, data.now) ? `⚠️ *overdue* (${dayText(d)})` : dayText(d)))}`,
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
          : markdownPreview(description, LIMITS.sectionText - 100),
    ),
  );
  blocks.push(...commentBlocks(data));
  if (ticket.deletable === false) blocks.push(context('Opened by a briefing, so it cannot be deleted: dismiss it instead, which keeps the briefing from opening it again.'));
  blocks.push(...controls(data));
  return { text: `Ticket #${ticket.number}: ${shown(ticket.title, escapeMrkdwn)}`, blocks };
}

/** The count line (from `commentCount`, or the list when the count is unreadable) and the latest comments. */
function commentBlocks(data: TicketViewData): Block[] {
  const { ticket, comments } = data;
  const count = isUnreadable(ticket.commentCount) ? comments.length : ticket.commentCount;
  if (count === 0) return [];
  const latest = readable(comments).slice(-LATEST_COMMENTS);
  const full = count >= COMMENTS_PER_THREAD ? ` (the thread is full: a ticket holds at most ${COMMENTS_PER_THREAD}; delete one to comment again)` : '';
  const countText = isUnreadable(ticket.commentCount) ? `Comment count ${UNREADABLE_VALUE}; ${plural(comments.length, 'comment')} listed` : `${plural(count, 'comment')}${full}`;
  const blocks: Block[] = [context(count > latest.length ? `${countText}; the latest ${latest.length}:` : `${countText}:`)];
  blocks.push(...latest.flatMap((c) => oneComment(c, data)));
  const unread = unreadableItemsLine(unreadableOf(comments), 'comment', escapeMrkdwn);
  if (unread !== null) blocks.push(context(unread));
  return blocks;
}
