import type { BriefingHistoryRow, Page } from '../../../service/index.js';
import { chunkLines, context, dayOf, escapeMrkdwn, header, section, truncate, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';

const STATUS_MARK = { done: ':white_check_mark:', running: ':hourglass_flowing_sand:', failed: ':x:' } as const;

export function historyView(projectName: string, page: Page<BriefingHistoryRow>): { text: string; blocks: Block[] } {
  const { items, pagination } = page;
  const blocks: Block[] = [header(`${projectName}: briefing history`)];
  if (items.length === 0) {
    blocks.push(section(pagination.total === 0 ? 'No briefing has run yet.' : `Page ${pagination.page} is past the end (${pagination.total} editions in all).`));
    return { text: 'Briefing history', blocks };
  }
  const lines = items.map((row) => {
    const number = row.editionNumber === null ? '—' : `#${row.editionNumber}`;
    const date = dayOf(row.briefingDate) ?? row.documentDate;
    const headline = row.headline === null ? `_${row.status}_` : escapeMrkdwn(truncate(row.headline, 200));
    return `${STATUS_MARK[row.status]} *${number}* · ${escapeMrkdwn(date)} · ${headline}`;
  });
  // Rows are grouped so a page of 100 stays within the section and block limits.
  for (const chunk of chunkLines(lines)) blocks.push(section(chunk));
  const next = pagination.hasMore ? ` · next: \`${COMMAND} briefing history --page ${pagination.page + 1}\`` : '';
  blocks.push(context(`Page ${pagination.page} of ${Math.max(1, pagination.totalPages)} · ${pagination.total} runs in all${next}`));
  return { text: `Briefing history, page ${pagination.page}`, blocks };
}
