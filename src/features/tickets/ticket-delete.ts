/**
 * Delete from a shown ticket's overflow menu (Slack's confirm dialog asks first). The ticket is read
 * first: one a briefing opened (`deletable` false) is never sent for deletion, and the answer says to
 * dismiss it instead; a 400 from the service reads as that same rule. A press is claimed per ticket
 * before the DELETE, so a double press deletes once and answers once.
 */
import type { AllMiddlewareArgs, BlockOverflowAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { ticketMetadata } from '../living/ticket-state.js';
import { isServiceError } from '../../service/errors.js';
import { escapeMrkdwn } from '../../slack/blocks/index.js';
import { logFailure } from '../../slack/log-failure.js';
import type { SubmissionsRepo } from '../../store/submissions.js';
import { refusalFor, unsealTicketRef } from './action-value.js';
import { describeTicketError } from './ticket-actions.js';
import { plainTitle } from '../board/views/ticket-format.js';

/** Said when a ticket a briefing opened is offered for deletion anyway (a stale message, or the service's 400). */
export const NOT_DELETABLE =
  'A ticket a briefing opened can’t be deleted: dismiss it instead (moving it to Dismissed keeps its briefing from opening it again).';

/** Said when the service answers a delete with `success: false`: nothing was deleted. */
export function notDeleted(what: string): string {
  return `The service answered that ${what} was not deleted (it reported no success), so it is still there. Try again, or ask whoever runs the service.`;
}

export function ticketMoreAction(deps: RadarDeps, claims: SubmissionsRepo) {
  return async ({ ack, body, respond }: SlackActionMiddlewareArgs<BlockOverflowAction> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const action = body.actions[0];
    if (!action || action.selected_option.value !== 'delete') return;
    const scope = { channel: body.channel?.id ?? '', team: body.team?.id ?? body.user.team_id ?? '' };
    const ref = unsealTicketRef(deps, action.block_id, scope);
    const refusal = await refusalFor(deps, ref, scope);
    const say = (text: string) => respond({ replace_original: false, response_type: 'ephemeral', text });
    if (refusal || !ref) {
      deps.logger.info('refused a ticket delete', { channel: scope.channel, user: body.user.id, sealed: Boolean(ref) });
      await say(refusal ?? '');
      return;
    }
    const key = `ticket-delete:${ref.projectId}:${ref.ticketId}`;
    const claim = await claims.claim(key, deps.now());
    if (!claim.claimed) {
      // A second press while (or after) the first deletes: nothing is sent, nothing said twice.
      deps.logger.info('ticket delete already under way or done', { ticket: ref.ticketId });
      return;
    }
    try {
      const ticket = await deps.service.getTicket(ref.projectId, ref.ticketId);
      const title = plainTitle(ticket);
      if (ticket.deletable === false) {
        await claims.release(key);
        await say(NOT_DELETABLE);
        return;
      }
      const result = await deps.service.deleteTicket(ref.projectId, ref.ticketId);
      if (!result.success) {
        // `{ success: false }` is a refusal, not a deletion (issue 27): the ticket is still on the board.
        await claims.release(key);
        deps.logger.info('the service answered a ticket delete with success false', { ticket: ref.ticketId });
        await say(`:warning: ${notDeleted(`ticket #${ticket.number} *${escapeMrkdwn(title)}*`)}`);
        return;
      }
      await claims.complete(key, { ticketId: ticket.id, ticketNumber: ticket.number, ticketTitle: title });
      const text = `:wastebasket: <@${body.user.id}> deleted ticket #${ticket.number} *${escapeMrkdwn(title)}* from the board.`;
      await respond({ replace_original: true, text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }], metadata: ticketMetadata({ projectId: ref.projectId, ticketId: ref.ticketId }) });
    } catch (error) {
      await claims.release(key);
      const refused = isServiceError(error) && error.status === 400;
      if (!refused) logFailure(deps.logger, 'ticket delete failed', error, { ticket: ref.ticketId });
      await say(`:warning: ${refused ? NOT_DELETABLE : describeTicketError(error, 'delete the ticket')}`);
    }
  };
}
