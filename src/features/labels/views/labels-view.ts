/** `/radar labels`: the project's labels in its order, each with its colour and its open-ticket count. */
import type { Label } from '../../../service/index.js';
import { isUnreadable, UNREADABLE_VALUE, unreadableItemsLine, type Unreadable } from '../../../service/tolerant.js';
import { chunkLines, context, escapeMrkdwn, header, plural, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';

/** A label's open-ticket count: the list's `total`, or why it is missing. */
export type LabelCount = { total: number } | { unread: true } | { skipped: true };

export interface LabelsViewData {
  projectName: string;
  labels: readonly (Label | Unreadable)[];
  /** By label id. */
  counts: ReadonlyMap<string, LabelCount>;
}

function countText(count: LabelCount | undefined): string {
  if (!count || 'skipped' in count) return '_open tickets not counted_';
  if ('unread' in count) return `_open tickets: ${UNREADABLE_VALUE}_`;
  return plural(count.total, 'open ticket');
}

function colourText(label: Label): string {
  return isUnreadable(label.color) ? `colour ${UNREADABLE_VALUE}` : `\`${escapeMrkdwn(label.color.toLowerCase())}\``;
}

export function labelsView(data: LabelsViewData): { text: string; blocks: Block[] } {
  const readableLabels = data.labels.filter((l): l is Label => !isUnreadable(l));
  const blocks: Block[] = [header(`${data.projectName}: labels`)];
  if (data.labels.length === 0) {
    blocks.push(section(`*${escapeMrkdwn(data.projectName)}* has no labels yet. \`${COMMAND} label add <name> [#rrggbb]\` adds one.`));
    return { text: `${escapeMrkdwn(data.projectName)} has no labels`, blocks };
  }
  blocks.push(context(`${plural(data.labels.length, 'label')}, in the project's order; open tickets are those in Triage, To do and In progress.`));
  const lines = readableLabels.map((l) => `${colourText(l)}  *${escapeMrkdwn(l.name)}* · ${countText(data.counts.get(l.id))}`);
  blocks.push(...chunkLines(lines).slice(0, 45).map((text) => section(text)));
  const unread = unreadableItemsLine(data.labels.filter(isUnreadable), 'label', escapeMrkdwn, ['id', 'name']);
  if (unread !== null) blocks.push(context(unread));
  blocks.push(context(`\`${COMMAND} label add|rename|color|delete …\` changes them; \`${COMMAND} tickets\` lists the board.`));
  return { text: `${escapeMrkdwn(data.projectName)}: ${plural(data.labels.length, 'label')}`, blocks };
}
