/** Registers the `/radar` listener, the Share button and the open-another-answer buttons; subcommands come from the router's registry. */
import type { App, BlockButtonAction } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { ACTION_IDS, COMMAND } from '../ids.js';
import { listenerGroups } from '../listener-groups.js';
import { radarCommand } from './radar-command.js';
import type { CommandRouter } from './run-command.js';
import { openCommandAction, OPEN_COMMAND_ACTION } from './open-action.js';
import { shareAction } from './share-action.js';

export function registerCommand(app: App, deps: RadarDeps, router: CommandRouter): void {
  app.command(COMMAND, radarCommand(deps, router));
  const on = listenerGroups(app);
  on.action<BlockButtonAction>(ACTION_IDS.share, shareAction(deps, router));
  on.action<BlockButtonAction>(OPEN_COMMAND_ACTION, openCommandAction(deps, router));
}
