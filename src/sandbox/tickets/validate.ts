/** Parses ticket-route bodies and queries into model inputs; malformed input is 400 `invalid_parameters`. */
import { SandboxHttpError } from '../types.js';
import type { TicketListQuery } from './list.js';
import { EFFORTS, TICKET_ORIGINS, TICKET_STATUSES } from './model.js';
import type { Effort, Impact, LabelInput, MoveInput, TicketDraft, TicketOrigin, TicketPatch, TicketStatus } from './model.js';

type Fields = Record<string, unknown>;

function invalid(message: string): SandboxHttpError {
  return new SandboxHttpError(400, 'invalid_parameters', message);
}

function fields(body: unknown): Fields {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('Body must be a JSON object');
  return body as Fields;
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown, name: string): T {
  if (!allowed.includes(value as T)) throw invalid(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

function string(value: unknown, name: string): string {
  if (typeof value !== 'string') throw invalid(`${name} must be a string`);
  return value;
}

function optionalId(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  return string(value, name);
}

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Reads one nullable field: undefined when omitted, null when sent null, otherwise the parsed value. */
function nullable<T>(body: Fields, name: string, parse: (value: unknown, name: string) => T): T | null | undefined {
  const value = body[name];
  if (value === undefined || value === null) return value;
  return parse(value, name);
}

const parseLabelIds = (value: unknown, name: string): string[] => {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw invalid(`${name} must be an array of label ids`);
  return value as string[];
};
const parseAssignee = (value: unknown, name: string): string => string(value, name);
const parseDueDate = (value: unknown, name: string): string => {
  const day = string(value, name);
  if (!isCalendarDay(day)) throw invalid(`${name} must be a calendar day YYYY-MM-DD`);
  return day;
};
const parseEffort = (value: unknown, name: string): Effort => oneOf(EFFORTS, value, name);
const parseImpact = (value: unknown, name: string): Impact => {
  if (value !== 1 && value !== 2 && value !== 3 && value !== 4) throw invalid(`${name} must be an integer 1 to 4`);
  return value;
};

/** The optional fields a create and an update share. */
function editableFields(body: Fields): TicketPatch {
  const patch: TicketPatch = {};
  const labelIds = nullable(body, 'labelIds', parseLabelIds);
  const assigneeUserId = nullable(body, 'assigneeUserId', parseAssignee);
  const dueDate = nullable(body, 'dueDate', parseDueDate);
  const effort = nullable(body, 'effort', parseEffort);
  const impact = nullable(body, 'impact', parseImpact);
  if (labelIds !== undefined) patch.labelIds = labelIds;
  if (assigneeUserId !== undefined) patch.assigneeUserId = assigneeUserId;
  if (dueDate !== undefined) patch.dueDate = dueDate;
  if (effort !== undefined) patch.effort = effort;
  if (impact !== undefined) patch.impact = impact;
  if (body.description !== undefined) patch.description = body.description === null ? '' : string(body.description, 'description');
  return patch;
}

/** `POST .../tickets`: `title` and `status` required. */
export function parseCreateBody(input: unknown): TicketDraft {
  const body = fields(input);
  if (body.title === undefined) throw invalid('title is required');
  if (body.status === undefined) throw invalid('status is required');
  const { labelIds, ...rest } = editableFields(body);
  return {
    ...rest,
    labelIds: labelIds ?? [],
    title: string(body.title, 'title'),
    status: oneOf(TICKET_STATUSES, body.status, 'status'),
  };
}

const NOT_EDITABLE = ['status', 'beforeId', 'afterId', 'position'] as const;

/** `PATCH .../tickets/:id`: no column or position may be sent. */
export function parseUpdateBody(input: unknown): TicketPatch {
  const body = fields(input);
  const forbidden = NOT_EDITABLE.find((name) => body[name] !== undefined);
  if (forbidden) throw invalid(`${forbidden} cannot be changed by an update; use the move endpoint`);
  const patch = editableFields(body);
  if (body.title !== undefined) patch.title = string(body.title, 'title');
  return patch;
}

/** `PATCH .../tickets/:id/move`: `status` required, neighbours optional. */
export function parseMoveBody(input: unknown): MoveInput {
  const body = fields(input);
  if (body.status === undefined) throw invalid('status is required');
  const move: MoveInput = { status: oneOf(TICKET_STATUSES, body.status, 'status') };
  const beforeId = optionalId(body.beforeId, 'beforeId');
  const afterId = optionalId(body.afterId, 'afterId');
  if (beforeId !== undefined) move.beforeId = beforeId;
  if (afterId !== undefined) move.afterId = afterId;
  return move;
}

/** Label create and update bodies: `{ name, color }`, either or both on update. */
export function parseLabelBody(input: unknown): LabelInput {
  const body = fields(input);
  const label: LabelInput = {};
  if (body.name !== undefined) label.name = string(body.name, 'name');
  if (body.color !== undefined) label.color = string(body.color, 'color');
  return label;
}

/** Comment bodies: `{ body }`, stored exactly as sent. */
export function parseCommentBody(input: unknown): string {
  const body = fields(input);
  if (body.body === undefined) throw invalid('body is required');
  return string(body.body, 'body');
}

function listValues(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** The list query of spec 4.6, plus whether descriptions were asked for. */
export function parseListQuery(query: URLSearchParams): { filters: TicketListQuery; includeDescription: boolean } {
  const filters: TicketListQuery = { closed: oneOf(['recent', 'all'] as const, query.get('closed') ?? 'recent', 'closed') };
  const statuses = listValues(query, 'status');
  if (statuses.length > 0) filters.statuses = statuses.map((s) => oneOf<TicketStatus>(TICKET_STATUSES, s, 'status'));
  const origin = query.get('origin');
  if (origin !== null) filters.origin = oneOf<TicketOrigin>(TICKET_ORIGINS, origin, 'origin');
  for (const name of ['dimension', 'briefingRunId', 'assignee', 'labelId', 'q'] as const) {
    const value = query.get(name);
    if (value !== null && value !== '') filters[name] = value;
  }
  const number = query.get('number');
  if (number !== null) {
    const parsed = Number(number);
    if (!Number.isInteger(parsed) || parsed < 1) throw invalid('number must be an integer >= 1');
    filters.number = parsed;
  }
  const include = listValues(query, 'include');
  include.forEach((value) => oneOf(['description'] as const, value, 'include'));
  return { filters, includeDescription: include.includes('description') };
}
