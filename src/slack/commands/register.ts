/** Registers the `/radar` listener and the Share button; subcommands come from the features. */
import type { App, BlockButtonAction } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { ACTION_IDS, COMMAND } from '../ids.js';
import { radarCommand } from './radar-command.js';
import { shareAction } from './share-action.js';

export function registerCommand(app: App, deps: RadarDeps): void {
  app.command(COMMAND, radarCommand(deps));
  app.action<BlockButtonAction>(ACTION_IDS.share, shareAction(deps));
}
