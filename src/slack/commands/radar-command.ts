/**
 * The one `/radar` listener: ack at once, then run the text (the answer follows via response_url)
 * once the requests that arrived before it have been acked (`receivers/ack-order.ts`), in the
 * person's turn (`turns.ts`: one person's flood of commands does not hold up everyone else's).
 */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { decodeSlackEntities } from '../blocks/text.js';
import { section } from '../blocks/index.js';
import { runCommand, type CommandRouter } from './run-command.js';
import { createTurns, type Turns } from './turns.js';

export const TOO_MANY_WAITING = 'You have many `/radar` commands waiting; Radar answers them in the order you sent them. Send this one again once they are answered.';

export function radarCommand(deps: RadarDeps, router: CommandRouter, turns: Turns = createTurns()) {
  return async ({ command, ack, respond, client }: SlackCommandMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    await ack();
    await router.ackOrder?.acksBefore();
    const ran = await turns.take(`${command.team_id}:${command.user_id}`, () => runCommand(deps, router, {
      // Slack sends `&`, `<`, `>` as entities; parsed as typed, escaped once on output.
      text: decodeSlackEntities(command.text ?? ''),
      teamId: command.team_id,
      channelId: command.channel_id,
      userId: command.user_id,
      userName: command.user_name,
      triggerId: command.trigger_id,
      client,
      respond,
    }));
    if (ran === 'too_many_waiting') {
      await respond({ response_type: 'ephemeral', replace_original: false, text: TOO_MANY_WAITING, blocks: [section(`:hourglass: ${TOO_MANY_WAITING}`)] }).catch((error: unknown) =>
        deps.logger.warn('could not deliver the "too many waiting" reply', { error }),
      );
    }
  };
}
