import type { Subcommand } from '../../plugin.js';
import { COMMAND } from '../../slack/ids.js';
import { helpView } from './views/help-view.js';

export const helpCommand: Subcommand = {
  name: 'help',
  usage: 'help',
  summary: 'List every command with an example.',
  area: 'setup',
  example: `${COMMAND} help`,
  answersInAck: true,
  async run(inv) {
    await inv.reply(helpView(inv.commands));
  },
};
