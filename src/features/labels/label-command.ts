/**
 * `/radar label add|rename|color|delete`: changing the project's labels. Each needs an admin when
 * `RADAR_ADMINS` is set. The rules (spec 4.6, 8) are checked against the project's label list before
 * anything is sent; the service's refusal is read as the same rules. Delete does not delete: it
 * answers with a button saying how many tickets lose the label (`label-delete.ts`).
 */
import type { Label, ServiceClient } from '../../service/index.js';
import type { Subcommand } from '../../plugin.js';
import { readable } from '../../service/tolerant.js';
import { requireAdmin } from '../../slack/access-policy.js';
import { LIMITS, actions, button, escapeMrkdwn, plural, section } from '../../slack/blocks/index.js';
import type { CommandInvocation } from '../../slack/commands/invocation.js';
import { PROJECT_FLAG, UsageError } from '../../slack/commands/parse.js';
import { unknownWordError } from '../../slack/commands/suggest.js';
import { UserError } from '../../slack/error-text.js';
import { ACTION_IDS, COMMAND } from '../../slack/ids.js';
import { confirmDialog } from '../board/confirm.js';
import { COLOR_RULE, defaultColor, labelCountProblem, labelNameProblem, labelNamed, labelRefusal, parseColor } from '../board/label-rules.js';
import { carriedBy } from './label-counts.js';
import { sealLabelDelete } from './label-delete.js';

const USAGE = `\`${COMMAND} label add <name> [#rrggbb]\`, \`${COMMAND} label rename <name> <new name>\`, \`${COMMAND} label color <name> <#rrggbb>\` or \`${COMMAND} label delete <name>\` (quote names with spaces: \`"Q3 roadmap"\`)`;

async function labelsOf(service: ServiceClient, projectId: string): Promise<Label[]> {
  return readable(await service.listLabels(projectId));
}

function mustFind(labels: readonly Label[], name: string, projectName: string): Label {
  const label = labelNamed(labels, name);
  if (!label) throw new UserError(`*${escapeMrkdwn(projectName)}* has no label named “${escapeMrkdwn(name)}” (\`${COMMAND} labels\` lists them).`);
  return label;
}

/**
 * Splits words into an existing label's name and the rest: the longest run of leading words that
 * names a label (so `rename Q3 roadmap Q4 roadmap` works without quotes), else the first word.
 */
function splitName(words: readonly string[], labels: readonly Label[]): [string, string[]] {
  for (let n = words.length - 1; n >= 1; n--) {
    const name = words.slice(0, n).join(' ');
    if (labelNamed(labels, name)) return [name, words.slice(n)];
  }
  return [words[0] ?? '', words.slice(1)];
}

async function write<T>(send: () => Promise<T>, adding: boolean): Promise<T> {
  try {
    return await send();
  } catch (error) {
    const rule = labelRefusal(error, adding);
    if (rule) throw new UserError(rule);
    throw error;
  }
}

async function add(inv: CommandInvocation, words: string[]): Promise<void> {
  const last = words.at(-1) ?? '';
  const color = last.startsWith('#') ? parseColor(last) : null;
  if (last.startsWith('#') && words.length > 1 && !color) throw new UserError(COLOR_RULE);
  const name = (color ? words.slice(0, -1) : words).join(' ').trim();
  if (!name) throw new UsageError(`Name the label, e.g. \`${COMMAND} label add "Q3 roadmap" #1f6feb\`.`);
  const project = await inv.project();
  const labels = await labelsOf(inv.deps.service, project.id);
  const problem = labelNameProblem(name, labels) ?? labelCountProblem(labels.length);
  if (problem) throw new UserError(problem);
  const chosen = color ?? defaultColor(labels.length);
  await write(() => inv.deps.service.createLabel(project.id, { name: name.trim(), color: chosen }), true);
  await inv.reply({ text: 'Label added', blocks: [section(`:white_check_mark: Added the label *${escapeMrkdwn(name.trim())}* (\`${chosen}\`) to *${escapeMrkdwn(project.name)}*.`)] });
}

async function rename(inv: CommandInvocation, words: string[]): Promise<void> {
  const project = await inv.project();
  const labels = await labelsOf(inv.deps.service, project.id);
  const [name, rest] = words.length === 2 ? [words[0] ?? '', [words[1] ?? '']] : splitName(words, labels);
  const newName = rest.join(' ').trim();
  if (!name || !newName) throw new UsageError(`Say the label and its new name, e.g. \`${COMMAND} label rename SEO "Search"\`.`);
  const label = mustFind(labels, name, project.name);
  const problem = labelNameProblem(newName, labels, label.id);
  if (problem) throw new UserError(problem);
  await write(() => inv.deps.service.updateLabel(project.id, label.id, { name: newName }), false);
  await inv.reply({ text: 'Label renamed', blocks: [section(`:white_check_mark: Renamed *${escapeMrkdwn(label.name)}* to *${escapeMrkdwn(newName)}*; its tickets keep it.`)] });
}

async function recolour(inv: CommandInvocation, words: string[]): Promise<void> {
  const color = parseColor(words.at(-1) ?? '');
  const name = words.slice(0, -1).join(' ').trim();
  if (!name || words.length < 2) throw new UsageError(`Say the label and its colour, e.g. \`${COMMAND} label color SEO #16a34a\`.`);
  if (!color) throw new UserError(COLOR_RULE);
  const project = await inv.project();
  const label = mustFind(await labelsOf(inv.deps.service, project.id), name, project.name);
  await write(() => inv.deps.service.updateLabel(project.id, label.id, { color }), false);
  await inv.reply({ text: 'Label recoloured', blocks: [section(`:white_check_mark: *${escapeMrkdwn(label.name)}* is now \`${color}\`.`)] });
}

async function askDelete(inv: CommandInvocation, words: string[]): Promise<void> {
  const name = words.join(' ').trim();
  if (!name) throw new UsageError(`Say which label, e.g. \`${COMMAND} label delete SEO\`.`);
  const project = await inv.project();
  const label = mustFind(await labelsOf(inv.deps.service, project.id), name, project.name);
  const count = await carriedBy(inv.deps.service, project.id, label.id);
  const losing = count === 0 ? 'no ticket carries it' : `${plural(count, 'ticket')} will lose it`;
  const value = sealLabelDelete(inv.deps, { channel: inv.channelId, team: inv.teamId }, { projectId: project.id, labelId: label.id, name: label.name, count, explicit: inv.parsed.values.project !== undefined });
  const deleteButton = {
    ...button({ text: `Delete “${label.name}” (${count === 1 ? '1 ticket loses it' : `${count} tickets lose it`})`.slice(0, LIMITS.buttonText), actionId: ACTION_IDS.labelDelete, value, style: 'danger' }),
    confirm: confirmDialog({ title: 'Delete this label?', text: `*${escapeMrkdwn(label.name)}* is removed from the project and from every ticket carrying it (${losing}).`, confirm: 'Delete label' }),
  };
  await inv.reply({
    text: `Delete the label ${escapeMrkdwn(label.name)}?`,
    blocks: [section(`Delete the label *${escapeMrkdwn(label.name)}* from *${escapeMrkdwn(project.name)}*? ${count === 0 ? 'No ticket carries it.' : `It is on ${plural(count, 'ticket')}, which will lose it.`}`), actions([deleteButton])],
  });
}

const VERBS: Record<string, (inv: CommandInvocation, words: string[]) => Promise<void>> = {
  add,
  rename,
  color: recolour,
  colour: recolour,
  delete: askDelete,
  remove: askDelete,
};

export const labelCommand: Subcommand = {
  name: 'label',
  usage: 'label add|rename|color|delete <name> …',
  summary: 'Add, rename, recolour or delete one of the project’s labels (admins only when RADAR_ADMINS is set).',
  area: 'tickets',
  example: `${COMMAND} label add "Q3 roadmap" #1f6feb`,
  flags: { values: PROJECT_FLAG },
  async run(inv) {
    const [verb = '', ...words] = inv.parsed.args;
    const run = VERBS[verb.toLowerCase()];
    if (!run) throw verb === '' ? new UsageError(`\`${COMMAND} label\` takes ${USAGE}.`) : unknownWordError(verb, Object.keys(VERBS), 'label', '`add`, `rename`, `color` or `delete`');
    requireAdmin(inv.deps.config, inv.userId, 'change labels');
    await run(inv, words);
  },
};
