/**
 * A shown ticket's comment buttons. Delete (after Slack's confirm dialog) removes any comment, once
 * per comment however often it is pressed. Edit is offered only on comments Radar's key wrote
 * (origin `api`): it opens a form with the text, and on submit sends the new text (at most 20,000
 * characters). The service's 403 `forbidden` (a person's comment) reads as that rule. Afterwards the
 * ticket message is drawn again in place.
 */
import * as z from 'zod';
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { ticketMetadata } from '../living/ticket-state.js';
import { isServiceError } from '../../service/errors.js';
import { readable } from '../../service/tolerant.js';
import { LIMITS } from '../../slack/blocks/index.js';
import { FORGED_VALUE } from '../../slack/error-text.js';
import { BLOCK_IDS, CALLBACK_IDS } from '../../slack/ids.js';
import { logFailure } from '../../slack/log-failure.js';
import type { SubmissionsRepo } from '../../store/submissions.js';
import { refusalFor, ticketSeals, unsealCommentRef } from './action-value.js';
import { EDITABLE_DESCRIPTION_MAX } from './edit-draft.js';
import { ticketDetail } from './load-ticket.js';
import { showTicketAgain } from './refresh-message.js';
import { describeTicketError, projectNameOf } from './ticket-actions.js';
import { DESCRIPTION_MAX } from '../board/ticket-draft.js';
import { readState, type ViewState } from '../board/view-state.js';
import { editMessageView } from './views/edit-modal.js';
import { input, modal, textInput, warning } from '../board/views/modal-parts.js';
import { ticketView } from './views/ticket-view.js';
import { notDeleted } from './ticket-delete.js';

type ButtonArgs = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

export const PERSON_COMMENT = 'That comment was written by a person: the service lets Radar edit only the comments Radar wrote (it can still be deleted).';

const scopeOf = (body: ButtonArgs['body']) => ({ channel: body.channel?.id ?? '', team: body.team?.id ?? body.user.team_id ?? '' });

export function commentDeleteAction(deps: RadarDeps, claims: SubmissionsRepo) {
  return async ({ ack, body, respond }: ButtonArgs): Promise<void> => {
    await ack();
    const scope = scopeOf(body);
    const ref = unsealCommentRef(deps, body.actions[0]?.value, scope, 'cd');
    const refusal = await refusalFor(deps, ref, scope);
    const say = (text: string) => respond({ replace_original: false, response_type: 'ephemeral', text });
    if (refusal || !ref) {
      deps.logger.info('refused a comment delete', { channel: scope.channel, user: body.user.id });
      await say(refusal ?? FORGED_VALUE);
      return;
    }
    const key = `comment-delete:${ref.projectId}:${ref.commentId}`;
    if (!(await claims.claim(key, deps.now())).claimed) return;
    let notice: string;
    try {
      const result = await deps.service.deleteComment(ref.projectId, ref.ticketId, ref.commentId);
      if (!result.success) {
        // `{ success: false }` is a refusal, not a deletion (issue 27): the comment is still on the ticket.
        await claims.release(key);
        deps.logger.info('the service answered a comment delete with success false', { comment: ref.commentId });
        await say(`:warning: ${notDeleted('the comment')}`);
        return;
      }
      await claims.complete(key, { ticketId: ref.ticketId, ticketNumber: 0, ticketTitle: '', commentId: ref.commentId });
      notice = `:wastebasket: <@${body.user.id}> deleted a comment.`;
    } catch (error) {
      await claims.release(key);
      logFailure(deps.logger, 'comment delete failed', error, { comment: ref.commentId });
      await say(`:warning: ${describeTicketError(error, 'delete the comment')}`);
      return;
    }
    try {
      const [projectName, detail] = await Promise.all([projectNameOf(deps, ref.projectId, scope.team, scope.channel), ticketDetail(deps.service, ref.projectId, ref.ticketId)]);
      await respond({ replace_original: true, ...ticketView({ projectId: ref.projectId, projectName, ...detail, ...ticketSeals(deps, scope, ref.explicit), notice, now: deps.now() }), metadata: ticketMetadata({ projectId: ref.projectId, ticketId: ref.ticketId }) });
    } catch (error) {
      deps.logger.info('could not show the ticket again', { error });
      await say(notice);
    }
  };
}

const commentContextSchema = z.object({
  kind: z.literal('comment-edit'),
  projectId: z.string(),
  ticketId: z.string(),
  commentId: z.string(),
  channelId: z.string(),
  openedBy: z.string(),
  explicit: z.boolean(),
  responseUrl: z.string().optional(),
});
type CommentContext = z.infer<typeof commentContextSchema>;
const modalScope = (team: string) => ({ channel: '', team });

function commentForm(body: string, privateMetadata: string, notice?: string) {
  return modal({
    title: 'Edit comment',
    callbackId: CALLBACK_IDS.commentEditModal,
    submit: 'Save',
    privateMetadata,
    blocks: [...(notice ? [warning(notice)] : []), input(BLOCK_IDS.body, 'Comment', { ...textInput(body, { multiline: true }), max_length: EDITABLE_DESCRIPTION_MAX })],
  });
}

export function commentEditAction(deps: RadarDeps) {
  return async ({ ack, body, client, respond }: ButtonArgs): Promise<void> => {
    await ack();
    const scope = scopeOf(body);
    const ref = unsealCommentRef(deps, body.actions[0]?.value, scope, 'ce');
    const refusal = await refusalFor(deps, ref, scope);
    if (refusal || !ref) {
      await respond({ replace_original: false, response_type: 'ephemeral', text: refusal ?? FORGED_VALUE });
      return;
    }
    const opened = await client.views.open({ trigger_id: body.trigger_id, view: editMessageView('Edit comment', [':hourglass_flowing_sand: Reading the comment…']) });
    const viewId = opened.view?.id;
    if (!viewId) return;
    let view;
    try {
      const comment = readable(await deps.service.listComments(ref.projectId, ref.ticketId)).find((c) => c.id === ref.commentId);
      if (!comment) view = editMessageView('Edit comment', ['That comment is no longer on the ticket.']);
      else if (comment.origin !== 'api') view = editMessageView('Edit comment', [PERSON_COMMENT]);
      else if (comment.body.length > EDITABLE_DESCRIPTION_MAX) view = editMessageView('Edit comment', [`That comment is ${comment.body.length.toLocaleString('en')} characters, longer than a Slack form holds; it can still be deleted.`]);
      else {
        const ctx: CommentContext = { kind: 'comment-edit', projectId: ref.projectId, ticketId: ref.ticketId, commentId: ref.commentId, channelId: scope.channel, openedBy: body.user.id, explicit: ref.explicit, ...(body.response_url ? { responseUrl: body.response_url } : {}) };
        view = commentForm(comment.body, deps.seals.seal(ctx, modalScope(scope.team), LIMITS.privateMetadata));
      }
    } catch (error) {
      logFailure(deps.logger, 'could not open the comment edit form', error, { comment: ref.commentId });
      view = editMessageView('Edit comment', [`:warning: ${describeTicketError(error, 'read the comment')}`]);
    }
    await client.views.update({ view_id: viewId, ...(opened.view?.hash ? { hash: opened.view.hash } : {}), view }).catch((error: unknown) => deps.logger.info('comment form not filled', { error }));
  };
}

export function commentEditSubmit(deps: RadarDeps) {
  return async ({ ack, body, view, client }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs): Promise<void> => {
    const team = body.team?.id ?? body.user.team_id ?? '';
    const parsed = commentContextSchema.safeParse(deps.seals.unseal(view.private_metadata, modalScope(team)));
    const ctx = parsed.success && parsed.data.openedBy === body.user.id ? parsed.data : null;
    const refusal = ctx ? await refusalFor(deps, { projectId: ctx.projectId, ticketId: ctx.ticketId, explicit: ctx.explicit }, { channel: ctx.channelId, team }) : FORGED_VALUE;
    if (refusal || !ctx) {
      await ack({ response_action: 'update', view: modal({ title: 'Radar', close: 'Close', blocks: [warning(refusal ?? FORGED_VALUE)] }) });
      return;
    }
    const text = readState(view.state.values as ViewState).text(BLOCK_IDS.body);
    if (text.trim() === '') {
      await ack({ response_action: 'errors', errors: { [BLOCK_IDS.body]: 'A comment needs some text (use Delete comment to remove it).' } });
      return;
    }
    if (text.length > DESCRIPTION_MAX) {
      await ack({ response_action: 'errors', errors: { [BLOCK_IDS.body]: `A comment has at most ${DESCRIPTION_MAX.toLocaleString('en')} characters.` } });
      return;
    }
    await ack({ response_action: 'update', view: editMessageView('Saving', [':hourglass_flowing_sand: Saving the comment…']) });
    try {
      await deps.service.updateComment(ctx.projectId, ctx.ticketId, ctx.commentId, text);
      const shown = ctx.responseUrl
        ? await showTicketAgain(deps, { responseUrl: ctx.responseUrl, projectId: ctx.projectId, ticketId: ctx.ticketId, scope: { channel: ctx.channelId, team }, explicit: ctx.explicit }, `:pencil2: <@${body.user.id}> edited a comment.`)
        : false;
      const lines = [':white_check_mark: The comment is saved.', shown ? 'The ticket message shows it.' : 'The ticket message couldn’t be updated; run `/radar ticket` again to see it.'];
      await client.views.update({ view_id: view.id, view: editMessageView('Comment saved', lines) }).catch((error: unknown) => deps.logger.info('comment confirmation not shown', { error }));
    } catch (error) {
      logFailure(deps.logger, 'comment edit failed', error, { comment: ctx.commentId });
      const reason = isServiceError(error) && error.code === 'forbidden' ? PERSON_COMMENT : describeTicketError(error, 'save the comment');
      await client.views
        .update({ view_id: view.id, view: commentForm(text, view.private_metadata, `${reason} Your text is kept below.`) })
        .catch((e: unknown) => deps.logger.info('comment form not shown again', { error: e }));
    }
  };
}
