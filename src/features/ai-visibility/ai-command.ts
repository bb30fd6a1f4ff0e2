/**
 * `/radar ai [trend | history | answers <brand domain>]`: the AI visibility reads (spec 2.5, 4.3).
 * Each form makes the fewest reads that answer it: the overview and `--model` one read each, the
 * trend one, history one per page (more only when the size cap makes Radar ask for fewer at a time),
 * answers one. Radar never sends a parameter combination the service refuses (4.3); should the
 * service refuse one anyway, the answer is one sentence.
 */
import type { Subcommand } from '../../plugin.js';
import { isServiceError } from '../../service/errors.js';
import { escapeMrkdwn, section, truncate } from '../../slack/blocks/index.js';
import type { CommandInvocation, ProjectRef } from '../../slack/commands/invocation.js';
import { PAGE_FLAG, pageOf, PROJECT_FLAG, UsageError } from '../../slack/commands/parse.js';
import { unknownWordError } from '../../slack/commands/suggest.js';
import { COMMAND } from '../../slack/ids.js';
import { loadHistoryPage } from './load-history.js';
import { MAP_PAGE_SIZE, nextMapCommand, sealMoreBrands, nextValue } from './more-brands.js';
import { answersMessages } from './views/answers-view.js';
import { historyView } from './views/history-view.js';
import { modelView } from './views/model-view.js';
import { overviewView } from './views/overview-view.js';
import { trendView } from './views/trend-view.js';

/** Codes of the combinations spec 4.3 refuses; Radar never sends them. */
export const REFUSED_COMBINATIONS = new Set(['paging_requires_compact_view', 'paging_requires_summary', 'nothing_to_return']);

const FLAGS = {
  ...PROJECT_FLAG,
  ...PAGE_FLAG,
  model: 'an AI model id as the service names it, e.g. --model claude',
  prompt: 'a prompt number, counted from 1, e.g. --prompt 2',
} as const;

const DOMAIN = /^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

function flagOnlyWith(inv: CommandInvocation, flag: keyof typeof FLAGS, form: string, allowed: boolean): void {
  if (!allowed && inv.parsed.values[flag] !== undefined) throw new UsageError(`--${flag} works with \`${COMMAND} ai ${form}\` only.`);
}

function promptOf(inv: CommandInvocation): number | null {
  const raw = inv.parsed.values.prompt;
  if (raw === undefined) return null;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1) throw new UsageError(`--prompt needs ${FLAGS.prompt}.`);
  return Number(raw);
}

function modelOf(inv: CommandInvocation): string | null {
  const raw = inv.parsed.values.model?.trim();
  if (raw === undefined) return null;
  if (!/^[\w.:-]{1,64}$/.test(raw)) throw new UsageError(`--model needs ${FLAGS.model}.`);
  return raw;
}

/** A read's failure that is a state or a refusal: one sentence; anything else goes to the router's error sentence. */
async function readOrSay<T>(inv: CommandInvocation, project: ProjectRef, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (!isServiceError(error)) throw error;
    if (error.code === 'no_data_available') {
      await inv.reply({ text: 'No scored AI visibility check yet', blocks: [section(`*${escapeMrkdwn(project.name)}* has no scored AI visibility check yet, so there is nothing to show.`)] });
      return null;
    }
    if (REFUSED_COMBINATIONS.has(error.code)) {
      inv.deps.logger.warn('the service refused an AI visibility parameter combination Radar does not send', { code: error.code, project: project.id });
      await inv.reply({ text: 'Refused', blocks: [section(`The monitoring service refused a combination of parameters (${escapeMrkdwn(error.code)}) that Radar never sends, so there is nothing to show; this has been logged.`)] });
      return null;
    }
    throw error;
  }
}

async function overview(inv: CommandInvocation, project: ProjectRef): Promise<void> {
  const pageNumber = inv.parsed.values.page === undefined ? 1 : pageOf(inv.parsed);
  const query = pageNumber > 1 ? { offset: (pageNumber - 1) * MAP_PAGE_SIZE, limit: MAP_PAGE_SIZE } : undefined;
  const facts = await readOrSay(inv, project, () => inv.deps.service.aiVisibilityFacts(project.id, query));
  if (!facts) return;
  const rows = facts.brands.kind === 'value' ? facts.brands.value : [];
  const page = facts.brandsPage.kind === 'value' ? facts.brandsPage.value : null;
  const scope = { channel: inv.channelId, team: inv.teamId };
  const next = nextValue(
    { projectId: project.id, projectName: project.name, explicit: inv.parsed.values.project !== undefined, checkId: facts.checkId.kind === 'value' ? facts.checkId.value : null, shown: [] },
    page,
    rows,
  );
  const moreValue = next ? sealMoreBrands(inv.deps, scope, next) : null;
  const nextCommand = page ? nextMapCommand(page, inv.parsed.values.project ?? null) : null;
  await inv.reply({ ...overviewView(project.name, facts, { moreValue, nextCommand }), shareable: true });
}

/** One past check in full (GET .../ai-visibility/history/{checkId}): the overview's view of that check (also `/radar run ai <id>`). */
export async function oneCheck(inv: CommandInvocation, project: ProjectRef, checkId: string): Promise<void> {
  let facts;
  try {
    facts = await readOrSay(inv, project, () => inv.deps.service.aiCheckFacts(project.id, checkId));
  } catch (error) {
    if (isServiceError(error) && (error.code === 'run_not_found' || error.code === 'invalid_check_id' || error.code === 'not_found')) {
      await inv.reply({
        text: 'No such check',
        blocks: [section(`*${escapeMrkdwn(project.name)}* has no AI visibility check \`${escapeMrkdwn(truncate(checkId, 60))}\`; \`${COMMAND} ai history\` lists them with their ids.`)],
      });
      return;
    }
    throw error;
  }
  if (!facts) return;
  await inv.reply({ ...overviewView(project.name, facts, { moreValue: null }), shareable: true });
}

async function oneModel(inv: CommandInvocation, project: ProjectRef, model: string): Promise<void> {
  const read = await readOrSay(inv, project, () => inv.deps.service.aiAnswersFacts(project.id, { includeAnswers: true, provider: model, includeSummary: true }));
  if (!read) return;
  const view = modelView(project.name, model, read.facts, read.answers);
  await inv.reply({ text: view.text, blocks: view.blocks, shareable: !view.empty });
}

async function trend(inv: CommandInvocation, project: ProjectRef, model: string | null): Promise<void> {
  const facts = await readOrSay(inv, project, () => inv.deps.service.aiTrendFacts(project.id, model ? { provider: model } : undefined));
  if (!facts) return;
  await inv.reply({ ...trendView(project.name, facts, model), shareable: true });
}

async function history(inv: CommandInvocation, project: ProjectRef): Promise<void> {
  const page = pageOf(inv.parsed);
  const loaded = await readOrSay(inv, project, () => loadHistoryPage(inv.deps.service, project.id, page));
  if (!loaded) return;
  await inv.reply({ ...historyView(project.name, loaded), shareable: loaded.items.length > 0 });
}

async function answers(inv: CommandInvocation, project: ProjectRef, brand: string, model: string | null, prompt: number | null): Promise<void> {
  // With --prompt the summary comes too (its per-prompt results say how many prompts there are), so a prompt past the last is said as such.
  const query = { includeAnswers: true, brand, ...(model ? { provider: model } : {}), ...(prompt ? { promptIndex: prompt - 1, includeSummary: true } : {}) };
  const read = await readOrSay(inv, project, () => inv.deps.service.aiAnswersFacts(project.id, query));
  if (!read) return;
  const messages = answersMessages(project.name, { brand, model, prompt }, read.answers, read.facts);
  for (const [i, message] of messages.entries()) await inv.reply({ ...message, shareable: i === 0 });
}

export const aiCommand: Subcommand = {
  name: 'ai',
  usage: 'ai [trend | history | check <check id> | answers <brand domain>] [--model <id>] [--prompt N] [--page N]',
  summary:
    'AI visibility: how often AI assistants name you and each competitor (market map, per model), the trend, past checks, and what the models said about one brand.',
  area: 'ai',
  example: `${COMMAND} ai answers pipedrift.com --prompt 1`,
  flags: { values: FLAGS },
  async run(inv) {
    const [form = '', ...rest] = inv.parsed.args;
    const word = form.toLowerCase();
    const model = modelOf(inv);
    if (word === '') {
      flagOnlyWith(inv, 'page', 'history` or `/radar ai', model === null);
      flagOnlyWith(inv, 'prompt', 'answers <brand domain>', false);
      const project = await inv.project();
      await (model ? oneModel(inv, project, model) : overview(inv, project));
      return;
    }
    if (word === 'trend') {
      flagOnlyWith(inv, 'page', 'history', false);
      flagOnlyWith(inv, 'prompt', 'answers <brand domain>', false);
      await trend(inv, await inv.project(), model);
      return;
    }
    if (word === 'history') {
      flagOnlyWith(inv, 'model', 'answers <brand domain>` or `/radar ai', model === null);
      flagOnlyWith(inv, 'prompt', 'answers <brand domain>', false);
      await history(inv, await inv.project());
      return;
    }
    if (word === 'check') {
      flagOnlyWith(inv, 'page', 'history', false);
      flagOnlyWith(inv, 'prompt', 'answers <brand domain>', false);
      flagOnlyWith(inv, 'model', 'answers <brand domain>` or `/radar ai', model === null);
      const id = rest.join(' ').trim();
      if (id === '') throw new UsageError(`Name the check: \`${COMMAND} ai check <check id>\` (\`${COMMAND} ai history\` lists them).`);
      await oneCheck(inv, await inv.project(), id);
      return;
    }
    if (word === 'answers') {
      flagOnlyWith(inv, 'page', 'history', false);
      const brand = (rest[0] ?? '').replace(/^https?:\/\//i, '').replace(/\/.*$/, '');
      if (!DOMAIN.test(brand)) throw new UsageError(`Name a brand by its domain: \`${COMMAND} ai answers pipedrift.com\`.`);
      const prompt = promptOf(inv);
      await answers(inv, await inv.project(), brand, model, prompt);
      return;
    }
    throw unknownWordError(form, ['trend', 'history', 'check', 'answers'], 'ai', '`trend`, `history`, `check <check id>` or `answers <brand domain>`');
  },
};
