/**
 * Submitting the ticket modal. Fields are checked before any call (errors shown on the fields);
 * then the view id is claimed (a double submit creates one ticket), the modal turns to "Creating…"
 * with the values, and the service is called. Success: confirmation in the modal and a reply in the
 * message's thread. Failure: the form comes back with every value and the reason; after a failure
 * that may have created the ticket anyway, Radar looks for it on the board first.
 */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { CreateTicketBody, ServiceClient, Ticket } from '../../service/index.js';
import { readableOr } from '../../service/tolerant.js';
import { plainTitle } from '../board/views/ticket-format.js';
import { escapeMrkdwn, option, type PlainOption } from '../../slack/blocks/index.js';
import { logFailure } from '../../slack/log-failure.js';
import { BLOCK_IDS } from '../../slack/ids.js';
import type { SubmissionsRepo } from '../../store/submissions.js';
import { quoted, replyInThread, showInModal } from './deliver.js';
import { findCreatedTicket } from './find-created.js';
import { threadOf } from './locate-message.js';
import { followedElsewhere, linkTicketThread, watchMetadata, watchSourceOf } from '../living/link.js';
import { createLivingContext } from '../living/show.js';
import { stateOf, ticketMetadata } from '../living/ticket-state.js';
import { confirmationMessage, followedSentence } from '../living/views/ticket-status.js';
import { withPermalink } from './message-source.js';
import { checkedContext, type ModalContext } from '../board/modal-context.js';
import { LABELS_PER_TICKET_MAX, createBody, readTicketDraft, ticketDraftErrors } from '../board/ticket-draft.js';
import { optionsIn, readState, type ViewState } from '../board/view-state.js';
import { createInlineLabel, newLabelError, offeredLabels } from './inline-label.js';
import { labelRefusal } from '../board/label-rules.js';
import { columnName } from '../board/vocabulary.js';
import { mayHaveWritten, writeFailureSentence } from './write-failure.js';
import { ticketCreatedView, ticketCreatingView, ticketFormView, type Choices } from '../board/views/ticket-modal.js';
import { modal, warning } from '../board/views/modal-parts.js';

export function ticketSubmit(deps: RadarDeps, submissions: SubmissionsRepo) {
  return async ({ ack, body, view, client }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs): Promise<void> => {
    // The modal's context is sealed: another project, channel or person's modal is refused, nothing written.
    const checked = await checkedContext(deps, { team: body.team?.id ?? body.user.team_id ?? '', userId: body.user.id }, view.private_metadata);
    if ('refusal' in checked) {
      deps.logger.info('refused a ticket submission', { user: body.user.id });
      await ack({ response_action: 'update', view: modal({ title: 'Radar', close: 'Close', blocks: [warning(checked.refusal)] }) });
      return;
    }
    const { ctx } = checked;
    const draft = readTicketDraft(view.state.values as ViewState);
    const errors = ticketDraftErrors(draft);
    const offered = offeredLabels(view.blocks);
    const newLabel = readState(view.state.values as ViewState).text(BLOCK_IDS.newLabel).trim();
    if (newLabel !== '') {
      const problem = newLabelError(deps, body.user.id, newLabel, offered);
      if (problem) errors[BLOCK_IDS.newLabel] = problem;
      else if (draft.labelIds.length + 1 > LABELS_PER_TICKET_MAX) errors[BLOCK_IDS.labels] = `A ticket carries at most ${LABELS_PER_TICKET_MAX} labels, the new one included.`;
    }
    if (Object.keys(errors).length > 0) {
      await ack({ response_action: 'errors', errors });
      return;
    }

    const claim = await submissions.claim(view.id, deps.now());
    if (!claim.claimed) {
      // A second submit of the same modal: show where the first one is, never create again.
      const existing = claim.existing;
      await ack({
        response_action: 'update',
        view:
          existing.state === 'done'
            ? ticketCreatedView(ctx.projectName, { number: existing.result.ticketNumber, title: existing.result.ticketTitle, status: draft.column }, 'Submitted twice: one ticket was created.')
            : ticketCreatingView(ctx.projectName, draft),
      });
      return;
    }
    await ack({ response_action: 'update', view: ticketCreatingView(ctx.projectName, draft) });

    const request = createBody(draft, withPermalink(draft.description, ctx.permalink));
    const target = { viewId: view.id, channelId: ctx.channelId, userId: body.user.id };
    // A label added from the form is created first; if the ticket then fails, the form comes back with it chosen.
    let added: PlainOption | null = null;
    try {
      if (newLabel !== '') {
        const id = await createInlineLabel(deps.service, ctx.projectId, newLabel, offered.length);
        if (id !== undefined) {
          added = option(newLabel, id);
          request.labelIds = [...(request.labelIds ?? []), id];
        }
      }
      const ticket = await createOnce(deps.service, ctx, request);
      await submissions.complete(view.id, { ticketId: ticket.id, ticketNumber: ticket.number, ticketTitle: plainTitle(ticket) });
      // A watch message the ticket is made from shows the ticket from now on; so does the confirmation (issue 30).
      const living = createLivingContext(deps, client);
      const source = await watchSourceOf(living, ctx);
      const teamId = body.team?.id ?? body.user.team_id ?? '';
      // The first ticket linked stays the thread's: a later one says which ticket the thread follows.
      const followed = await followedElsewhere(living, { teamId, channelId: ctx.channelId, threadTs: threadOf(ctx) }, { projectId: ctx.projectId, ticketId: ticket.id });
      const made = `<@${body.user.id}> turned this message into ticket *#${ticket.number} ${escapeMrkdwn(plainTitle(ticket))}* on *${escapeMrkdwn(ctx.projectName)}* (${columnName(readableOr(ticket.status, request.status))}).`;
      const line = followed ? `${made} ${followedSentence(followed)}` : made;
      const state = stateOf(ticket) ?? { status: readableOr(ticket.status, request.status), assignee: null };
      const shown = { ticketId: ticket.id, ticketNumber: ticket.number, title: plainTitle(ticket) };
      const reply = await replyInThread(client, deps.logger, ctx, line, {
        ...(followed ? {} : confirmationMessage(line, shown, state)),
        metadata: ticketMetadata({ projectId: ctx.projectId, ticketId: ticket.id, ...watchMetadata(source) }),
      });
      const note = reply.note;
      if (!followed) {
        await linkTicketThread(living, {
          teamId,
          channelId: ctx.channelId,
          threadTs: threadOf(ctx),
          watchTs: source ? ctx.messageTs : null,
          confirmation: reply.ts ? { ts: reply.ts, text: line } : null,
          ticket: { projectId: ctx.projectId, ...shown },
          state,
        });
      }
      await showInModal(client, deps.logger, target, ticketCreatedView(ctx.projectName, { number: ticket.number, title: plainTitle(ticket), status: readableOr(ticket.status, request.status) }, note), `Ticket #${ticket.number} was created.`);
    } catch (error) {
      await submissions.release(view.id);
      logFailure(deps.logger, 'ticket create failed', error, { project: ctx.projectId });
      const failure = (newLabel !== '' && added === null ? labelRefusal(error, true) : null) ?? writeFailureSentence(error, 'ticket', ctx.projectName);
      const choices = choicesOf(view.blocks);
      const kept = added ? { ...draft, labelIds: [...draft.labelIds, added.value ?? ''] } : draft;
      const form = ticketFormView({
        projectName: ctx.projectName,
        draft: kept,
        choices: added ? { ...choices, labels: [...choices.labels, added] } : choices,
        failure,
        privateMetadata: view.private_metadata,
        canAddLabel: optionsIn(view.blocks, BLOCK_IDS.newLabel) !== null,
        newLabel: added ? '' : newLabel,
      });
      await showInModal(client, deps.logger, target, form, `:warning: ${failure}${quoted('Title', draft.title)}${quoted('Description', draft.description)}`);
    }
  };
}

/** Creates the ticket; after a failure that may have created it anyway, finds it instead of failing. */
async function createOnce(service: ServiceClient, ctx: ModalContext, request: CreateTicketBody): Promise<Ticket> {
  try {
    return await service.createTicket(ctx.projectId, request);
  } catch (error) {
    if (!mayHaveWritten(error)) throw error;
    const found = await findCreatedTicket(service, ctx.projectId, request, ctx.permalink).catch(() => null);
    if (found) return found;
    throw error;
  }
}

/** The label and member options the submitted form offered, so the form comes back unchanged. */
function choicesOf(blocks: readonly unknown[]): Extract<Choices, { labels: unknown }> {
  return { labels: optionsIn(blocks, BLOCK_IDS.labels) ?? [], assignees: optionsIn(blocks, BLOCK_IDS.assignee) ?? [] };
}

