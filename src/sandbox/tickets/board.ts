import type { IdSource } from './ids.js';
import type { MemberDirectory } from './members.js';
import { BOARD_LIMITS, BoardError, TICKET_STATUSES } from './model.js';
import type {
  Label,
  LabelInput,
  MoveInput,
  Person,
  StoredComment,
  StoredTicket,
  TicketDraft,
  TicketPatch,
  TicketStatus,
} from './model.js';
import { placeInColumn } from './ordering.js';

export interface CommentProvenance {
  origin: 'user' | 'api';
  author: Person | null;
  /** Seeds only: a back-dated creation time. */
  createdAt?: number;
}

/**
 * One project's ticket board: tickets in five ordered columns, their comments, and the project's labels.
 * Enforces the spec's board rules and limits; refusals are `BoardError`s.
 */
export class ProjectBoard {
  private readonly columns: Record<TicketStatus, string[]> = {
    triage: [],
    todo: [],
    in_progress: [],
    done: [],
    dismissed: [],
  };
  private readonly tickets = new Map<string, StoredTicket>();
  private readonly comments = new Map<string, StoredComment[]>();
  private labelList: Label[] = [];
  private nextNumber = 1;

  constructor(
    readonly projectId: string,
    readonly orgId: string,
    readonly members: MemberDirectory,
    private readonly ids: IdSource,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.tickets.size;
  }

  /** The ticket, or 404 when it is unknown or on another board. */
  ticket(ticketId: string): StoredTicket {
    const ticket = this.tickets.get(ticketId);
    if (!ticket) throw new BoardError('not_found', `Ticket ${ticketId} not found`);
    return ticket;
  }

  has(ticketId: string): boolean {
    return this.tickets.has(ticketId);
  }

  /** Ticket ids of one column, top first. */
  column(status: TicketStatus): readonly string[] {
    return this.columns[status];
  }

  /** Every ticket in board order: columns in board order, then each column top to bottom. */
  orderedTickets(statuses: readonly TicketStatus[] = TICKET_STATUSES): StoredTicket[] {
    return TICKET_STATUSES.filter((s) => statuses.includes(s)).flatMap((s) => this.columns[s].map((id) => this.ticket(id)));
  }

  create(draft: TicketDraft): StoredTicket {
    if (this.tickets.size >= BOARD_LIMITS.ticketsPerBoard) {
      throw new BoardError('limit', `The board is full (${BOARD_LIMITS.ticketsPerBoard} tickets)`);
    }
    this.checkTitle(draft.title);
    this.checkDescription(draft.description ?? '');
    this.checkLabelIds(draft.labelIds ?? []);
    this.checkAssignee(draft.assigneeUserId ?? null);
    const now = this.now();
    const createdAt = draft.createdAt ?? now;
    const ticket: StoredTicket = {
      id: this.ids.next('tkt'),
      projectId: this.projectId,
      number: this.nextNumber++,
      origin: draft.origin ?? 'api',
      author: draft.author ?? null,
      briefing: draft.briefing ?? null,
      title: draft.title,
      description: draft.description ?? '',
      labelIds: [...(draft.labelIds ?? [])],
      status: draft.status,
      statusChangedAt: draft.statusChangedAt ?? createdAt,
      assigneeUserId: draft.assigneeUserId ?? null,
      dueDate: draft.dueDate ?? null,
      effort: draft.effort ?? null,
      impact: draft.impact ?? null,
      deletable: (draft.origin ?? 'api') !== 'briefing',
      createdAt,
      updatedAt: createdAt,
      lastActivityAt: Math.max(createdAt, draft.statusChangedAt ?? createdAt),
    };
    this.tickets.set(ticket.id, ticket);
    this.comments.set(ticket.id, []);
    this.columns[ticket.status].unshift(ticket.id);
    return ticket;
  }

  update(ticketId: string, patch: TicketPatch): StoredTicket {
    const ticket = this.ticket(ticketId);
    if (patch.title !== undefined) this.checkTitle(patch.title);
    if (patch.description !== undefined) this.checkDescription(patch.description);
    if (patch.labelIds) this.checkLabelIds(patch.labelIds);
    if (patch.assigneeUserId) this.checkAssignee(patch.assigneeUserId);
    if (patch.title !== undefined) ticket.title = patch.title;
    if (patch.description !== undefined) ticket.description = patch.description;
    if (patch.labelIds !== undefined) ticket.labelIds = [...(patch.labelIds ?? [])];
    if (patch.assigneeUserId !== undefined) ticket.assigneeUserId = patch.assigneeUserId;
    if (patch.dueDate !== undefined) ticket.dueDate = patch.dueDate;
    if (patch.effort !== undefined) ticket.effort = patch.effort;
    if (patch.impact !== undefined) ticket.impact = patch.impact;
    this.touch(ticket);
    return ticket;
  }

  /** Moves a ticket (see `placeInColumn`); `statusChangedAt` changes only when the column does. */
  move(ticketId: string, input: MoveInput): StoredTicket {
    const ticket = this.ticket(ticketId);
    const from = ticket.status;
    this.columns[from] = this.columns[from].filter((id) => id !== ticketId);
    this.columns[input.status] = placeInColumn(this.columns[input.status], ticketId, input.beforeId, input.afterId);
    if (from !== input.status) {
      ticket.status = input.status;
      ticket.statusChangedAt = this.now();
    }
    this.touch(ticket);
    return ticket;
  }

  /** Deletes a ticket and its comments; a briefing ticket is refused (`not_deletable`). */
  remove(ticketId: string): void {
    const ticket = this.ticket(ticketId);
    if (!ticket.deletable) {
      throw new BoardError('not_deletable', 'A ticket a briefing opened cannot be deleted; move it to dismissed instead');
    }
    this.columns[ticket.status] = this.columns[ticket.status].filter((id) => id !== ticketId);
    this.tickets.delete(ticketId);
    this.comments.delete(ticketId);
  }

  labels(): Label[] {
    return this.labelList.map((l) => ({ ...l }));
  }

  addLabel(input: LabelInput): Label {
    if (input.name === undefined || input.color === undefined) throw new BoardError('invalid', 'name and color are required');
    if (this.labelList.length >= BOARD_LIMITS.labelsPerProject) {
      throw new BoardError('limit', `A project has at most ${BOARD_LIMITS.labelsPerProject} labels`);
    }
    const label: Label = { id: this.ids.next('lbl'), name: this.checkLabelName(input.name), color: checkColor(input.color) };
    this.labelList.push(label);
    return { ...label };
  }

  /** Renames or recolours a label; no ticket changes. */
  updateLabel(labelId: string, input: LabelInput): Label {
    const label = this.findLabel(labelId);
    if (input.name === undefined && input.color === undefined) throw new BoardError('invalid', 'Send name, color or both');
    const name = input.name === undefined ? label.name : this.checkLabelName(input.name, labelId);
    const color = input.color === undefined ? label.color : checkColor(input.color);
    label.name = name;
    label.color = color;
    return { ...label };
  }

  /** Deletes a label and strips it from every ticket carrying it. */
  removeLabel(labelId: string): void {
    this.findLabel(labelId);
    this.labelList = this.labelList.filter((l) => l.id !== labelId);
    for (const ticket of this.tickets.values()) ticket.labelIds = ticket.labelIds.filter((id) => id !== labelId);
  }

  /** A ticket's comments, oldest first. */
  commentsOf(ticketId: string): StoredComment[] {
    this.ticket(ticketId);
    return this.comments.get(ticketId) ?? [];
  }

  commentCount(ticketId: string): number {
    return this.comments.get(ticketId)?.length ?? 0;
  }

  addComment(ticketId: string, body: string, provenance: CommentProvenance): StoredComment {
    const ticket = this.ticket(ticketId);
    const thread = this.commentsOf(ticketId);
    if (thread.length >= BOARD_LIMITS.commentsPerThread) {
      throw new BoardError('limit', `A ticket has at most ${BOARD_LIMITS.commentsPerThread} comments`);
    }
    checkCommentBody(body);
    const at = provenance.createdAt ?? this.now();
    const comment: StoredComment = {
      id: this.ids.next('cmt'),
      ticketId,
      origin: provenance.origin,
      author: provenance.author,
      body,
      edited: false,
      createdAt: at,
      updatedAt: at,
    };
    thread.push(comment);
    ticket.lastActivityAt = Math.max(ticket.lastActivityAt, at);
    return comment;
  }

  /** Changes a comment's text; only comments the API wrote may change (`forbidden` otherwise). */
  editComment(ticketId: string, commentId: string, body: string): StoredComment {
    const comment = this.findComment(ticketId, commentId);
    if (comment.origin !== 'api') throw new BoardError('forbidden', 'A comment a person wrote cannot be edited through the API');
    checkCommentBody(body);
    comment.body = body;
    comment.edited = true;
    comment.updatedAt = this.now();
    this.ticket(ticketId).lastActivityAt = comment.updatedAt;
    return comment;
  }

  removeComment(ticketId: string, commentId: string): void {
    this.findComment(ticketId, commentId);
    this.comments.set(
      ticketId,
      this.commentsOf(ticketId).filter((c) => c.id !== commentId),
    );
    this.ticket(ticketId).lastActivityAt = this.now();
  }

  private findComment(ticketId: string, commentId: string): StoredComment {
    const comment = this.commentsOf(ticketId).find((c) => c.id === commentId);
    if (!comment) throw new BoardError('not_found', `Comment ${commentId} not found`);
    return comment;
  }

  private findLabel(labelId: string): Label {
    const label = this.labelList.find((l) => l.id === labelId);
    if (!label) throw new BoardError('not_found', `Label ${labelId} not found`);
    return label;
  }

  private touch(ticket: StoredTicket): void {
    ticket.updatedAt = this.now();
    ticket.lastActivityAt = ticket.updatedAt;
  }

  private checkTitle(title: string): void {
    if (title.trim() === '') throw new BoardError('invalid', 'title must not be empty');
  }

  private checkDescription(description: string): void {
    if (description.length > BOARD_LIMITS.descriptionChars) {
      throw new BoardError('invalid', `description is longer than ${BOARD_LIMITS.descriptionChars} characters`);
    }
  }

  private checkLabelIds(labelIds: readonly string[]): void {
    if (labelIds.length > BOARD_LIMITS.labelsPerTicket) {
      throw new BoardError('invalid', `A ticket carries at most ${BOARD_LIMITS.labelsPerTicket} labels`);
    }
    if (new Set(labelIds).size !== labelIds.length) throw new BoardError('invalid', 'Each label may be named once');
    const unknown = labelIds.find((id) => !this.labelList.some((l) => l.id === id));
    if (unknown !== undefined) throw new BoardError('invalid', `Label ${unknown} is not in the project's label list`);
  }

  private checkAssignee(userId: string | null): void {
    if (userId !== null && !this.members.isCurrent(userId)) {
      throw new BoardError('invalid', `${userId} is not a current member of the organisation`);
    }
  }

  private checkLabelName(raw: string, ownId?: string): string {
    const name = raw.trim();
    if (name === '' || name.length > BOARD_LIMITS.labelNameChars) {
      throw new BoardError('invalid', `A label name has 1 to ${BOARD_LIMITS.labelNameChars} characters`);
    }
    const clash = this.labelList.find((l) => l.id !== ownId && l.name.toLowerCase() === name.toLowerCase());
    if (clash) throw new BoardError('invalid', `A label named "${clash.name}" already exists`);
    return name;
  }
}

const COLOR = /^#[0-9a-f]{6}$/i;

function checkColor(color: string): string {
  if (!COLOR.test(color)) throw new BoardError('invalid', 'color must be a hex colour #rrggbb');
  return color.toLowerCase();
}

function checkCommentBody(body: string): void {
  if (body.trim() === '') throw new BoardError('invalid', 'body must not be empty');
  if (body.length > BOARD_LIMITS.commentChars) {
    throw new BoardError('invalid', `body is longer than ${BOARD_LIMITS.commentChars} characters`);
  }
}
