import type { BriefingHistoryRow, Listed, Page } from '../../../service/index.js';
import { isUnreadable, readable, shown, unreadableItemsLine, unreadableOf } from '../../../service/tolerant.js';
import { chunkLines, context, dayOf, dayText, escapeMrkdwn, header, plural, section, truncate, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';

const STATUS_MARK = { done: ':white_check_mark:', running: ':hourglass_flowing_sand:', failed: ':x:' } as const;

/** `empty` is true when the page shows no run (no Share button then). Counts always come from `pagination.total`. */
export function historyView(projectName: string, page: Page<Listed<BriefingHistoryRow>>): { text: string; blocks: Block[]; empty: boolean } {
  const { items, pagination } = page;
  const blocks: Block[] = [header(`${projectName}: briefing history`)];
  if (items.length === 0) {
    blocks.push(
      section(
        pagination.total === 0
          ? 'No briefing has run yet.'
          : `Page ${pagination.page} is past the end: ${runsInAll(pagination.total)}, ${plural(Math.max(1, pagination.totalPages), 'page')}. \`${COMMAND} briefing history\` starts from the newest.`,
      ),
    );
    return { text: 'Briefing history', blocks, empty: true };
  }
  const lines = readable(items).map((row) => {
    const number = shown(row.editionNumber, (n) => (n === null ? '—' : `#${n}`));
    const { briefingDate, documentDate } = row;
    const day = isUnreadable(briefingDate) ? null : dayOf(briefingDate);
    const date = day !== null && typeof briefingDate === 'string' ? dayText(briefingDate) : shown(documentDate, (d) => dayText(d));
    const headline = shown(row.headline, (h) => (h === null ? `_${row.status}_` : escapeMrkdwn(truncate(h, 200))));
    return `${STATUS_MARK[row.status]} *${number}* · ${date} · ${headline}`;
  });
  // A row Radar could not read is counted in one line, after the rows it could (counts come from `pagination.total`).
  const unread = unreadableItemsLine(unreadableOf(items), 'row', escapeMrkdwn, ['runId', 'editionNumber']);
  if (unread !== null) lines.push(unread);
  // Rows are grouped so a page of 100 stays within the section and block limits.
  for (const chunk of chunkLines(lines)) blocks.push(section(chunk));
  const next = pagination.hasMore ? ` · next: \`${COMMAND} briefing history --page ${pagination.page + 1}\`` : '';
  blocks.push(context(`Page ${pagination.page} of ${Math.max(1, pagination.totalPages)} · ${runsInAll(pagination.total)}${next}`));
  return { text: `Briefing history, page ${pagination.page}`, blocks, empty: false };
}

/** The one way a history page counts its runs (done, running and failed), on every page. */
function runsInAll(total: number): string {
  return `${plural(total, 'run')} in all`;
}
