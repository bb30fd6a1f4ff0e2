/**
 * The buttons on a digest's ticket rows: "Move to To do" moves the ticket to the top of `todo`,
 * "Dismiss" to the top of `dismissed` (briefing tickets cannot be deleted, spec 3.1). The row is then drawn
 * again from the moved ticket, so everyone in the channel sees its new column and who moved it.
 */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { TicketStatus } from '../../service/index.js';
import type { Block } from '../../slack/blocks/index.js';
import { describeError, isUnexpected } from '../../slack/error-text.js';
import { moveToTop } from '../tickets/move-to-top.js';
import { digestMetadata } from './post-digest.js';
import { parseTicketButtonValue, ticketRowBlocks, withTicketRow } from './views/digest-view.js';

type ButtonArgs = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

export function digestTicketAction(deps: RadarDeps, status: Extract<TicketStatus, 'todo' | 'dismissed'>) {
  return async ({ ack, body, action, client, respond }: ButtonArgs): Promise<void> => {
    await ack();
    const target = parseTicketButtonValue(action.value);
    const channel = body.channel?.id;
    const message = body.message;
    if (!target || !channel || !message) {
      deps.logger.warn('a digest button arrived without its ticket or message', { actionId: action.action_id });
      return;
    }
    try {
      const ticket = await moveToTop(deps.service, target.projectId, target.ticketId, status);
      const row = ticketRowBlocks(target.projectId, ticket, { ...(target.rank !== null ? { rank: target.rank } : {}), movedBy: body.user.id });
      const blocks = withTicketRow((message.blocks ?? []) as Block[], ticket.id, row);
      const isThreadReply = typeof message.thread_ts === 'string' && message.thread_ts !== message.ts;
      const runId = ticket.briefing?.runId;
      await client.chat.update({
        channel,
        ts: message.ts,
        text: typeof message.text === 'string' && message.text ? message.text : 'Briefing digest',
        blocks,
        // Keep the digest's metadata on the main message: recovery finds digests by it.
        ...(!isThreadReply && runId ? { metadata: digestMetadata({ projectId: target.projectId, runId }) } : {}),
      });
      deps.logger.info('ticket moved from a digest', { projectId: target.projectId, ticketId: ticket.id, status, user: body.user.id });
    } catch (error) {
      (isUnexpected(error) ? deps.logger.error : deps.logger.info)('moving a ticket from a digest failed', { error, ticketId: target.ticketId });
      const sentence = describeError(error, { action: status === 'todo' ? 'move the ticket to To do' : 'dismiss the ticket' });
      await respond({ response_type: 'ephemeral', replace_original: false, text: sentence }).catch((replyError: unknown) =>
        deps.logger.warn('could not deliver the error reply', { error: replyError }),
      );
    }
  };
}
