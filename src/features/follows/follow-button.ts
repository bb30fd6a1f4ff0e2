/**
 * The *Follow* button on a shown ticket and on a competitor card: the follow it carries is sealed to
 * the channel it was shown in (`notify/follow-values.ts`); a click adds it for the person who clicked
 * (set by them, now) and answers them alone.
 */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { escapeMrkdwn } from '../../slack/blocks/index.js';
import { FORGED_VALUE } from '../../slack/error-text.js';
import { COMMAND } from '../../slack/ids.js';
import { logFailure } from '../../slack/log-failure.js';
import { unsealFollow } from '../notify/follow-values.js';
import type { Notifier } from '../notify/notifier.js';
import { addFollow, rememberPerson } from './follow-command.js';

export function followButtonAction(deps: RadarDeps, notifier: Notifier) {
  return async ({ ack, body, respond, client }: SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const teamId = body.team?.id ?? body.user.team_id ?? '';
    const target = unsealFollow(deps, body.actions[0]?.value, { channel: body.channel?.id ?? '', team: teamId });
    if (!target) {
      deps.logger.info('refused a follow button', { user: body.user.id });
      await respond({ replace_original: false, response_type: 'ephemeral', text: FORGED_VALUE });
      return;
    }
    try {
      const who = { teamId, userId: body.user.id, client, deps };
      await rememberPerson(notifier, who);
      const added = await addFollow(notifier, who, target);
      const what = target.kind === 'project' ? escapeMrkdwn(target.projectName) : `${escapeMrkdwn(target.label)} (${escapeMrkdwn(target.projectName)})`;
      await respond({
        replace_original: false,
        response_type: 'ephemeral',
        text: `${added ? ':bell: You now follow' : 'You already follow'} *${what}*: Radar tells you in a direct message. \`${COMMAND} follow\` lists what you follow.`,
      });
    } catch (error) {
      logFailure(deps.logger, 'follow button failed', error, { user: body.user.id });
      await respond({ replace_original: false, response_type: 'ephemeral', text: ":warning: Radar couldn't save that follow; try again in a moment." });
    }
  };
}
