/**
 * `/radar content gaps [--page N]`: the four gap lists whole, a page at a time (`GAPS_PAGE` elements of
 * each list per page), each with "101–143 of 143"; the main answer shows the first 25 of each and points here.
 */
import type { ContentFacts } from '../../../service/index.js';
import { unreadableText } from '../../../service/tolerant.js';
import { chunkLines, context, escapeMrkdwn, fitBlocks, header, LIMITS, section, type Block } from '../../../slack/blocks/index.js';
import { categoryName } from '../categories.js';
import { GAPS_COMMAND, gapElementText, gapListText } from '../format.js';

export const GAPS_PAGE = 100;

export function gapsView(projectName: string, facts: ContentFacts, page: number): { text: string; blocks: Block[] } {
  const blocks: Block[] = [header(`${projectName}: content gaps`)];
  if (facts.gaps.kind !== 'value') {
    blocks.push(section(unreadableText('Gap lists')));
    return { text: `${escapeMrkdwn(projectName)}: content gaps`, blocks };
  }
  const from = (page - 1) * GAPS_PAGE;
  let more = false;
  for (const gap of facts.gaps.value) {
    const title = `*${escapeMrkdwn(categoryName(gap.key))}*`;
    const list = gap.value;
    if (list.kind !== 'value' || list.value === null || list.value.length === 0) {
      blocks.push(section(`${title}: ${gapListText(list)}`));
      continue;
    }
    const total = list.value.length;
    const shown = list.value.slice(from, from + GAPS_PAGE);
    if (from + GAPS_PAGE < total) more = true;
    if (shown.length === 0) {
      blocks.push(section(`${title} (${total}): all listed on earlier pages.`));
      continue;
    }
    const range = total <= GAPS_PAGE ? `${total}` : `${from + 1}–${from + shown.length} of ${total}`;
    for (const chunk of chunkLines([`${title} (${range})`, ...shown.map((v) => `• ${gapElementText(v)}`)])) blocks.push(section(chunk));
  }
  const tail = [context(more ? `More: \`${GAPS_COMMAND} --page ${page + 1}\`.` : page > 1 ? 'That is the end of every gap list.' : 'Every gap list is shown whole.')];
  const body = fitBlocks(blocks, LIMITS.blocksPerMessage - 1 - tail.length, 'more than one message can hold: ask for the next page');
  return { text: `${escapeMrkdwn(projectName)}: content gaps, page ${page}`, blocks: [...body, ...tail] };
}
