/**
 * `/radar history <dimension>` and `/radar run <dimension> <run id>`. History rows and run details
 * are "not shown" beyond the rules of spec 2.5, so each is rendered tolerantly (`jsonLines`): the
 * run id and date found in any case, the summary's figures as sent. A null gap figure reads "no
 * comparison" (either side unmeasured, or no competitor), never a tie; any other null "not measured".
 */
import type { DimensionRead, Page } from '../../../service/index.js';
import { isRecord, lookup, type JsonRecord } from '../../../service/tolerant.js';
import { chunkLines, context, dayOf, escapeMrkdwn, fitBlocks, header, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import { inlineFacts, jsonLines, type JsonLinesOptions } from '../../readout/json-lines.js';
import { DIMENSION_LABEL } from '../dimension-word.js';

export const NO_COMPARISON = '_no comparison_';

/** Null under a gap figure is "no comparison" (spec 2.5), any other null "not measured". */
export const GAP_NULLS: JsonLinesOptions = {
  nullText: (key) => (/gap/i.test(key) ? NO_COMPARISON : '_not measured_'),
};

const str = (obj: unknown, ...keys: string[]): string | null => {
  for (const key of keys) {
    const hit = lookup(obj, key, { down: false });
    if (hit.found && typeof hit.value === 'string' && hit.value.trim() !== '') return hit.value;
  }
  return null;
};

export const runIdOf = (row: unknown) => str(row, 'runId', 'id');
const dateOf = (row: unknown) => dayOf(str(row, 'completedAt', 'finishedAt', 'date', 'startedAt'));

function summaryText(row: JsonRecord): string {
  const hit = lookup(row, 'summary', { down: false });
  if (!hit.found) return '_no summary reported_';
  if (hit.value === null) return '_no summary: that run finished without one_';
  if (!isRecord(hit.value)) return escapeMrkdwn(String(hit.value));
  return inlineFacts(hit.value, GAP_NULLS) || '_a summary without figures Radar can show_';
}

function historyLine(row: unknown): string {
  if (!isRecord(row)) return "• _A run Radar couldn't read_";
  const id = runIdOf(row);
  const status = str(row, 'status');
  const head = `• *${escapeMrkdwn(dateOf(row) ?? 'undated')}* ${id ? `\`${escapeMrkdwn(id)}\`` : '_no run id_'}${status ? ` (${escapeMrkdwn(status)})` : ''}`;
  return `${head}\n    ${summaryText(row)}`;
}

export function historyView(projectName: string, dimension: DimensionRead, history: Page<unknown>, word: string): { text: string; blocks: Block[] } {
  const { pagination, items } = history;
  const label = DIMENSION_LABEL[dimension];
  const blocks: Block[] = [header(`${projectName}: ${label} runs`)];
  if (pagination.total === 0) {
    blocks.push(section(`*${escapeMrkdwn(projectName)}* has no ${label} runs yet.`));
    return { text: `${escapeMrkdwn(projectName)}: no ${label} runs`, blocks };
  }
  if (items.length === 0) {
    // A page past the end says the same count as every other page (`pagination.total`), and nothing else.
    blocks.push(section(`Page ${pagination.page} is past the end: ${pagination.total} ${pagination.total === 1 ? 'run' : 'runs'} in all, ${Math.max(1, pagination.totalPages)} ${pagination.totalPages === 1 ? 'page' : 'pages'}.`));
    return { text: `${escapeMrkdwn(projectName)}: ${label} runs, past the last page`, blocks };
  }
  const intro = `*${pagination.total} ${pagination.total === 1 ? 'run' : 'runs'}*, newest first · page ${pagination.page} of ${Math.max(1, pagination.totalPages)}`;
  for (const chunk of chunkLines([intro, ...items.map(historyLine)])) blocks.push(section(chunk));
  const notes = [`Detail of one run: \`${COMMAND} run ${word} <run id>\`.`, 'A gap with _no comparison_ had nothing to compare (a side unmeasured, or no competitor): it is not a tie.'];
  if (pagination.hasMore) notes.unshift(`More: \`${COMMAND} history ${word} --page ${pagination.page + 1}\`.`);
  const fitted = fitBlocks(blocks, 49);
  fitted.push(context(...notes));
  return { text: `${escapeMrkdwn(projectName)}: ${pagination.total} ${label} runs`, blocks: fitted };
}

export function runView(projectName: string, dimension: DimensionRead, runId: string, detail: JsonRecord): { text: string; blocks: Block[] } {
  const label = DIMENSION_LABEL[dimension];
  const blocks: Block[] = [header(`${projectName}: ${label} run`)];
  const status = str(detail, 'status');
  const head = [`*Run* \`${escapeMrkdwn(runIdOf(detail) ?? runId)}\`${status ? ` (${escapeMrkdwn(status)})` : ''}`];
  const started = str(detail, 'startedAt');
  const completed = str(detail, 'completedAt', 'finishedAt');
  if (started) head.push(`*Started:* ${escapeMrkdwn(started)}`);
  if (completed) head.push(`*Completed:* ${escapeMrkdwn(completed)}`);
  blocks.push(section(head.join('\n')));
  const lines = jsonLines(detail, { ...GAP_NULLS, skip: ['runid', 'id', 'status', 'startedat', 'completedat', 'finishedat'] });
  if (lines.length === 0) blocks.push(section('_This run carries nothing else Radar can show._'));
  for (const chunk of chunkLines(lines)) blocks.push(section(chunk));
  const fitted = fitBlocks(blocks, 49, 'more parts than one message can hold');
  fitted.push(context('Shown as the service sent it; a gap with _no comparison_ is not a tie.'));
  return { text: `${escapeMrkdwn(projectName)}: ${label} run ${escapeMrkdwn(runId)}`, blocks: fitted };
}
