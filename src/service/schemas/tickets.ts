/** The strategic tickets board: tickets, comments, labels, assignees (spec 2.7, 2.8, 3.1, 4.6). */
import * as z from 'zod';
import { isUnreadable, tolerantArray, tolerantPart, type Unreadable } from '../tolerant.js';
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

/** A label: `id` and `name` are required (what a picker and a ticket show); `color` is read tolerantly. */
export const labelSchema = z.looseObject({ id: z.string(), name: z.string(), color: tolerantPart(z.string()) });
export type Label = z.infer<typeof labelSchema>;

export const assigneeSchema = personSchema;
export type Assignee = z.infer<typeof assigneeSchema>;

/** `{ runId, dimension, estimatedMinutes }` on a ticket a briefing opened. */
export const ticketBriefingSchema = z.looseObject({
  runId: z.string(),
  dimension: z.string(),
  /** Null when the edition gave no estimate (unsized); missing or mistyped, `Unreadable` (only the size says so). */
  estimatedMinutes: tolerantPart(z.number().nullable()),
});

/**
 * A ticket (spec 2.7). Only `id` and `number` are required: without them nothing about the ticket
 * can be shown or acted on. Every other named field is a `tolerantPart`: missing or mistyped, it is
 * `Unreadable` and the view says that part could not be read (docs/assumptions.md).
 */
export const ticketSchema = z.looseObject({
  id: z.string(),
  number: z.number().int(),
  origin: tolerantPart(z.enum(TICKET_ORIGINS)),
  /** Null for tickets opened through the API. */
  author: tolerantPart(personSchema.nullable()),
  /** Null on every ticket a briefing did not open. */
  briefing: tolerantPart(ticketBriefingSchema.nullable()),
  title: tolerantPart(z.string()),
  /** Empty in list reads unless `include: ['description']`. */
  description: tolerantPart(z.string()),
  /** A label that fails its schema is an `Unreadable` item; the others are kept. */
  labels: tolerantPart(tolerantArray(labelSchema)),
  status: tolerantPart(z.enum(TICKET_STATUSES)),
  statusChangedAt: tolerantPart(timestampSchema),
  assignee: tolerantPart(personSchema.nullable()),
  dueDate: tolerantPart(calendarDaySchema.nullable()),
  effort: tolerantPart(z.enum(TICKET_EFFORTS).nullable()),
  impact: tolerantPart(z.number().int().nullable()),
  commentCount: tolerantPart(z.number().int()),
  /** False for tickets a briefing opened: move those to `dismissed` instead. */
  deletable: tolerantPart(z.boolean()),
  createdAt: tolerantPart(timestampSchema),
  updatedAt: tolerantPart(timestampSchema),
  lastActivityAt: tolerantPart(timestampSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * The size of a ticket a briefing opened, as a fact (spec 2.6: `briefing.estimatedMinutes` null is
 * "unsized"): minutes, unsized, not reported (a briefing ticket whose `briefing` is null), or
 * unreadable. Null for a ticket no briefing opened. Every line that shows a briefing ticket (the
 * list, the ticket, the edition, the digest, Home) says it from this one reading.
 */
export type BriefingSize = { kind: 'minutes'; minutes: number } | { kind: 'unsized' } | { kind: 'not-reported' } | { kind: 'unreadable' };

export function briefingSizeOf(ticket: Pick<Ticket, 'briefing' | 'origin'>): BriefingSize | null {
  const { briefing } = ticket;
  if (isUnreadable(briefing)) return { kind: 'unreadable' };
  if (briefing === null || briefing === undefined) return ticket.origin === 'briefing' ? { kind: 'not-reported' } : null;
  const minutes = briefing.estimatedMinutes;
  if (isUnreadable(minutes)) return { kind: 'unreadable' };
  return minutes === null ? { kind: 'unsized' } : { kind: 'minutes', minutes };
}

/** A ticket with its briefing size read beside it (`briefingSizeOf`): what the views show a ticket from. */
export type TicketFacts = Ticket & { briefingSize: BriefingSize | null };

export function ticketFactsOf(ticket: Ticket): TicketFacts {
  return { ...ticket, briefingSize: briefingSizeOf(ticket) };
}

/**
 * `{ items, total, hasMore }`; `total` counts the columns the call covers, under the same filters.
 * A ticket that fails its schema is an `Unreadable` item; the list still reads.
 */
export const ticketListSchema = z.looseObject({
  items: tolerantArray(ticketSchema),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type TicketList = z.infer<typeof ticketListSchema>;
/** A ticket list whose readable tickets carry their facts (`ticketFactsOf`). */
export type TicketListFacts = Omit<TicketList, 'items'> & { items: (TicketFacts | Unreadable)[]; total: TicketList['total']; hasMore: TicketList['hasMore'] };

/** A comment (spec 2.8): `id` and `body` are required (the entry itself); the rest is read tolerantly. */
export const commentSchema = z.looseObject({
  id: z.string(),
  ticketId: tolerantPart(z.string()),
  /** `api` for entries written by a key; the value for a person's entry is not shown. */
  origin: tolerantPart(z.string()),
  /**
   * The spec shows `{ userId, fullName }`. An entry written by an API key has no person behind it;
   * null is accepted there, as on a ticket opened through the API (spec 2.7).
   */
  author: tolerantPart(personSchema.nullable()),
  body: z.string(),
  edited: tolerantPart(z.boolean()),
  createdAt: tolerantPart(timestampSchema),
  updatedAt: tolerantPart(timestampSchema),
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
