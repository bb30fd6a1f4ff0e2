import type { Subcommand } from '../../plugin.js';
import type { CommandInvocation } from '../../slack/commands/invocation.js';
import { PAGE_FLAG, pageOf, PROJECT_FLAG, UsageError } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import { deepDimensionOf, loadDeepDive } from './deep-dive.js';
import { loadBriefing } from './load-briefing.js';
import { logFailure } from '../../slack/log-failure.js';
import { openedTickets } from '../editions/opened-tickets.js';
import { briefingMessages, briefingView, type BriefingMessages } from './views/briefing-view.js';
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
      const edition = state.kind === 'done' ? state.read : state.kind === 'never' ? null : state.lastDone;
      // The edition's ticket list (spec 4.5), the one read besides the edition itself; when it fails, the rest is shown.
      const opened = edition === null ? [] : await openedTickets(inv.deps.service, project.id, edition).catch((error: unknown) => {
        logFailure(inv.deps.logger, 'reading the tickets of a briefing edition failed', error, { projectId: project.id });
        return null;
      });
      const { empty, ...view } = briefingView(project.name, state, inv.deps.now(), opened);
      if (inv.share) {
        const messages = briefingMessages(project.name, state, inv.deps.now(), opened, true);
        // Shared with long parts: the main message and a thread; where Radar cannot post (not in the channel), the one-message answer.
        if (messages.thread.length > 0 && (await postWithThread(inv, messages))) return;
        await inv.reply(view);
        return;
      }
      await inv.reply({ ...view, shareable: !empty });
      return;
    }
    const history = await inv.deps.service.getBriefingHistory(project.id, { page, limit: HISTORY_PAGE_SIZE });
    const { empty, ...view } = historyView(project.name, history);
    await inv.reply({ ...view, shareable: !empty });
  },
};

/**
 * A shared briefing with long parts: the main message in the channel, the long parts in its thread.
 * False when the main message could not be posted (nothing was posted then).
 */
async function postWithThread(inv: CommandInvocation, messages: BriefingMessages): Promise<boolean> {
  let ts: string | undefined;
  try {
    ts = (await inv.client.chat.postMessage({ channel: inv.channelId, text: messages.main.text, blocks: messages.main.blocks, unfurl_links: false })).ts;
  } catch (error) {
    logFailure(inv.deps.logger, 'posting a shared briefing failed; answering in one message', error, { channel: inv.channelId });
    return false;
  }
  if (!ts) return false;
  for (const reply of messages.thread) {
    await inv.client.chat.postMessage({ channel: inv.channelId, thread_ts: ts, text: reply.text, blocks: reply.blocks, unfurl_links: false });
  }
  return true;
}
