/**
 * The "Turn into a ticket" modal in its states: the form (while choices load, once they are in, or
 * after a failure with the reason), "Creating…" while the service works, and the confirmation.
 */
import { TICKET_EFFORTS, TICKET_STATUSES } from '../../../service/index.js';
import { LIMITS, context, escapeMrkdwn, option, section, truncate, type Block, type PlainOption } from '../../../slack/blocks/index.js';
import { BLOCK_IDS, CALLBACK_IDS } from '../../../slack/ids.js';
import { COLUMN_NAMES, EFFORT_NAMES, IMPACT_NAMES, columnName } from '../vocabulary.js';
import { LABELS_PER_TICKET_MAX, type TicketDraft } from '../ticket-draft.js';
import { LABEL_NAME_MAX } from '../label-rules.js';
import { input, modal, select, textInput, warning, type ModalView } from './modal-parts.js';

/** The project's labels and members as select options; a string says why they are missing. */
export type Choices = { labels: PlainOption[]; assignees: PlainOption[] } | { loading: true } | { unavailable: string };

export interface TicketFormData {
  projectName: string;
  draft: TicketDraft;
  choices: Choices;
  /** Why the last attempt failed (mrkdwn, escaped); the form is shown again with every value kept. */
  failure?: string;
  privateMetadata: string;
  /** Offer "Add a new label" (admins, while the project has room; `inline-label.ts`), prefilled with `newLabel`. */
  canAddLabel?: boolean;
  newLabel?: string;
}

const COLUMN_OPTIONS = TICKET_STATUSES.map((s) => option(COLUMN_NAMES[s], s));
const EFFORT_OPTIONS = TICKET_EFFORTS.map((e) => option(EFFORT_NAMES[e], e));
const IMPACT_OPTIONS = ([1, 2, 3, 4] as const).map((i) => option(`${i} ${IMPACT_NAMES[i]}`, String(i)));

export function ticketFormView(data: TicketFormData): ModalView {
  const { draft, choices } = data;
  const blocks: Block[] = [];
  if (data.failure) blocks.push(warning(`${data.failure} Your input is kept below; submit again to retry.`));
  blocks.push(context(`New ticket on *${escapeMrkdwn(data.projectName)}*'s board`));
  blocks.push(
    input(BLOCK_IDS.title, 'Title', textInput(draft.title)),
    input(BLOCK_IDS.column, 'Column', select(COLUMN_OPTIONS, [draft.column])),
    input(BLOCK_IDS.description, 'Description', textInput(draft.description, { multiline: true }), { optional: true, hint: 'Markdown; up to 20,000 characters.' }),
  );
  if ('labels' in choices) {
    if (choices.labels.length > 0) {
      blocks.push(input(BLOCK_IDS.labels, 'Labels', select(choices.labels, draft.labelIds, { max: LABELS_PER_TICKET_MAX }), { optional: true }));
    }
    if (data.canAddLabel) {
      blocks.push(input(BLOCK_IDS.newLabel, 'Add a new label', textInput(data.newLabel, { placeholder: 'A new label name' }), { optional: true, hint: `Created on the project and put on this ticket; up to ${LABEL_NAME_MAX} characters, a name not already used.` }));
    }
    if (choices.assignees.length > 0) {
      blocks.push(input(BLOCK_IDS.assignee, 'Assignee', select(choices.assignees, [draft.assigneeUserId]), { optional: true }));
    }
  } else if ('loading' in choices) {
    blocks.push(context(':hourglass_flowing_sand: Loading the project’s labels and members…'));
  } else {
    blocks.push(context(`:warning: Labels and assignees could not be loaded: ${choices.unavailable} The ticket can still be created without them.`));
  }
  blocks.push(
    input(BLOCK_IDS.due, 'Due date', { type: 'datepicker', ...(draft.dueDate ? { initial_date: draft.dueDate } : {}) }, { optional: true }),
    input(BLOCK_IDS.effort, 'Effort', select(EFFORT_OPTIONS, [draft.effort]), { optional: true }),
    input(BLOCK_IDS.impact, 'Impact', select(IMPACT_OPTIONS, [draft.impact]), { optional: true }),
  );
  return modal({ title: 'Turn into a ticket', callbackId: CALLBACK_IDS.ticketModal, submit: 'Create ticket', privateMetadata: data.privateMetadata, blocks });
}

/** Shown from the moment of submit until the service answers; it carries the values as text. */
export function ticketCreatingView(projectName: string, draft: TicketDraft): ModalView {
  const description = draft.description.trim() === '' ? '_No description._' : escapeMrkdwn(truncate(draft.description, LIMITS.sectionText - 100));
  return modal({
    title: 'Creating the ticket',
    close: 'Close',
    blocks: [
      section(`:hourglass_flowing_sand: Creating *${escapeMrkdwn(draft.title.trim())}* in ${columnName(draft.column)} on *${escapeMrkdwn(projectName)}*…`),
      section(description),
      context('This takes a moment; if the service refuses, the form comes back with your input.'),
    ],
  });
}

export interface CreatedTicket {
  number: number;
  title: string;
  status: string;
}

/** The confirmation; `threadNote` says whether the message's thread got its reply. */
export function ticketCreatedView(projectName: string, ticket: CreatedTicket, threadNote: string): ModalView {
  return modal({
    title: 'Ticket created',
    close: 'Done',
    blocks: [
      section(`:white_check_mark: *#${ticket.number} ${escapeMrkdwn(ticket.title)}* is on *${escapeMrkdwn(projectName)}*'s board, in ${columnName(ticket.status)}.`),
      context(threadNote),
    ],
  });
}
