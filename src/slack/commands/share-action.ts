/** The "Share to channel" button: runs the same command again, answering in the channel. */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { FORGED_VALUE } from '../error-text.js';
import { runCommand, type CommandRouter } from './run-command.js';

export function shareAction(deps: RadarDeps, router: CommandRouter) {
  return async ({ ack, body, action, respond, client }: SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const channelId = body.channel?.id;
    if (!channelId) return;
    const teamId = body.team?.id ?? body.user.team_id ?? '';
    const sealed = deps.seals.unseal(action.value, { channel: channelId, team: teamId }) as { text?: unknown } | null;
    if (!sealed || typeof sealed.text !== 'string') {
      deps.logger.info('refused a Share button whose value is not sealed for this channel', { channel: channelId, user: body.user.id });
      await respond({ response_type: 'ephemeral', replace_original: false, text: FORGED_VALUE }).catch(() => {});
      return;
    }
    await runCommand(deps, router, {
      text: sealed.text,
      teamId,
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
