/**
 * The one `/radar` listener: runs the text with the ack in hand. runCommand acks before anything that
 * can wait; an answer that needs nothing but memory (help, a sentence about the text) travels in the
 * ack, every other through Bolt's `respond`.
 */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { decodeSlackEntities } from '../blocks/text.js';
import { runCommand, type CommandRouter } from './run-command.js';

export function radarCommand(deps: RadarDeps, router: CommandRouter) {
  return async ({ command, ack, respond, client }: SlackCommandMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
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
      ack: (message) => (message ? ack(message) : ack()),
    });
  };
}
