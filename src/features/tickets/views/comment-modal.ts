/** The "Add to a ticket" modal: a ticket picker that searches as the person types, and the comment body. */
import { LIMITS, context, escapeMrkdwn, option, plainText, section, truncate, type Block } from '../../../slack/blocks/index.js';
import { ACTION_IDS, BLOCK_IDS, CALLBACK_IDS } from '../../../slack/ids.js';
import { input, modal, textInput, warning, type ModalView } from '../../board/views/modal-parts.js';

/** A ticket as the picker lists it: "#12 Title". */
export function ticketOption(ticket: { id: string; number: number; title: string }) {
  return option(`#${ticket.number} ${ticket.title}`, ticket.id);
}

export interface CommentFormData {
  projectName: string;
  /** The ticket chosen before (kept after a failure), as the picker showed it. */
  ticket: { value: string; text: string } | null;
  body: string;
  failure?: string;
  privateMetadata: string;
}

export function commentFormView(data: CommentFormData): ModalView {
  const blocks: Block[] = [];
  if (data.failure) blocks.push(warning(`${data.failure} Your input is kept below; submit again to retry.`));
  blocks.push(context(`Add this message as a comment to a ticket on *${escapeMrkdwn(data.projectName)}*'s board`));
  const initial = data.ticket ? { initial_option: option(data.ticket.text, data.ticket.value) } : {};
  blocks.push(
    input(
      BLOCK_IDS.ticket,
      'Ticket',
      { type: 'external_select', min_query_length: 1, placeholder: plainText('Type a ticket number or words of its title', LIMITS.placeholder), ...initial },
      { actionId: ACTION_IDS.ticketPicker },
    ),
    input(BLOCK_IDS.body, 'Comment', textInput(data.body, { multiline: true }), { hint: 'Markdown; up to 20,000 characters.' }),
  );
  return modal({ title: 'Add to a ticket', callbackId: CALLBACK_IDS.commentModal, submit: 'Add comment', privateMetadata: data.privateMetadata, blocks });
}

export function commentAddingView(ticketText: string, body: string): ModalView {
  return modal({
    title: 'Adding the comment',
    close: 'Close',
    blocks: [
      section(`:hourglass_flowing_sand: Adding the comment to *${escapeMrkdwn(ticketText)}*…`),
      section(escapeMrkdwn(truncate(body, LIMITS.sectionText - 100))),
    ],
  });
}

export function commentAddedView(projectName: string, ticket: { number: number; title: string }, threadNote: string): ModalView {
  return modal({
    title: 'Comment added',
    close: 'Done',
    blocks: [section(`:white_check_mark: The comment is on *#${ticket.number} ${escapeMrkdwn(ticket.title)}* (${escapeMrkdwn(projectName)}).`), context(threadNote)],
  });
}
