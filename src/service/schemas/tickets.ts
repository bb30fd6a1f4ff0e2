/** The strategic tickets board: tickets, comments, labels, assignees (spec 2.7, 2.8, 3.1, 4.6). */
import { z } from 'zod';
import { calendarDaySchema, personSchema, timestampSchema } from './common.js';

/** The five columns, in board order. */
export const TICKET_STATUSES = ['triage', 'todo', 'in_progress', 'done', 'dismissed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_ORIGINS = ['user', 'api', 'briefing', 'ai_sources'] as const;
export type TicketOrigin = (typeof TICKET_ORIGINS)[number];

export const TICKET_EFFORTS = ['low', 'medium', 'high'] as const;
export type TicketEffort = (typeof TICKET_EFFORTS)[number];

/** 1 Minor, 2 Moderate, 3 Significant, 4 Critical. */
export type TicketImpact = 1 | 2 | 3 | 4;

export const labelSchema = z.looseObject({ id: z.string(), name: z.string(), color: z.string() });
export type Label = z.infer<typeof labelSchema>;

export const assigneeSchema = personSchema;
export type Assignee = z.infer<typeof assigneeSchema>;

/** `{ runId, dimension, estimatedMinutes }` on a ticket a briefing opened. */
export const ticketBriefingSchema = z.looseObject({
  runId: z.string(),
  dimension: z.string(),
  /** Null when the edition gave no estimate (unsized). */
  estimatedMinutes: z.number().nullable(),
});

export const ticketSchema = z.looseObject({
  id: z.string(),
  number: z.number().int(),
  origin: z.enum(TICKET_ORIGINS),
  /** Null for tickets opened through the API. */
  author: personSchema.nullable(),
  /** Null on every ticket a briefing did not open. */
  briefing: ticketBriefingSchema.nullable(),
  title: z.string(),
  /** Empty in list reads unless `include: ['description']`. */
  description: z.string(),
  labels: z.array(labelSchema),
  status: z.enum(TICKET_STATUSES),
  statusChangedAt: timestampSchema,
  assignee: personSchema.nullable(),
  dueDate: calendarDaySchema.nullable(),
  effort: z.enum(TICKET_EFFORTS).nullable(),
  impact: z.number().int().nullable(),
  commentCount: z.number().int(),
  /** False for tickets a briefing opened: move those to `dismissed` instead. */
  deletable: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  lastActivityAt: timestampSchema,
});
export type Ticket = z.infer<typeof ticketSchema>;

/** `{ items, total, hasMore }`; `total` counts the columns the call covers, under the same filters. */
export const ticketListSchema = z.looseObject({
  items: z.array(ticketSchema),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type TicketList = z.infer<typeof ticketListSchema>;

export const commentSchema = z.looseObject({
  id: z.string(),
  ticketId: z.string(),
  /** `api` for entries written by a key; the value for a person's entry is not shown. */
  origin: z.string(),
  /**
   * The spec shows `{ userId, fullName }`. An entry written by an API key has no person behind it;
   * null is accepted there, as on a ticket opened through the API (spec 2.7).
   */
  author: personSchema.nullable(),
  body: z.string(),
  edited: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Comment = z.infer<typeof commentSchema>;

/** List query (spec 4.6); `status` and `include` are sent comma-separated. */
export interface ListTicketsQuery {
  status?: readonly TicketStatus[];
  closed?: 'recent' | 'all';
  origin?: TicketOrigin;
  dimension?: string;
  briefingRunId?: string;
  /** A user id, or `none` for unowned tickets. */
  assignee?: string;
  labelId?: string;
  number?: number;
  /** Title substring, case-insensitive, literal. */
  q?: string;
  include?: readonly 'description'[];
}

export interface CreateTicketBody {
  title: string;
  status: TicketStatus;
  description?: string;
  labelIds?: string[];
  assigneeUserId?: string;
  dueDate?: string;
  effort?: TicketEffort;
  impact?: TicketImpact;
}

/** Every key optional: omitted leaves it, a value replaces, null clears. No column or position. */
export interface UpdateTicketBody {
  title?: string;
  /** Send an empty string to clear. */
  description?: string;
  /** Replaces the list; an empty array clears. */
  labelIds?: string[];
  assigneeUserId?: string | null;
  dueDate?: string | null;
  effort?: TicketEffort | null;
  impact?: TicketImpact | null;
}

/** Name either neighbour or both; neither puts the ticket at the bottom of the column. */
export interface MoveTicketBody {
  status: TicketStatus;
  /** The ticket that will sit directly above. */
  beforeId?: string;
  /** The ticket that will sit directly below. */
  afterId?: string;
}

export interface LabelBody {
  name: string;
  /** `#rrggbb`. */
  color: string;
}
