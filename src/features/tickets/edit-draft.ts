/**
 * The ticket edit form: what it started from (sealed into the modal's `private_metadata`), what the
 * person submitted, the checks before sending (spec 8), and the update body, which carries only what
 * changed (spec 4.6: omitted leaves a field, a value replaces it, null clears it; an emptied
 * description is sent as ""; labels replace the list). No column or place is ever sent.
 *
 * Fields the ticket read could not give (unreadable) are not in the form, so they are never sent; a
 * description longer than one Slack input (3,000 characters) is left out of the form the same way.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod';
import type { RadarDeps } from '../../deps.js';
import type { Ticket, TicketEffort, TicketImpact, UpdateTicketBody } from '../../service/index.js';
import { TICKET_EFFORTS } from '../../service/index.js';
import { isUnreadable, readable } from '../../service/tolerant.js';
import { LIMITS, truncate } from '../../slack/blocks/index.js';
import { BLOCK_IDS } from '../../slack/ids.js';
import { DESCRIPTION_MAX, LABELS_PER_TICKET_MAX, isCalendarDay } from '../board/ticket-draft.js';
import { readState, type ViewState } from '../board/view-state.js';

/** The longest title or description the form can hold: one Slack text input. */
export const EDITABLE_DESCRIPTION_MAX = 3000;
/** The option value meaning "none" in the assignee, effort and impact selects (clears the field). */
export const NONE = 'none';

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16);

/** What the form started from; a field absent here was not in the form. */
const originalSchema = z.object({
  /** Hashes of the title and description (they may be long); the rest as values. */
  th: z.string().optional(),
  dh: z.string().optional(),
  l: z.array(z.string()).optional(),
  a: z.string().nullable().optional(),
  d: z.string().nullable().optional(),
  e: z.string().nullable().optional(),
  i: z.number().nullable().optional(),
});
export type EditOriginal = z.infer<typeof originalSchema>;

const editContextSchema = z.object({
  kind: z.literal('ticket-edit'),
  projectId: z.string(),
  projectName: z.string(),
  channelId: z.string(),
  ticketId: z.string(),
  number: z.number(),
  /** The ticket's `updatedAt` when the form opened (null when unreadable): a later one means someone else saved meanwhile. */
  updatedAt: z.string().nullable(),
  openedBy: z.string(),
  explicit: z.boolean(),
  /** Where the ticket message is, to draw it again after the save. */
  responseUrl: z.string().optional(),
  original: originalSchema,
});
export type EditContext = z.infer<typeof editContextSchema>;

/** Modals are in no channel: sealed to the team, the channel inside the seal. */
const scopeOf = (team: string) => ({ channel: '', team });

export function encodeEditContext(deps: Pick<RadarDeps, 'seals'>, team: string, ctx: EditContext): string {
  return deps.seals.seal({ ...ctx, projectName: truncate(ctx.projectName, 200) }, scopeOf(team), LIMITS.privateMetadata);
}

export function decodeEditContext(deps: Pick<RadarDeps, 'seals'>, team: string, privateMetadata: string | undefined): EditContext | null {
  const parsed = editContextSchema.safeParse(deps.seals.unseal(privateMetadata, scopeOf(team)));
  return parsed.success ? parsed.data : null;
}

/** The form's starting values, as the form shows them (null: not in the form). */
export interface EditStart {
  title: string | null;
  description: string | null;
  labelIds: string[] | null;
  assigneeUserId: string | null | undefined;
  dueDate: string | null | undefined;
  effort: string | null | undefined;
  impact: number | null | undefined;
}

/** What the form can offer of `ticket`: `undefined` for an optional field it cannot show, null for a cleared one. */
export function editStart(ticket: Ticket): EditStart {
  const { title, description, labels, assignee, dueDate, effort, impact } = ticket;
  return {
    title: isUnreadable(title) || title.length > EDITABLE_DESCRIPTION_MAX ? null : title,
    description: isUnreadable(description) || description.length > EDITABLE_DESCRIPTION_MAX ? null : description,
    labelIds: isUnreadable(labels) || labels.some(isUnreadable) ? null : readable(labels).map((l) => l.id),
    assigneeUserId: isUnreadable(assignee) ? undefined : (assignee?.userId ?? null),
    dueDate: isUnreadable(dueDate) ? undefined : dueDate,
    effort: isUnreadable(effort) ? undefined : effort,
    impact: isUnreadable(impact) ? undefined : impact,
  };
}

export function originalOf(start: EditStart): EditOriginal {
  return {
    ...(start.title !== null ? { th: digest(start.title.trim()) } : {}),
    ...(start.description !== null ? { dh: digest(start.description) } : {}),
    ...(start.labelIds !== null ? { l: start.labelIds } : {}),
    ...(start.assigneeUserId !== undefined ? { a: start.assigneeUserId } : {}),
    ...(start.dueDate !== undefined ? { d: start.dueDate } : {}),
    ...(start.effort !== undefined ? { e: start.effort } : {}),
    ...(start.impact !== undefined ? { i: start.impact } : {}),
  };
}

/** What the person submitted; a field not in the form reads as undefined. */
export interface EditDraft {
  title?: string;
  description?: string;
  labelIds?: string[];
  assignee?: string | null;
  dueDate?: string;
  effort?: string | null;
  impact?: string | null;
  /** A label to create and put on the ticket ("add a label"), as typed. */
  newLabel?: string;
}

export function readEditDraft(state: ViewState): EditDraft {
  const read = readState(state);
  const has = (id: string) => state[id] !== undefined;
  const draft: EditDraft = {};
  if (has(BLOCK_IDS.title)) draft.title = read.text(BLOCK_IDS.title);
  if (has(BLOCK_IDS.description)) draft.description = read.text(BLOCK_IDS.description);
  if (has(BLOCK_IDS.labels)) draft.labelIds = read.choices(BLOCK_IDS.labels);
  if (has(BLOCK_IDS.assignee)) draft.assignee = read.choice(BLOCK_IDS.assignee);
  if (has(BLOCK_IDS.due)) draft.dueDate = read.text(BLOCK_IDS.due);
  if (has(BLOCK_IDS.effort)) draft.effort = read.choice(BLOCK_IDS.effort);
  if (has(BLOCK_IDS.impact)) draft.impact = read.choice(BLOCK_IDS.impact);
  if (has(BLOCK_IDS.newLabel)) draft.newLabel = read.text(BLOCK_IDS.newLabel);
  return draft;
}

const isEffort = (v: string): v is TicketEffort => (TICKET_EFFORTS as readonly string[]).includes(v);
const impactOf = (v: string | null | undefined): TicketImpact | null | 'bad' => {
  if (v === null || v === undefined || v === NONE) return null;
  const n = Number(v);
  return n === 1 || n === 2 || n === 3 || n === 4 ? n : 'bad';
};

/** One sentence per field that breaks a rule, keyed by block id (shown under the field, the input kept). */
export function editDraftErrors(draft: EditDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (draft.title !== undefined && draft.title.trim() === '') errors[BLOCK_IDS.title] = 'A ticket needs a title.';
  if (draft.description !== undefined && draft.description.length > DESCRIPTION_MAX) {
    errors[BLOCK_IDS.description] = `The description is ${draft.description.length.toLocaleString('en')} characters; the board takes at most ${DESCRIPTION_MAX.toLocaleString('en')}.`;
  }
  if (draft.labelIds !== undefined) {
    const count = draft.labelIds.length + (draft.newLabel?.trim() ? 1 : 0);
    if (count > LABELS_PER_TICKET_MAX) errors[BLOCK_IDS.labels] = `A ticket carries at most ${LABELS_PER_TICKET_MAX} labels; ${count} are chosen.`;
    else if (new Set(draft.labelIds).size !== draft.labelIds.length) errors[BLOCK_IDS.labels] = 'Each label can be on a ticket once.';
  }
  const due = draft.dueDate?.trim();
  if (due && !isCalendarDay(due)) errors[BLOCK_IDS.due] = 'The due date is a day written YYYY-MM-DD (like 2026-05-01); leave it empty for none.';
  if (draft.effort !== undefined && draft.effort !== null && draft.effort !== NONE && !isEffort(draft.effort)) errors[BLOCK_IDS.effort] = 'Effort is low, medium or high.';
  if (impactOf(draft.impact) === 'bad') errors[BLOCK_IDS.impact] = 'Impact is 1 Minor to 4 Critical.';
  return errors;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The update body: only the fields whose submitted value differs from where the form started.
 * `extraLabelId` is a label created from "add a label", put on the ticket too.
 */
export function updateBody(draft: EditDraft, original: EditOriginal, extraLabelId?: string): UpdateTicketBody {
  const body: UpdateTicketBody = {};
  if (draft.title !== undefined && original.th !== undefined && digest(draft.title.trim()) !== original.th) body.title = draft.title.trim();
  if (draft.description !== undefined && original.dh !== undefined && digest(draft.description) !== original.dh) body.description = draft.description;
  // A project without labels shows no picker: a label added from the form joins the ticket's (empty) list.
  const picked = draft.labelIds ?? (extraLabelId !== undefined ? original.l : undefined);
  if (picked !== undefined && original.l !== undefined) {
    const chosen = extraLabelId && !picked.includes(extraLabelId) ? [...picked, extraLabelId] : picked;
    if (!sameSet(chosen, original.l)) body.labelIds = chosen;
  }
  if (draft.assignee !== undefined && original.a !== undefined) {
    const chosen = draft.assignee === null || draft.assignee === NONE ? null : draft.assignee;
    if (chosen !== original.a) body.assigneeUserId = chosen;
  }
  if (draft.dueDate !== undefined && original.d !== undefined) {
    const chosen = draft.dueDate.trim() === '' ? null : draft.dueDate.trim();
    if (chosen !== original.d) body.dueDate = chosen;
  }
  if (draft.effort !== undefined && original.e !== undefined) {
    const chosen = draft.effort === null || draft.effort === NONE || !isEffort(draft.effort) ? null : draft.effort;
    if (chosen !== original.e) body.effort = chosen;
  }
  if (draft.impact !== undefined && original.i !== undefined) {
    const chosen = impactOf(draft.impact);
    if (chosen !== 'bad' && chosen !== original.i) body.impact = chosen;
  }
  return body;
}

const FIELD_NAMES: Record<keyof UpdateTicketBody, string> = {
  title: 'title',
  description: 'description',
  labelIds: 'labels',
  assigneeUserId: 'assignee',
  dueDate: 'due date',
  effort: 'effort',
  impact: 'impact',
};

/** "title, due date": what an update body changes, in words. */
export function changedFields(body: UpdateTicketBody): string {
  return (Object.keys(body) as (keyof UpdateTicketBody)[]).map((k) => FIELD_NAMES[k]).join(', ');
}
