/** Registers the `/radar` listener, the Share button and the open-another-answer buttons; subcommands come from the router's registry. */
import type { AnyMiddlewareArgs, App, BlockButtonAction, Middleware, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { ACTION_IDS, COMMAND } from '../ids.js';
import { radarCommand } from './radar-command.js';
import type { CommandRouter } from './run-command.js';
import { openCommandAction, OPEN_COMMAND_ACTION } from './open-action.js';
import { shareAction } from './share-action.js';

export function registerCommand(app: App, deps: RadarDeps, router: CommandRouter): void {
  app.use(radarCommandFirst(radarCommand(deps, router)));
  app.action<BlockButtonAction>(ACTION_IDS.share, shareAction(deps, router));
  app.action<BlockButtonAction>(OPEN_COMMAND_ACTION, openCommandAction(deps, router));
}

/**
 * `/radar` as a global middleware, ahead of Bolt's listeners: Bolt hands every request to every
 * listener's middleware chain (each with its own copy of the arguments) to find the one that
 * matches, and `/radar`, most of what Radar receives, would pay for all of them (the features
 * register about thirty). Measured in the bench: a burst of 1,000 `/radar help`, last ack 3.0 →
 * 2.4 s; 20 senders' ack p99 0.7–1.1x → 0.6–0.7x of bare Bolt. It runs after every middleware
 * registered before it (the installation boundary in `app.ts`); any other request goes on to
 * the listeners unchanged.
 */
function radarCommandFirst(listener: ReturnType<typeof radarCommand>): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    if (isRadarCommand(args)) {
      await listener(args as unknown as Parameters<typeof listener>[0]);
      return;
    }
    await args.next();
  };
}

function isRadarCommand(args: AnyMiddlewareArgs): args is SlackCommandMiddlewareArgs {
  return 'command' in args && (args as Partial<SlackCommandMiddlewareArgs>).command?.command === COMMAND;
}
