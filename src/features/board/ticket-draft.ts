/**
 * The ticket form's values (what the person typed and chose), read from a submitted view's state,
 * checked against the service's limits before any call, and turned into a create body.
 */
import type { CreateTicketBody, TicketEffort, TicketImpact, TicketStatus } from '../../service/index.js';
import { TICKET_EFFORTS, TICKET_STATUSES } from '../../service/index.js';
import { BLOCK_IDS } from '../../slack/ids.js';
import { readState, type ViewState } from './view-state.js';

/** Spec 8. */
export const DESCRIPTION_MAX = 20_000;
export const LABELS_PER_TICKET_MAX = 10;

export interface TicketDraft {
  title: string;
  column: string;
  description: string;
  labelIds: string[];
  assigneeUserId: string | null;
  dueDate: string | null;
  effort: string | null;
  impact: string | null;
}

export function readTicketDraft(state: ViewState): TicketDraft {
  const read = readState(state);
  return {
    title: read.text(BLOCK_IDS.title),
    column: read.choice(BLOCK_IDS.column) ?? '',
    description: read.text(BLOCK_IDS.description),
    labelIds: read.choices(BLOCK_IDS.labels),
    assigneeUserId: read.choice(BLOCK_IDS.assignee),
    dueDate: read.date(BLOCK_IDS.due),
    effort: read.choice(BLOCK_IDS.effort),
    impact: read.choice(BLOCK_IDS.impact),
  };
}

const isStatus = (v: string): v is TicketStatus => (TICKET_STATUSES as readonly string[]).includes(v);
const isEffort = (v: string): v is TicketEffort => (TICKET_EFFORTS as readonly string[]).includes(v);
const isImpact = (v: number): v is TicketImpact => v === 1 || v === 2 || v === 3 || v === 4;

/** A calendar day that exists, as `YYYY-MM-DD`. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** One sentence per field that breaks a rule, keyed by block id (Slack shows them under the fields). */
export function ticketDraftErrors(draft: TicketDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (draft.title.trim() === '') errors[BLOCK_IDS.title] = 'A ticket needs a title.';
  if (!isStatus(draft.column)) errors[BLOCK_IDS.column] = 'Choose the column the ticket starts in.';
  if (draft.description.length > DESCRIPTION_MAX) {
    errors[BLOCK_IDS.description] = `The description is ${draft.description.length.toLocaleString('en')} characters; the board takes at most ${DESCRIPTION_MAX.toLocaleString('en')}.`;
  }
  if (draft.labelIds.length > LABELS_PER_TICKET_MAX) errors[BLOCK_IDS.labels] = `A ticket carries at most ${LABELS_PER_TICKET_MAX} labels; ${draft.labelIds.length} are chosen.`;
  if (draft.dueDate !== null && !isCalendarDay(draft.dueDate)) errors[BLOCK_IDS.due] = 'The due date must be a day, as YYYY-MM-DD.';
  if (draft.effort !== null && !isEffort(draft.effort)) errors[BLOCK_IDS.effort] = 'Effort is low, medium or high.';
  if (draft.impact !== null && !isImpact(Number(draft.impact))) errors[BLOCK_IDS.impact] = 'Impact is 1 Minor to 4 Critical.';
  return errors;
}

/** The create body of a draft that passed `ticketDraftErrors`. */
export function createBody(draft: TicketDraft, description: string): CreateTicketBody {
  const impact = Number(draft.impact);
  return {
    title: draft.title.trim(),
    status: draft.column as TicketStatus,
    ...(description !== '' ? { description } : {}),
    ...(draft.labelIds.length ? { labelIds: draft.labelIds } : {}),
    ...(draft.assigneeUserId ? { assigneeUserId: draft.assigneeUserId } : {}),
    ...(draft.dueDate ? { dueDate: draft.dueDate } : {}),
    ...(draft.effort && isEffort(draft.effort) ? { effort: draft.effort } : {}),
    ...(isImpact(impact) ? { impact } : {}),
  };
}
