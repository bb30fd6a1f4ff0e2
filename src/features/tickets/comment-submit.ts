/**
 * Submitting the "Add to a ticket" modal: checked first (a ticket chosen, a body within 20,000
 * characters), the view id claimed (one comment per modal), the thread's 500-comment cap checked,
 * then the comment written. The same no-loss rules as the ticket modal: the form comes back with
 * the input and the reason, and after a failure that may have written the comment Radar looks first.
 */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { Comment, ServiceClient } from '../../service/index.js';
import { plainTitle } from '../board/views/ticket-format.js';
import { escapeMrkdwn } from '../../slack/blocks/index.js';
import { UserError } from '../../slack/error-text.js';
import { logFailure } from '../../slack/log-failure.js';
import { ACTION_IDS, BLOCK_IDS } from '../../slack/ids.js';
import type { SubmissionsRepo } from '../../store/submissions.js';
import { quoted, replyInThread, showInModal } from './deliver.js';
import { findCreatedComment } from './find-created.js';
import { followedElsewhere, linkTicketThread, watchMetadata, watchSourceOf } from '../living/link.js';
import { createLivingContext } from '../living/show.js';
import { stateOf, ticketMetadata } from '../living/ticket-state.js';
import { confirmationMessage, followedSentence } from '../living/views/ticket-status.js';
import { threadOf } from './locate-message.js';
import { withPermalink } from './message-source.js';
import { checkedContext } from '../board/modal-context.js';
import { isPickerHint } from './ticket-picker.js';
import { DESCRIPTION_MAX } from '../board/ticket-draft.js';
import { readState, type ViewState } from '../board/view-state.js';
import { COMMENTS_PER_THREAD_MAX, THREAD_FULL, mayHaveWritten, writeFailureSentence } from './write-failure.js';
import { commentAddedView, commentAddingView, commentFormView } from './views/comment-modal.js';
import { modal, warning } from '../board/views/modal-parts.js';
import type { TicketTeller } from './tell-people.js';

/** Spec 8: a comment body holds at most as much as a description. */
const COMMENT_MAX = DESCRIPTION_MAX;

export function commentSubmit(deps: RadarDeps, submissions: SubmissionsRepo, teller?: TicketTeller) {
  return async ({ ack, body, view, client }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs): Promise<void> => {
    // The modal's context is sealed: another project, channel or person's modal is refused, nothing written.
    const checked = await checkedContext(deps, { team: body.team?.id ?? body.user.team_id ?? '', userId: body.user.id }, view.private_metadata);
    if ('refusal' in checked) {
      deps.logger.info('refused a comment submission', { user: body.user.id });
      await ack({ response_action: 'update', view: modal({ title: 'Radar', close: 'Close', blocks: [warning(checked.refusal)] }) });
      return;
    }
    const { ctx } = checked;
    const read = readState(view.state.values as ViewState);
    const picked = read.option(BLOCK_IDS.ticket, ACTION_IDS.ticketPicker);
    const ticket = picked && !isPickerHint(picked.value) ? picked : null;
    const text = read.text(BLOCK_IDS.body);

    const errors: Record<string, string> = {};
    if (!ticket) errors[BLOCK_IDS.ticket] = 'Choose the ticket the comment goes on.';
    if (text.trim() === '') errors[BLOCK_IDS.body] = 'The comment needs some text.';
    else if (text.length > COMMENT_MAX) errors[BLOCK_IDS.body] = `The comment is ${text.length.toLocaleString('en')} characters; a comment holds at most ${COMMENT_MAX.toLocaleString('en')}.`;
    if (!ticket || Object.keys(errors).length > 0) {
      await ack({ response_action: 'errors', errors });
      return;
    }

    const claim = await submissions.claim(view.id, deps.now());
    if (!claim.claimed) {
      const existing = claim.existing;
      await ack({
        response_action: 'update',
        view:
          existing.state === 'done'
            ? commentAddedView(ctx.projectName, { number: existing.result.ticketNumber, title: existing.result.ticketTitle }, 'Submitted twice: one comment was added.')
            : commentAddingView(ticket.text, text),
      });
      return;
    }
    await ack({ response_action: 'update', view: commentAddingView(ticket.text, text) });

    const target = { viewId: view.id, channelId: ctx.channelId, userId: body.user.id };
    try {
      const onTicket = await deps.service.getTicket(ctx.projectId, ticket.value);
      if (typeof onTicket.commentCount === 'number' && onTicket.commentCount >= COMMENTS_PER_THREAD_MAX) throw new UserError(THREAD_FULL);
      const comment = await addOnce(deps.service, ctx.projectId, onTicket.id, withPermalink(text, ctx.permalink));
      await submissions.complete(view.id, { ticketId: onTicket.id, ticketNumber: onTicket.number, ticketTitle: plainTitle(onTicket), commentId: comment.id });
      await teller?.commented(body.team?.id ?? body.user.team_id ?? '', body.user.id, ctx.projectId, ctx.projectName, onTicket, { id: comment.id, body: text });
      // Linked like a ticket made from the message (issue 30): a watch message it was used on shows the
      // ticket, the confirmation follows it, and thread sync copies this thread's replies to it; unless
      // the thread follows another ticket already (the first one linked stays the thread's).
      const living = createLivingContext(deps, client);
      const source = await watchSourceOf(living, ctx);
      const teamId = body.team?.id ?? body.user.team_id ?? '';
      const where = { teamId, channelId: ctx.channelId, threadTs: threadOf(ctx) };
      const followed = await followedElsewhere(living, where, { projectId: ctx.projectId, ticketId: onTicket.id });
      const added = `<@${body.user.id}> added this message as a comment on ticket *#${onTicket.number} ${escapeMrkdwn(plainTitle(onTicket))}* (${escapeMrkdwn(ctx.projectName)}).`;
      const line = followed ? `${added} ${followedSentence(followed)}` : added;
      const state = followed ? null : stateOf(onTicket);
      const shown = { ticketId: onTicket.id, ticketNumber: onTicket.number, title: plainTitle(onTicket) };
      const reply = await replyInThread(client, deps.logger, ctx, line, {
        ...(state ? confirmationMessage(line, shown, state) : {}),
        metadata: ticketMetadata({ projectId: ctx.projectId, ticketId: onTicket.id, commentId: comment.id, ...watchMetadata(source) }),
      });
      const { note } = reply;
      if (state) {
        await linkTicketThread(living, {
          ...where,
          watchTs: source ? ctx.messageTs : null,
          confirmation: reply.ts ? { ts: reply.ts, text: line } : null,
          ticket: { projectId: ctx.projectId, ...shown },
          state,
        });
      }
      await showInModal(client, deps.logger, target, commentAddedView(ctx.projectName, { number: onTicket.number, title: plainTitle(onTicket) }, note), `The comment is on ticket #${onTicket.number}.`);
    } catch (error) {
      await submissions.release(view.id);
      logFailure(deps.logger, 'comment create failed', error, { project: ctx.projectId });
      const failure = writeFailureSentence(error, 'comment', ctx.projectName);
      const form = commentFormView({ projectName: ctx.projectName, ticket, body: text, failure, privateMetadata: view.private_metadata });
      await showInModal(client, deps.logger, target, form, `:warning: ${failure}${quoted('Comment', text)}`);
    }
  };
}

/** Adds the comment; after a failure that may have added it anyway, finds it instead of failing. */
async function addOnce(service: ServiceClient, projectId: string, ticketId: string, body: string): Promise<Comment> {
  try {
    return await service.createComment(projectId, ticketId, body);
  } catch (error) {
    if (!mayHaveWritten(error)) throw error;
    const found = await findCreatedComment(service, projectId, ticketId, body).catch(() => null);
    if (found) return found;
    throw error;
  }
}
