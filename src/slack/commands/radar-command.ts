/**
 * The one `/radar` listener: ack at once, then run the text (the answer follows via response_url)
 * once its sender's requests that arrived before it have been acked (`receivers/ack-order.ts`) and,
 * for a sender in the middle of a burst, once lighter senders' work is done (`receivers/light-first.ts`).
 */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { decodeSlackEntities } from '../blocks/text.js';
import { respondAt } from '../respond.js';
import { runCommand, type CommandRouter } from './run-command.js';

export function radarCommand(deps: RadarDeps, router: CommandRouter) {
  return async ({ command, ack, respond, client }: SlackCommandMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
    // Counted from before the ack, so the command counts as its sender's work without a gap
    // between the request (counted until acked) and its answer (`receivers/light-first.ts`).
    const answered = router.lightFirst?.begin();
    try {
      await ack();
      await router.ackOrder?.acksBefore();
      await router.lightFirst?.turn();
      await runCommand(deps, router, {
        // Slack sends `&`, `<`, `>` as entities; parsed as typed, escaped once on output.
        text: decodeSlackEntities(command.text ?? ''),
        teamId: command.team_id,
        channelId: command.channel_id,
        userId: command.user_id,
        userName: command.user_name,
        triggerId: command.trigger_id,
        client,
        // Radar's own answer path (`respond.ts`): lighter than Bolt's, and each person's answers take turns.
        respond: command.response_url ? respondAt(command.response_url) : respond,
      });
    } finally {
      answered?.();
    }
  };
}
