import type { Subcommand } from '../../plugin.js';
import { PAGE_FLAG, pageOf, PROJECT_FLAG, UsageError } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import { deepDimensionOf, loadDeepDive } from './deep-dive.js';
import { loadBriefing } from './load-briefing.js';
import { briefingView } from './views/briefing-view.js';
import { deepDiveView } from './views/deep-dive-view.js';
import { historyView } from './views/history-view.js';

const HISTORY_PAGE_SIZE = 10;

export const briefingCommand: Subcommand = {
  name: 'briefing',
  usage: 'briefing [history [--page N] | <dimension> [--charts]]',
  summary: 'The latest strategic briefing edition’s headline, the list of editions, or one dimension’s deep dive.',
  area: 'briefing',
  example: `${COMMAND} briefing pricing`,
  flags: { values: { ...PROJECT_FLAG, ...PAGE_FLAG }, switches: ['charts'] },
  async run(inv) {
    const [sub, ...extra] = inv.parsed.args.map((a) => a.toLowerCase());
    if (extra.length > 0) {
      throw new UsageError(`\`${COMMAND} briefing\` takes nothing, \`history\` (with \`--page N\`) or one dimension (with \`--charts\`), e.g. \`${COMMAND} briefing pricing\`.`);
    }
    const charts = inv.parsed.switches.has('charts');
    if (sub !== undefined && sub !== 'history') {
      const dimension = deepDimensionOf(sub);
      if (inv.parsed.values.page !== undefined) throw new UsageError(`--page goes with \`${COMMAND} briefing history\`.`);
      const project = await inv.project();
      const state = await loadDeepDive(inv.deps.service, project.id, dimension, charts);
      const { empty, ...view } = deepDiveView(project.name, dimension, state, charts);
      await inv.reply({ ...view, shareable: !empty });
      return;
    }
    if (charts) throw new UsageError(`--charts goes with a deep dive, e.g. \`${COMMAND} briefing pricing --charts\`.`);
    const page = pageOf(inv.parsed);
    const project = await inv.project();
    if (sub === undefined) {
      const state = await loadBriefing(inv.deps.service, project.id);
      await inv.reply({ ...briefingView(project.name, state, inv.deps.now()), shareable: true });
      return;
    }
    const history = await inv.deps.service.getBriefingHistory(project.id, { page, limit: HISTORY_PAGE_SIZE });
    await inv.reply({ ...historyView(project.name, history), shareable: true });
  },
};
