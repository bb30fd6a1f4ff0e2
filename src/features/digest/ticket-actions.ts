/**
 * The buttons on a digest's ticket rows: "Move to To do" moves the ticket to the top of `todo`,
 * "Dismiss" to the top of `dismissed` (briefing tickets cannot be deleted, spec 3.1). The row is then drawn
 * again from the moved ticket, so everyone in the channel sees its new column and who moved it.
 */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { TicketStatus } from '../../service/index.js';
import { readableOr } from '../../service/tolerant.js';
import type { Block } from '../../slack/blocks/index.js';
import { describeError } from '../../slack/error-text.js';
import { logFailure } from '../../slack/log-failure.js';
import { moveActionPhrase, moveToTop } from '../board/ticket-moves.js';
import { digestMetadata, ticketReplyMetadata } from './post-digest.js';
import { FORGED_VALUE, STALE_BINDING } from '../../slack/error-text.js';
import { projectAllowed, projectRefusal } from '../../slack/access-policy.js';
import { sealButtonValue, unsealButtonValue } from './sealed-buttons.js';
import { sealRowButtons, ticketRowBlocks, withTicketRow } from './views/digest-view.js';

type ButtonArgs = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

const replyMetadataOf = (projectId: string, runId: string, blocks: readonly Block[]) => {
  const metadata = ticketReplyMetadata({ projectId, runId }, blocks);
  return metadata ? { metadata } : null;
};

export function digestTicketAction(deps: RadarDeps, status: Extract<TicketStatus, 'todo' | 'dismissed'>) {
  return async ({ ack, body, action, client, respond }: ButtonArgs): Promise<void> => {
    await ack();
    const channel = body.channel?.id;
    const message = body.message;
    const scope = { channel: channel ?? '', team: body.team?.id ?? body.user.team_id ?? '' };
    const target = unsealButtonValue(deps, action.value, scope);
    if (!channel || !message) {
      deps.logger.warn('a digest button arrived without its message', { actionId: action.action_id });
      return;
    }
    // The value must be sealed for this channel, and name the project the channel is bound to now.
    const binding = target ? await deps.bindings.get(scope.team, channel) : undefined;
    const refusal = !target
      ? FORGED_VALUE
      : binding?.projectId !== target.projectId
        ? STALE_BINDING
        : !projectAllowed(deps.config, target.projectId)
          ? projectRefusal(binding.projectName)
          : null;
    if (refusal || !target) {
      deps.logger.info('refused a digest button', { actionId: action.action_id, channel, user: body.user.id, sealed: Boolean(target) });
      await respond({ response_type: 'ephemeral', replace_original: false, text: refusal ?? FORGED_VALUE }).catch(() => {});
      return;
    }
    try {
      const ticket = await moveToTop(deps.service, target.projectId, target.ticketId, status);
      const row = sealRowButtons(ticketRowBlocks(target.projectId, ticket, { ...(target.rank !== null ? { rank: target.rank } : {}), movedBy: body.user.id }), sealButtonValue(deps, scope));
      const blocks = withTicketRow((message.blocks ?? []) as Block[], ticket.id, row);
      const isThreadReply = typeof message.thread_ts === 'string' && message.thread_ts !== message.ts;
      const runId = readableOr(ticket.briefing, null)?.runId;
      await client.chat.update({
        channel,
        ts: message.ts,
        text: typeof message.text === 'string' && message.text ? message.text : 'Briefing digest',
        blocks,
        // Keep the digest's metadata on the main message (recovery finds digests by it), and a ticket
        // reply's `radar_ticket` on a thread reply.
        ...(!runId ? {} : !isThreadReply ? { metadata: digestMetadata({ projectId: target.projectId, runId }) } : (replyMetadataOf(target.projectId, runId, blocks) ?? {})),
      });
      deps.logger.info('ticket moved from a digest', { projectId: target.projectId, ticketId: ticket.id, status, user: body.user.id });
    } catch (error) {
      logFailure(deps.logger, 'moving a ticket from a digest failed', error, { ticketId: target.ticketId });
      const sentence = describeError(error, { action: moveActionPhrase(status) });
      await respond({ response_type: 'ephemeral', replace_original: false, text: sentence }).catch((replyError: unknown) =>
        deps.logger.warn('could not deliver the error reply', { error: replyError }),
      );
    }
  };
}
