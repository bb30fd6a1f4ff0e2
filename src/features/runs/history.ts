import type { Subcommand } from '../../plugin.js';
import { isServiceError } from '../../service/index.js';
import { PAGE_FLAG, pageOf, PROJECT_FLAG, UsageError } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import { dimensionOf } from './dimension-word.js';
import { historyView } from './views/runs-view.js';
import { noDataReply } from './no-data.js';

const PAGE_SIZE = 10;
const USAGE = `${COMMAND} history tech --page 2`;

export const historyCommand: Subcommand = {
  name: 'history',
  usage: 'history <pricing|content|positioning|tech> [--page N]',
  summary: 'Run history of a market dimension, newest first, with each run’s summary figures.',
  area: 'market',
  example: `${COMMAND} history pricing`,
  flags: { values: { ...PROJECT_FLAG, ...PAGE_FLAG } },
  async run(inv) {
    const [word, ...extra] = inv.parsed.args;
    const dimension = dimensionOf(word, USAGE);
    if (extra.length > 0) throw new UsageError(`\`${COMMAND} history\` takes one dimension, e.g. \`${USAGE}\`.`);
    const page = pageOf(inv.parsed);
    const project = await inv.project();
    try {
      const history = await inv.deps.service.historyFacts(project.id, dimension, { page, limit: PAGE_SIZE });
      await inv.reply({ ...historyView(project.name, dimension, history, (word ?? '').toLowerCase()), shareable: history.items.length > 0 });
    } catch (error) {
      if (isServiceError(error) && error.code === 'no_data_available') return inv.reply(noDataReply(project.name, dimension));
      throw error;
    }
  },
};
