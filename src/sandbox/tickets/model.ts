/** The ticket board's vocabulary (spec 2.7, 2.8, 3.1) and limits (spec 8). No HTTP here. */

/** Columns in board order. */
export const TICKET_STATUSES = ['triage', 'todo', 'in_progress', 'done', 'dismissed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const CLOSED_STATUSES: readonly TicketStatus[] = ['done', 'dismissed'];

export const TICKET_ORIGINS = ['user', 'api', 'briefing', 'ai_sources'] as const;
export type TicketOrigin = (typeof TICKET_ORIGINS)[number];

export const EFFORTS = ['low', 'medium', 'high'] as const;
export type Effort = (typeof EFFORTS)[number];

export type Impact = 1 | 2 | 3 | 4;

export const BOARD_LIMITS = {
  ticketsPerBoard: 5_000,
  descriptionChars: 20_000,
  commentChars: 20_000,
  commentsPerThread: 500,
  labelsPerTicket: 10,
  labelsPerProject: 50,
  labelNameChars: 40,
  closedWindowDays: 30,
} as const;

export interface Person {
  userId: string;
  fullName: string;
}

/** An organisation member: only `active` ones are assignable and listed as assignees. */
export interface Member extends Person {
  state: 'active' | 'invited' | 'departed';
}

export interface Label {
  id: string;
  name: string;
  /** `#rrggbb`, lower-case. */
  color: string;
}

export interface BriefingRef {
  runId: string;
  dimension: string;
  estimatedMinutes: number | null;
}

/** A ticket as stored; timestamps in epoch milliseconds on the sandbox clock. */
export interface StoredTicket {
  id: string;
  projectId: string;
  number: number;
  origin: TicketOrigin;
  author: Person | null;
  briefing: BriefingRef | null;
  title: string;
  description: string;
  labelIds: string[];
  status: TicketStatus;
  statusChangedAt: number;
  /** Kept when the member departs (the filter still finds it); reads show a departed owner as null. */
  assigneeUserId: string | null;
  dueDate: string | null;
  effort: Effort | null;
  impact: Impact | null;
  deletable: boolean;
  createdAt: number;
  updatedAt: number;
  lastActivityAt: number;
}

export interface StoredComment {
  id: string;
  ticketId: string;
  origin: 'user' | 'api';
  author: Person | null;
  body: string;
  edited: boolean;
  createdAt: number;
  updatedAt: number;
}

/** What a create needs; provenance and timestamps default to an API create now. */
export interface TicketDraft {
  title: string;
  status: TicketStatus;
  description?: string;
  labelIds?: string[];
  assigneeUserId?: string | null;
  dueDate?: string | null;
  effort?: Effort | null;
  impact?: Impact | null;
  origin?: TicketOrigin;
  author?: Person | null;
  briefing?: BriefingRef | null;
  /** Seeds only: back-dated creation and column-change times. */
  createdAt?: number;
  statusChangedAt?: number;
}

/** An update: an omitted field is left alone, null clears, a value replaces. */
export interface TicketPatch {
  title?: string;
  description?: string;
  labelIds?: string[] | null;
  assigneeUserId?: string | null;
  dueDate?: string | null;
  effort?: Effort | null;
  impact?: Impact | null;
}

export interface MoveInput {
  status: TicketStatus;
  /** The ticket that will sit directly above. */
  beforeId?: string;
  /** The ticket that will sit directly below. */
  afterId?: string;
}

export interface LabelInput {
  name?: string;
  color?: string;
}

/** Domain refusals, mapped to HTTP by the routes. */
export const BOARD_ERROR_KINDS = ['not_found', 'invalid', 'limit', 'not_deletable', 'forbidden'] as const;
export type BoardErrorKind = (typeof BOARD_ERROR_KINDS)[number];

export class BoardError extends Error {
  constructor(
    readonly kind: BoardErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'BoardError';
  }
}
