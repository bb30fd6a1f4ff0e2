/**
 * The direct message that tells a person what happened: one line per event, grouped by project,
 * batched into one message; what quiet hours held says so first. Within a message's 50 blocks.
 */
import type { QuietHours } from '../../../store/follows.js';
import type { PendingNotice } from '../../../store/notify-outbox.js';
import { chunkLines, context, escapeMrkdwn, fitBlocks, plural, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import { quietText } from '../quiet-hours.js';

export interface NoticeData {
  items: readonly PendingNotice[];
  heldSince: string | null;
  quiet: QuietHours | null;
  tz: string | null;
}

export function noticeMessage(data: NoticeData): { text: string; blocks: Block[] } {
  const { items } = data;
  const lead =
    data.heldSince !== null
      ? `:crescent_moon: *While your quiet hours were on*${data.quiet ? ` (${quietText(data.quiet)}, ${escapeMrkdwn(data.tz ?? 'UTC')})` : ''}, Radar held ${plural(items.length, 'update')}:`
      : items.length > 1
        ? `*${plural(items.length, 'update')} from Radar:*`
        : null;
  const byProject = new Map<string, string[]>();
  for (const item of items) byProject.set(item.projectName, [...(byProject.get(item.projectName) ?? []), `• ${item.line}`]);
  const lines: string[] = [];
  for (const [project, list] of byProject) lines.push(`*${escapeMrkdwn(project)}*`, ...list);
  const blocks: Block[] = [...(lead ? [section(lead)] : []), ...chunkLines(lines).map((t) => section(t))];
  const footer = context(`You follow this through Radar: \`${COMMAND} follow\` lists what you follow; Radar's Home tab switches each kind of message and sets quiet hours.`);
  const first = items[0];
  const text = lead ? `${items.length} updates from Radar` : first ? `Radar: ${first.line}` : 'Radar';
  return { text: text.slice(0, 3000), blocks: [...fitBlocks(blocks, 49, 'more updates'), footer] };
}
