/**
 * `/radar history <dimension>` and `/radar run <dimension> <run id>`, from the runs reader's facts
 * (`src/service/read/runs.ts`): a history row's id, date, status and summary figures (labels in words,
 * a null gap figure "no comparison", never a tie; any other null "not measured"); a run's own fields
 * above what its area's view says of it (the same view as today's answer, read by the same reader),
 * or, for a run no area view reads, its fields in words (the fallback readout).
 */
import type { DimensionRead, Page } from '../../../service/index.js';
import type { HistoryRowFacts, RunDetailFacts, RunSummary } from '../../../service/read/runs.js';
import { chunkLines, context, dateTokenOf, dayText, escapeMrkdwn, fitBlocks, header, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import { fieldLines, inlineFields, NO_COMPARISON } from '../../readout/json-lines.js';
import { DIMENSION_LABEL } from '../dimension-word.js';
import { areaSummaryWords } from './summary-words.js';

export { NO_COMPARISON };

function summaryText(summary: RunSummary): string {
  switch (summary.kind) {
    case 'not-reported':
      return '_no summary reported_';
    case 'not-summarized':
      return '_no summary: that run finished without one_';
    case 'text':
      return escapeMrkdwn(summary.text);
    case 'area': {
      // The area's reader read it: its words, then the fields no area reader names.
      const words = [...areaSummaryWords(summary.area), ...(summary.extras.length > 0 ? [inlineFields(summary.extras)] : [])];
      return words.join(' · ') || '_a summary without figures Radar can show_';
    }
    case 'fields':
      return inlineFields(summary.fields) || '_a summary without figures Radar can show_';
  }
}

function historyLine(row: HistoryRowFacts | null): string {
  if (row === null) return "• _A run Radar couldn't read_";
  const id = row.ref?.runId ?? null;
  const head = `• *${dayText(row.at, 'undated')}* ${id ? `\`${escapeMrkdwn(id)}\`` : '_no run id_'}${row.status ? ` (${escapeMrkdwn(row.status)})` : ''}`;
  return `${head}\n    ${summaryText(row.summary)}`;
}

export function historyView(projectName: string, dimension: DimensionRead, history: Page<HistoryRowFacts | null>, word: string): { text: string; blocks: Block[] } {
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

/** What the area's own view says of a run (today's answer's view, read by the area's reader); null when no view reads it. */
export interface AreaRunView {
  blocks: Block[];
  /** The area's reader states the run's summary (else its figures are said beside the view). */
  readsSummary?: boolean;
}

export function runView(projectName: string, dimension: DimensionRead, runId: string, detail: RunDetailFacts, area: AreaRunView | null): { text: string; blocks: Block[] } {
  const label = DIMENSION_LABEL[dimension];
  const head = [`*Run* \`${escapeMrkdwn(detail.runId ?? runId)}\`${detail.status ? ` (${escapeMrkdwn(detail.status)})` : ''}`];
  if (detail.startedAt) head.push(`*Started:* ${dateTokenOf(detail.startedAt)}`);
  if (detail.completedAt) head.push(`*Completed:* ${dateTokenOf(detail.completedAt)}`);
  const blocks: Block[] = [header(`${projectName}: ${label} run`), section(head.join('\n'))];
  if (area !== null) {
    // The area's view starts with its own header (today's title): the run's header stands instead.
    const body = area.blocks[0]?.type === 'header' ? area.blocks.slice(1) : area.blocks;
    blocks.push(...body);
    if (area.readsSummary !== true && detail.summary.kind !== 'not-reported') blocks.push(context(`*Run summary:* ${summaryText(detail.summary)}`));
    const fitted = fitBlocks(blocks, 49, 'more parts than one message can hold');
    return { text: `${escapeMrkdwn(projectName)}: ${label} run ${escapeMrkdwn(runId)}`, blocks: fitted };
  }
  // The summary its area's reader read, in the area's words (the fields below leave it out).
  if (detail.summary.kind === 'area') blocks.push(section(`*Run summary:* ${summaryText(detail.summary)}`));
  const lines = fieldLines(detail.fields);
  if (lines.length === 0 && detail.summary.kind !== 'area') blocks.push(section('_This run carries nothing else Radar can show._'));
  for (const chunk of chunkLines(lines)) blocks.push(section(chunk));
  const fitted = fitBlocks(blocks, 49, 'more parts than one message can hold');
  fitted.push(context('Shown as the service sent it, in words; a gap with _no comparison_ is not a tie.'));
  return { text: `${escapeMrkdwn(projectName)}: ${label} run ${escapeMrkdwn(runId)}`, blocks: fitted };
}
