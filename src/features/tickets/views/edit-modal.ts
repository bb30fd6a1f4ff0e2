/**
 * The "Edit ticket" modal in its states: loading, the form (prefilled with the ticket as it was
 * read), the form again after a refusal (every value kept, the reason on top), saving, and done.
 * Assignee, effort and impact offer "none" so they can be cleared; the due date is typed
 * (`YYYY-MM-DD`, empty for none) because Slack's date picker cannot be emptied.
 */
import { TICKET_EFFORTS } from '../../../service/index.js';
import { context, escapeMrkdwn, option, section, type Block, type PlainOption } from '../../../slack/blocks/index.js';
import { BLOCK_IDS, CALLBACK_IDS } from '../../../slack/ids.js';
import { EFFORT_NAMES, IMPACT_NAMES } from '../../board/vocabulary.js';
import { LABEL_NAME_MAX } from '../../board/label-rules.js';
import { EDITABLE_DESCRIPTION_MAX, NONE, type EditDraft, type EditStart } from '../edit-draft.js';
import { LABELS_PER_TICKET_MAX } from '../../board/ticket-draft.js';
import { input, modal, select, textInput, warning, type ModalView } from '../../board/views/modal-parts.js';
import type { Choices } from '../../board/views/ticket-modal.js';

const EFFORT_OPTIONS = [option('— none', NONE), ...TICKET_EFFORTS.map((e) => option(EFFORT_NAMES[e], e))];
const IMPACT_OPTIONS = [option('— none', NONE), ...([1, 2, 3, 4] as const).map((i) => option(`${i} ${IMPACT_NAMES[i]}`, String(i)))];

export interface EditFormData {
  number: number;
  projectName: string;
  /** The values to show: the ticket's own on open, the submitted ones after a refusal. */
  values: EditStart;
  choices: Choices;
  /** May this person create a label from the form (`RADAR_ADMINS`), and is there room for one? */
  canAddLabel: boolean;
  newLabel?: string;
  /** Why the last attempt failed, or that the ticket changed meanwhile (mrkdwn, escaped). */
  notice?: string;
  privateMetadata: string;
}

/** The submitted values in the form's own shape, to show the form again unchanged. */
export function valuesOf(draft: EditDraft, start: EditStart): EditStart {
  const pick = (v: string | null | undefined) => (v === undefined ? undefined : v === NONE ? null : v);
  return {
    title: draft.title ?? start.title,
    description: draft.description ?? start.description,
    labelIds: draft.labelIds ?? start.labelIds,
    assigneeUserId: draft.assignee !== undefined ? pick(draft.assignee) : start.assigneeUserId,
    dueDate: draft.dueDate !== undefined ? draft.dueDate : start.dueDate,
    effort: draft.effort !== undefined ? pick(draft.effort) : start.effort,
    impact: draft.impact !== undefined ? (pick(draft.impact) === null ? null : Number(draft.impact)) : start.impact,
  };
}

export function editFormView(data: EditFormData): ModalView {
  const { values: v, choices } = data;
  const blocks: Block[] = [];
  if (data.notice) blocks.push(warning(data.notice));
  blocks.push(context(`Ticket #${data.number} on *${escapeMrkdwn(data.projectName)}*'s board. Only what you change is saved; the column stays as it is.`));
  const left: string[] = [];
  if (v.title !== null) blocks.push(input(BLOCK_IDS.title, 'Title', textInput(v.title)));
  else left.push('title');
  if (v.description !== null) {
    blocks.push(input(BLOCK_IDS.description, 'Description', { ...textInput(v.description, { multiline: true }), max_length: EDITABLE_DESCRIPTION_MAX }, { optional: true, hint: 'Markdown. Empty it to clear the description.' }));
  } else left.push('description (longer than a Slack form holds, or unreadable)');
  if ('labels' in choices) {
    // A value the options do not hold would read back as cleared: such a field is left out instead.
    const offered = (opts: readonly PlainOption[], id: string) => opts.some((o) => o.value === id);
    const labelsFit = v.labelIds !== null && v.labelIds.every((id) => offered(choices.labels, id));
    const assigneeFits = v.assigneeUserId === null || (v.assigneeUserId !== undefined && offered(choices.assignees, v.assigneeUserId));
    if (labelsFit && v.labelIds !== null && choices.labels.length > 0) {
      blocks.push(input(BLOCK_IDS.labels, 'Labels', select(choices.labels, v.labelIds, { max: LABELS_PER_TICKET_MAX }), { optional: true, hint: `At most ${LABELS_PER_TICKET_MAX}; remove them all to clear.` }));
    } else if (!labelsFit) left.push('labels');
    if (labelsFit && data.canAddLabel) {
      blocks.push(input(BLOCK_IDS.newLabel, 'Add a new label', textInput(data.newLabel, { placeholder: 'A new label name' }), { optional: true, hint: `Created on the project and put on this ticket; up to ${LABEL_NAME_MAX} characters, a name not already used.` }));
    }
    if (assigneeFits) {
      const members: PlainOption[] = [option('— nobody', NONE), ...choices.assignees];
      blocks.push(input(BLOCK_IDS.assignee, 'Assignee', select(members, [v.assigneeUserId ?? NONE]), { optional: true }));
    } else left.push('assignee');
  } else if ('loading' in choices) {
    blocks.push(context(':hourglass_flowing_sand: Loading the project’s labels and members…'));
  } else {
    blocks.push(context(`:warning: Labels and assignee can't be changed here now: ${choices.unavailable}`));
  }
  if (v.dueDate !== undefined) {
    blocks.push(input(BLOCK_IDS.due, 'Due date', textInput(v.dueDate ?? undefined, { placeholder: 'YYYY-MM-DD' }), { optional: true, hint: 'A day as YYYY-MM-DD; empty for no due date.' }));
  } else left.push('due date');
  if (v.effort !== undefined) blocks.push(input(BLOCK_IDS.effort, 'Effort', select(EFFORT_OPTIONS, [v.effort ?? NONE]), { optional: true }));
  else left.push('effort');
  if (v.impact !== undefined) blocks.push(input(BLOCK_IDS.impact, 'Impact', select(IMPACT_OPTIONS, [v.impact === null ? NONE : String(v.impact)]), { optional: true }));
  else left.push('impact');
  if (left.length > 0) blocks.push(context(`Not in this form, so left as they are: ${left.join(', ')}.`));
  return modal({ title: `Edit ticket #${data.number}`, callbackId: CALLBACK_IDS.ticketEditModal, submit: 'Save', privateMetadata: data.privateMetadata, blocks });
}

export function editMessageView(title: string, lines: string[]): ModalView {
  return modal({ title, close: 'Close', blocks: [section(lines.join('\n'))] });
}
