/**
 * The ticket endpoints' queries, bodies and answers in zod (spec 2.7, 2.8, 4.6): the core validates
 * requests with them and checks answers against them, and the served OpenAPI document is generated
 * from them. The finer rules (limits, label ids, calendar days) stay in `validate.ts` and the board.
 */
import * as z from 'zod';
import { calendarDay, deleteResultSchema, intQuery, itemOf, itemsOf, timestamp } from '../docs/schemas.js';
import { EFFORTS, TICKET_ORIGINS, TICKET_STATUSES } from './model.js';

const person = z.object({ userId: z.string(), fullName: z.string() });
const status = z.enum(TICKET_STATUSES);
const effort = z.enum(EFFORTS);
const impact = z.number().int().min(1).max(4);

export const labelSchema = z.object({ id: z.string(), name: z.string(), color: z.string().meta({ description: '#rrggbb, lower-case' }) });

export const ticketSchema = z.object({
  id: z.string(),
  number: z.number().int().min(1),
  origin: z.enum(TICKET_ORIGINS),
  author: person.nullable(),
  briefing: z.object({ runId: z.string(), dimension: z.string(), estimatedMinutes: z.number().nullable() }).nullable(),
  title: z.string(),
  description: z.string().meta({ description: 'Markdown; empty in list reads unless include=description.' }),
  labels: z.array(labelSchema),
  status,
  statusChangedAt: timestamp,
  assignee: person.nullable(),
  dueDate: calendarDay.nullable(),
  effort: effort.nullable(),
  impact: impact.nullable(),
  commentCount: z.number().int(),
  deletable: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  lastActivityAt: timestamp,
});

export const commentSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  origin: z.string(),
  author: person.nullable(),
  body: z.string(),
  edited: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const ticketItem = itemOf(ticketSchema);
export const commentItem = itemOf(commentSchema);
export const labelItems = itemsOf(labelSchema);
export const commentItems = itemsOf(commentSchema);
export const assigneeItems = itemsOf(person);
export const ticketList = z.object({ items: z.array(ticketSchema), total: z.number().int(), hasMore: z.boolean() });
export { deleteResultSchema };

export const listQuery = z.object({
  status: z.string().optional().meta({ description: `Comma-separated columns: ${TICKET_STATUSES.join(', ')}.` }),
  closed: z.enum(['recent', 'all']).optional(),
  origin: z.enum(TICKET_ORIGINS).optional(),
  dimension: z.string().optional(),
  briefingRunId: z.string().optional(),
  assignee: z.string().optional().meta({ description: 'A user id, or none.' }),
  labelId: z.string().optional(),
  number: intQuery(1).optional(),
  q: z.string().optional(),
  include: z.string().optional().meta({ description: 'Comma-separated; description returns description bodies.' }),
});

const editable = {
  description: z.string().nullable().optional(),
  labelIds: z.array(z.string()).nullable().optional(),
  assigneeUserId: z.string().nullable().optional(),
  dueDate: calendarDay.nullable().optional(),
  effort: effort.nullable().optional(),
  impact: impact.nullable().optional(),
};

export const createBody = z.object({ title: z.string(), status, ...editable });
export const updateBody = z.object({ title: z.string().optional(), ...editable });
export const moveBody = z.object({ status, beforeId: z.string().nullable().optional(), afterId: z.string().nullable().optional() });
export const labelBody = z.object({ name: z.string().optional(), color: z.string().optional() });
export const commentBody = z.object({ body: z.string() });
