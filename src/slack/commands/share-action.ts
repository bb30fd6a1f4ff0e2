/** The "Share to channel" button: runs the same command again, answering in the channel. */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { runCommand } from './run-command.js';

export function shareAction(deps: RadarDeps) {
  return async ({ ack, body, action, respond, client }: SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const channelId = body.channel?.id;
    if (!channelId) return;
    await runCommand(deps, {
      text: action.value ?? '',
      teamId: body.team?.id ?? body.user.team_id ?? '',
      channelId,
      userId: body.user.id,
      userName: body.user.name ?? body.user.username ?? body.user.id,
      share: true,
      client,
      respond,
    });
    await respond({ delete_original: true }).catch((error: unknown) => deps.logger.debug('could not remove the ephemeral original', { error }));
  };
}
