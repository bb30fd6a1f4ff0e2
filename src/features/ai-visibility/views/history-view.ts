/**
 * `/radar ai history`: scored checks, newest first, with the customer's score and mention rate per
 * check; the count is `pagination.total`. When the service's size cap dropped entries, Radar asked
 * again with a lower `limit` (spec 2.5) and says which checks the page holds.
 */
import { standingStatement, type AiHistoryRowFacts } from '../../../service/index.js';
import type { HistoryPage } from '../load-history.js';
import { chunkLines, context, escapeMrkdwn, fitBlocks, header, plural, section, type Block } from '../../../slack/blocks/index.js';
import { dateText, NOT_MEASURED, presenceFactText, RATES_NOTE, rateText, SCORE_NOTE, scoreText } from '../format.js';

/** One check: the customer's rate, score and presence, a tie among the rows it ranks, and its id. */
function rowLine(row: AiHistoryRowFacts | null): string {
  if (row === null) return "• _A check Radar couldn't read._";
  const dateShown = dateText(row.checkedAt);
  const id = row.checkId.kind === 'value' && row.checkId.value !== '' ? ` · \`${escapeMrkdwn(row.checkId.value)}\`` : '';
  if (row.customer.kind !== 'value') return `• *${dateShown}*: _your figures: couldn't read this part of the service's answer_${id}`;
  if (row.customer.value === null) return `• *${dateShown}*: your figures ${NOT_MEASURED}${id}`;
  const c = row.customer.value;
  const own = row.rankings.kind === 'value' ? row.rankings.value.find((r) => r?.isOwn) : undefined;
  const presence = c.presence.kind === 'omitted' ? '' : ` · ${presenceFactText(c.presence, own?.tiedWith ?? 0)}`;
  const tie = standingStatement(row.standing);
  return `• *${dateShown}*: named in ${rateText(c.mentionRate)} · score ${scoreText(c.score, c.mentionRate)}${presence}${id}${tie ? `\n      ${escapeMrkdwn(tie)}` : ''}`;
}

export function historyView(projectName: string, history: HistoryPage): { text: string; blocks: Block[] } {
  const total = history.total;
  const offset = (history.page - 1) * history.pageSize;
  const blocks: Block[] = [header(`${projectName}: AI visibility checks`)];
  if (history.items.length === 0) {
    blocks.push(section(total === 0 ? 'No scored AI visibility check yet.' : `No checks on page ${history.page}: there ${total === 1 ? 'is' : 'are'} ${plural(total, 'scored check')}.`));
  } else {
    const title = `*${plural(total, 'scored check')}*, newest first (showing ${offset + 1}–${offset + history.items.length + history.stillDropped})`;
    for (const chunk of chunkLines([title, ...history.items.map(rowLine)])) blocks.push(section(chunk));
  }
  const notes: string[] = [];
  if (history.loweredTo !== null) notes.push(`_The service's response size cap dropped checks from this page, so Radar asked again for ${plural(history.loweredTo, 'check')} at a time rather than paging forward._`);
  if (history.stillDropped > 0) notes.push(`_${plural(history.stillDropped, 'check')} on this page ${history.stillDropped === 1 ? 'was' : 'were'} too large for the service's size cap even on ${history.stillDropped === 1 ? 'its' : 'their'} own._`);
  if (history.hasMore) notes.push(`Older checks: \`/radar ai history --page ${history.page + 1}\``);
  if (history.items.length > 0) notes.push('One check in full: `/radar ai check <check id>`.');
  notes.push(RATES_NOTE, SCORE_NOTE);
  blocks.push(context(...notes));
  return { text: `${escapeMrkdwn(projectName)}: AI visibility checks`, blocks: fitBlocks(blocks, 48) };
}
