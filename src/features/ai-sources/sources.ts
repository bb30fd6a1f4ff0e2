/**
 * `/radar sources`: the latest AI sources check (the pages and brands AI answers cite);
 * `/radar sources history [--page N]`: the checks, newest first;
 * `/radar sources check <id>`: one check's detail. One read each.
 */
import type { Subcommand } from '../../plugin.js';
import type { CommandInvocation, ProjectRef } from '../../slack/commands/invocation.js';
import { isServiceError } from '../../service/errors.js';
import { escapeMrkdwn, section } from '../../slack/blocks/index.js';
import { openCommandButton, projectArg } from '../../slack/commands/open-action.js';
import { PAGE_FLAG, pageOf, PROJECT_FLAG, UsageError } from '../../slack/commands/parse.js';
import { unknownWordError } from '../../slack/commands/suggest.js';
import { COMMAND } from '../../slack/ids.js';
import { moreButtons } from './more-buttons.js';
import { CHECK_ID_TEXT, sourcesHistoryView } from './views/history-view.js';
import { sourcesView } from './views/sources-view.js';

const USAGE = `${COMMAND} sources [history [--page N] | check <check id>]`;

function whereOf(inv: CommandInvocation, project: ProjectRef) {
  const explicit = inv.parsed.values.project !== undefined;
  return { scope: { channel: inv.channelId, team: inv.teamId }, explicit, about: { projectId: project.id, explicit } };
}

async function noData(inv: CommandInvocation, project: ProjectRef): Promise<void> {
  await inv.reply({
    text: 'No AI sources check yet',
    blocks: [section(`*${escapeMrkdwn(project.name)}* has no completed AI sources check yet, so there are no cited pages or brands to show.`)],
  });
}

/** The dashboard, or one past check by its id (also `/radar run sources <id>`). */
export async function dashboard(inv: CommandInvocation, project: ProjectRef, checkId?: string): Promise<void> {
  const { scope, explicit } = whereOf(inv, project);
  let facts;
  try {
    facts = checkId ? await inv.deps.service.sourcesCheckFacts(project.id, checkId) : await inv.deps.service.sourcesFacts(project.id);
  } catch (error) {
    if (isServiceError(error) && error.code === 'no_data_available') return noData(inv, project);
    if (checkId && isServiceError(error) && (error.code === 'run_not_found' || error.code === 'invalid_check_id' || error.code === 'not_found')) {
      await inv.reply({
        text: 'No such AI sources check',
        blocks: [section(`*${escapeMrkdwn(project.name)}* has no AI sources check \`${escapeMrkdwn(checkId)}\`; \`${COMMAND} sources history\` lists its checks.`)],
      });
      return;
    }
    throw error;
  }
  const more = moreButtons(inv.deps, scope, { projectId: project.id, projectName: project.name, explicit, checkId: checkId ?? null });
  const view = sourcesView({ projectName: project.name, facts, now: inv.deps.now(), more, ...(checkId ? { checkId } : {}) });
  await inv.reply({ ...view, shareable: true });
}

async function history(inv: CommandInvocation, project: ProjectRef): Promise<void> {
  const page = pageOf(inv.parsed);
  const { scope, about } = whereOf(inv, project);
  let answer;
  try {
    answer = await inv.deps.service.sourcesHistoryFacts(project.id, { page });
  } catch (error) {
    if (isServiceError(error) && error.code === 'no_data_available') return noData(inv, project);
    throw error;
  }
  const view = sourcesHistoryView({
    projectName: project.name,
    rows: answer.items,
    pagination: answer.pagination,
    now: inv.deps.now(),
    open: (checkId) => openCommandButton(inv.deps, scope, 'Open', { ...about, text: `sources check ${checkId}${projectArg(about)}` }),
    nextPageCommand: `${COMMAND} sources history --page ${page + 1}${projectArg(about)}`,
  });
  await inv.reply({ ...view, shareable: answer.items.length > 0 });
}

export const sourcesCommand: Subcommand = {
  name: 'sources',
  usage: 'sources [history [--page N] | check <check id>]',
  summary: 'AI sources: the pages and brands AI answers cite; its check history and one check.',
  area: 'ai',
  example: `${COMMAND} sources`,
  flags: { values: { ...PROJECT_FLAG, ...PAGE_FLAG } },
  async run(inv) {
    const [word, ...rest] = inv.parsed.args;
    const sub = word?.toLowerCase();
    if (sub !== 'history' && inv.parsed.values.page !== undefined) throw new UsageError(`--page goes with \`${COMMAND} sources history\`.`);
    if (sub === undefined) return dashboard(inv, await inv.project());
    if (sub === 'history' && rest.length === 0) return history(inv, await inv.project());
    if (sub === 'check' && rest.length === 1 && rest[0] && CHECK_ID_TEXT.test(rest[0])) return dashboard(inv, await inv.project(), rest[0]);
    if (sub !== 'history' && sub !== 'check') throw unknownWordError(word ?? '', ['history', 'check'], 'sources', '`history` or `check <check id>`');
    throw new UsageError(`Usage: ${USAGE}`);
  },
};
