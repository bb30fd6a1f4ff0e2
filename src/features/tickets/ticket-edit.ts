/**
 * Editing a ticket from Slack: the Edit button on a shown ticket opens the form (before any call to
 * the service: the trigger lasts 3 seconds), fills it from the ticket, and on submit sends only what
 * changed. Two people editing at once: the later save wins; the confirmation says when the ticket
 * changed after the form opened (its `updatedAt` moved). Afterwards the ticket message is drawn again
 * in place through the press's `response_url`.
 */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { readableOr } from '../../service/tolerant.js';
import { escapeMrkdwn, type PlainOption } from '../../slack/blocks/index.js';
import { FORGED_VALUE } from '../../slack/error-text.js';
import { BLOCK_IDS } from '../../slack/ids.js';
import { logFailure } from '../../slack/log-failure.js';
import type { SubmissionsRepo } from '../../store/submissions.js';
import { labelRefusal } from '../board/label-rules.js';
import { refusalFor, unsealTicketRef } from './action-value.js';
import { createInlineLabel, mayAddLabel, newLabelError, offeredLabels } from './inline-label.js';
import { changedFields, decodeEditContext, editDraftErrors, editStart, encodeEditContext, NONE, originalOf, readEditDraft, updateBody, type EditContext, type EditStart } from './edit-draft.js';
import { loadChoices } from '../board/load-choices.js';
import { showTicketAgain } from './refresh-message.js';
import { describeTicketError, projectNameOf } from './ticket-actions.js';
import { optionsIn, type ViewState } from '../board/view-state.js';
import { editFormView, editMessageView, valuesOf } from './views/edit-modal.js';
import { modal, warning } from '../board/views/modal-parts.js';
import { plainTitle } from '../board/views/ticket-format.js';

type ButtonArgs = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

export function editAction(deps: RadarDeps) {
  return async ({ ack, body, client, respond }: ButtonArgs): Promise<void> => {
    await ack();
    const action = body.actions[0];
    const team = body.team?.id ?? body.user.team_id ?? '';
    const scope = { channel: body.channel?.id ?? '', team };
    const ref = unsealTicketRef(deps, action?.value, scope);
    const refusal = await refusalFor(deps, ref, scope);
    if (refusal || !ref) {
      deps.logger.info('refused a ticket edit', { channel: scope.channel, user: body.user.id, sealed: Boolean(ref) });
      await respond({ replace_original: false, response_type: 'ephemeral', text: refusal ?? FORGED_VALUE });
      return;
    }
    const opened = await client.views.open({ trigger_id: body.trigger_id, view: editMessageView('Edit ticket', [':hourglass_flowing_sand: Reading the ticket…']) });
    const viewId = opened.view?.id;
    if (!viewId) return;
    let view;
    try {
      const [ticket, projectName] = await Promise.all([deps.service.getTicket(ref.projectId, ref.ticketId), projectNameOf(deps, ref.projectId, team, scope.channel)]);
      const choices = await loadChoices(deps.service, ref.projectId, projectName);
      const start = editStart(ticket);
      const ctx: EditContext = {
        kind: 'ticket-edit',
        projectId: ref.projectId,
        projectName,
        channelId: scope.channel,
        ticketId: ticket.id,
        number: ticket.number,
        updatedAt: readableOr(ticket.updatedAt, null),
        openedBy: body.user.id,
        explicit: ref.explicit,
        // Redrawn after the save only when pressed on a shown ticket (its controls' block is sealed as kind `c`), never a digest.
        ...(body.response_url && shownAsTicket(deps, action?.block_id, scope) ? { responseUrl: body.response_url } : {}),
        original: originalOf(start),
      };
      const canAddLabel = 'labels' in choices && mayAddLabel(deps, body.user.id, choices.labels);
      view = editFormView({ number: ticket.number, projectName, values: start, choices, canAddLabel, privateMetadata: encodeEditContext(deps, team, ctx) });
    } catch (error) {
      logFailure(deps.logger, 'could not open the ticket edit form', error, { ticket: ref.ticketId });
      view = modal({ title: 'Edit ticket', close: 'Close', blocks: [warning(describeTicketError(error, 'read the ticket'))] });
    }
    await client.views
      .update({ view_id: viewId, ...(opened.view?.hash ? { hash: opened.view.hash } : {}), view })
      .catch((error: unknown) => deps.logger.info('ticket edit form not filled (closed meanwhile)', { error }));
  };
}

/** Whether the pressed button sits on a shown ticket (`/radar ticket`), whose controls' block id is sealed as kind `c`. */
function shownAsTicket(deps: Pick<RadarDeps, 'seals'>, blockId: string | undefined, scope: { channel: string; team: string }): boolean {
  const payload = deps.seals.unseal(blockId, scope) as { k?: unknown } | null;
  return payload?.k === 'c';
}

/** The fields of a form that was not in it stay out of it when the form is shown again. */
const NOT_IN_FORM: EditStart = { title: null, description: null, labelIds: null, assigneeUserId: undefined, dueDate: undefined, effort: undefined, impact: undefined };

export function editSubmit(deps: RadarDeps, submissions: SubmissionsRepo) {
  return async ({ ack, body, view, client }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs): Promise<void> => {
    const team = body.team?.id ?? body.user.team_id ?? '';
    const ctx = decodeEditContext(deps, team, view.private_metadata);
    const refusal = !ctx || ctx.openedBy !== body.user.id
      ? FORGED_VALUE
      : await refusalFor(deps, { projectId: ctx.projectId, ticketId: ctx.ticketId, explicit: ctx.explicit }, { channel: ctx.channelId, team });
    if (refusal || !ctx) {
      deps.logger.info('refused a ticket edit submission', { user: body.user.id });
      await ack({ response_action: 'update', view: modal({ title: 'Radar', close: 'Close', blocks: [warning(refusal ?? FORGED_VALUE)] }) });
      return;
    }
    const draft = readEditDraft(view.state.values as ViewState);
    const errors = editDraftErrors(draft);
    const labelOptions = offeredLabels(view.blocks);
    const newLabel = draft.newLabel?.trim() ?? '';
    if (newLabel !== '' && !errors[BLOCK_IDS.newLabel]) {
      const problem = newLabelError(deps, body.user.id, newLabel, labelOptions);
      if (problem) errors[BLOCK_IDS.newLabel] = problem;
    }
    if (Object.keys(errors).length > 0) {
      await ack({ response_action: 'errors', errors });
      return;
    }
    if (Object.keys(updateBody(draft, ctx.original)).length === 0 && newLabel === '') {
      await ack({ response_action: 'update', view: editMessageView('Nothing to save', [`Nothing in ticket #${ctx.number} changed, so Radar sent nothing.`]) });
      return;
    }
    const claim = await submissions.claim(view.id, deps.now());
    if (!claim.claimed) {
      await ack({ response_action: 'update', view: editMessageView('Saving', ['Submitted twice: the first submit is saving the ticket; it is saved once.']) });
      return;
    }
    await ack({ response_action: 'update', view: editMessageView('Saving', [`:hourglass_flowing_sand: Saving ticket #${ctx.number}…`]) });
    const target = { view_id: view.id };
    let step: 'label' | 'ticket' = 'ticket';
    try {
      const current = await deps.service.getTicket(ctx.projectId, ctx.ticketId);
      const currentUpdatedAt = readableOr(current.updatedAt, null);
      const changedMeanwhile = ctx.updatedAt !== null && currentUpdatedAt !== null && currentUpdatedAt !== ctx.updatedAt;
      let extraLabelId: string | undefined;
      if (newLabel !== '') {
        step = 'label';
        extraLabelId = await createInlineLabel(deps.service, ctx.projectId, newLabel, labelOptions.length);
        step = 'ticket';
      }
      const request = updateBody(draft, ctx.original, extraLabelId);
      const ticket = Object.keys(request).length > 0 ? await deps.service.updateTicket(ctx.projectId, ctx.ticketId, request) : current;
      await submissions.complete(view.id, { ticketId: ticket.id, ticketNumber: ticket.number, ticketTitle: plainTitle(ticket) });
      const what = changedFields(request) || 'a new label';
      const meanwhile = changedMeanwhile
        ? `:warning: Someone changed this ticket after you opened the form (it was saved at ${escapeMrkdwn(currentUpdatedAt)}). The later save wins: your changes (${what}) are saved on top, and what they changed in the fields you left alone stays.`
        : null;
      const notice = `:pencil2: <@${body.user.id}> edited this ticket (${what}).`;
      const shownAgain = ctx.responseUrl
        ? await showTicketAgain(deps, { responseUrl: ctx.responseUrl, projectId: ctx.projectId, ticketId: ctx.ticketId, scope: { channel: ctx.channelId, team }, explicit: ctx.explicit }, notice)
        : false;
      const lines = [
        `:white_check_mark: Saved ticket *#${ticket.number} ${escapeMrkdwn(plainTitle(ticket))}*: ${what}.`,
        ...(extraLabelId === undefined && newLabel !== '' ? [`The label “${escapeMrkdwn(newLabel)}” was created, but Radar couldn't find it in the answer to put it on the ticket.`] : []),
        ...(meanwhile ? [meanwhile] : []),
        shownAgain
          ? 'The ticket message shows it as it is now.'
          : ctx.responseUrl
            ? `The ticket message couldn't be updated; \`/radar ticket ${ticket.number}\` shows it as it is now.`
            : `\`/radar ticket ${ticket.number}\` shows it as it is now.`,
      ];
      await client.views.update({ ...target, view: editMessageView('Ticket saved', lines) }).catch((error: unknown) => deps.logger.info('edit confirmation not shown (modal closed)', { error }));
    } catch (error) {
      await submissions.release(view.id);
      logFailure(deps.logger, 'ticket edit failed', error, { ticket: ctx.ticketId });
      const failure = (step === 'label' ? labelRefusal(error, true) : null) ?? describeTicketError(error, 'save the ticket');
      const assignees = (optionsIn(view.blocks, BLOCK_IDS.assignee) ?? []).filter((o: PlainOption) => o.value !== NONE);
      const form = editFormView({
        number: ctx.number,
        projectName: ctx.projectName,
        values: valuesOf(draft, NOT_IN_FORM),
        choices: { labels: labelOptions, assignees },
        canAddLabel: optionsIn(view.blocks, BLOCK_IDS.newLabel) !== null,
        newLabel: draft.newLabel ?? '',
        notice: `${failure} Your input is kept below; submit again to retry.`,
        privateMetadata: view.private_metadata,
      });
      await client.views.update({ ...target, view: form }).catch((e: unknown) => deps.logger.info('edit form not shown again (modal closed)', { error: e }));
    }
  };
}
