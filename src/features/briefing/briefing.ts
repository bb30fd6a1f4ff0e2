import type { Subcommand } from '../../plugin.js';
import { PAGE_FLAG, pageOf, PROJECT_FLAG, UsageError } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import { loadBriefing } from './load-briefing.js';
import { briefingView } from './views/briefing-view.js';
import { historyView } from './views/history-view.js';

const HISTORY_PAGE_SIZE = 10;

export const briefingCommand: Subcommand = {
  name: 'briefing',
  usage: 'briefing [history [--page N]]',
  summary: 'The latest strategic briefing edition’s headline, or the list of editions.',
  area: 'briefing',
  example: `${COMMAND} briefing`,
  flags: { values: { ...PROJECT_FLAG, ...PAGE_FLAG } },
  async run(inv) {
    const [sub, ...extra] = inv.parsed.args.map((a) => a.toLowerCase());
    if (sub !== undefined && (sub !== 'history' || extra.length > 0)) {
      throw new UsageError(`\`${COMMAND} briefing\` takes nothing or \`history\` (with \`--page N\`), e.g. \`${COMMAND} briefing history --page 2\`.`);
    }
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
