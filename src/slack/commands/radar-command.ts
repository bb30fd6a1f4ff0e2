/** The one `/radar` listener: ack at once, then run the text; the answer follows through Bolt's `respond`. */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { decodeSlackEntities } from '../blocks/text.js';
import { runCommand, type CommandRouter } from './run-command.js';

export function radarCommand(deps: RadarDeps, router: CommandRouter) {
  return async ({ command, ack, respond, client }: SlackCommandMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    await ack();
    await runCommand(deps, router, {
      // Slack sends `&`, `<`, `>` as entities; parsed as typed, escaped once on output.
      text: decodeSlackEntities(command.text ?? ''),
      teamId: command.team_id,
      channelId: command.channel_id,
      userId: command.user_id,
      userName: command.user_name,
      triggerId: command.trigger_id,
      client,
      respond,
    });
  };
}
