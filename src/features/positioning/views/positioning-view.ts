/**
 * `/radar positioning`: the compact view (one line per competitor, own first, each with a button
 * opening its full view) and the full view of one competitor (headline, subheadline, value
 * propositions, calls to action, target audience, anything else the row carries), both followed by
 * the competitive messaging analysis.
 */
import { labelOf, neverRead, type PositioningFacts, type PositioningRow } from '../../../service/index.js';
import { unreadableText } from '../../../service/tolerant.js';
import { ACTION_IDS } from '../../../slack/ids.js';
import { button, chunkLines, context, escapeMrkdwn, fitBlocks, header, humanise, LIMITS, section, truncateWords, type Block } from '../../../slack/blocks/index.js';
import { capitalise, looseLines, looseValueText, messagingList, messagingText, NEVER_READ } from '../format.js';

export interface PositioningMessage {
  text: string;
  blocks: Block[];
}

const LEGEND = '“…” is the page’s own wording · _the page has none_: the page was read and has no such element · _never read_: the service has not read that page · _not reported_: the answer leaves it out.';

export function rowName(row: PositioningRow): string {
  return escapeMrkdwn(labelOf(row.identity) ?? 'unnamed competitor');
}

const you = (row: PositioningRow) => (row.identity.isOwn ? ' _(you)_' : '');

/** The competitive messaging analysis: one section (or its state in one line). */
export function analysisBlocks(facts: PositioningFacts): Block[] {
  const a = facts.analysis;
  const title = '*Competitive messaging analysis*';
  if (a.kind === 'unreadable') return [section(unreadableText('Competitive messaging analysis'))];
  if (a.kind === 'omitted') return [context('_This answer carries no competitive messaging analysis._')];
  if (a.value === null) return [section(`${title}\n_not measured_`)];
  if (typeof a.value === 'string') return chunkLines([title, a.value === '' ? '_none_' : escapeMrkdwn(a.value)]).map((t) => section(t));
  return chunkLines([title, ...looseLines(a.value)]).map((t) => section(t));
}

/** The compact line of one competitor: its headline and its calls to action. */
function compactLine(row: PositioningRow | null): string {
  if (row === null) return unreadableText('A competitor row');
  if (neverRead(row)) return `*${rowName(row)}*${you(row)}\n${NEVER_READ}: the service has not read this homepage.`;
  const ctas = row.ctas.kind === 'value' ? row.ctas.value.map((c) => messagingText(c.value)).join(' · ') : messagingText(row.ctas);
  return `*${rowName(row)}*${you(row)}\n${truncateWords(messagingText(row.headline), 600)}\n_Calls to action:_ ${truncateWords(ctas, 600)}`;
}

/**
 * One section per competitor with a "Full view" button; `valueFor` seals what the button opens
 * (null: no button, e.g. a row without an id or domain).
 */
export function positioningCompactView(projectName: string, facts: PositioningFacts, valueFor: (row: PositioningRow) => string | null): PositioningMessage {
  const blocks: Block[] = [header(`${projectName}: positioning`)];
  if (facts.rows.kind !== 'value') {
    blocks.push(section(unreadableText('Competitors')));
  } else {
    const rows = facts.rows.value;
    const values = rows.map((row) => (row === null ? null : valueFor(row)));
    // Without a single button (a past run's rows), the line does not point at one.
    const press = values.some((v) => v !== null) ? ' · press *Full view* for value propositions, target audience and everything else a row carries' : '';
    blocks.push(context(`${rows.length} ${rows.length === 1 ? 'competitor' : 'competitors'} (you first)${press}.`));
    rows.forEach((row, i) => {
      const value = values[i] ?? null;
      const accessory = value === null ? undefined : button({ text: 'Full view', actionId: ACTION_IDS.positioningCompetitor, value });
      blocks.push(section(compactLine(row), accessory));
    });
  }
  const tail = [...analysisBlocks(facts), context(LEGEND)];
  // Leave room for the Share button the reply adds.
  const body = fitBlocks(blocks, LIMITS.blocksPerMessage - 1 - tail.length, 'more competitors: `/radar positioning &lt;domain&gt;` shows any one');
  return { text: `${escapeMrkdwn(projectName)}: positioning`, blocks: [...body, ...tail] };
}

/** The full view of one competitor's messaging. */
export function positioningFullView(projectName: string, facts: PositioningFacts, row: PositioningRow): PositioningMessage {
  const name = labelOf(row.identity) ?? 'unnamed competitor';
  const blocks: Block[] = [header(`${projectName}: positioning of ${name}${row.identity.isOwn ? ' (you)' : ''}`)];
  if (neverRead(row)) blocks.push(section(`:grey_question: The service has never read *${rowName(row)}*’s homepage: every messaging part below is ${NEVER_READ}, which is not the same as a page without them.`));
  blocks.push(
    section(
      [`*Headline:* ${messagingText(row.headline)}`, `*Subheadline:* ${messagingText(row.subheadline)}`, `*Target audience:* ${messagingText(row.targetAudience)}`].join('\n'),
    ),
  );
  const props = messagingList(row.valuePropositions);
  if ('inline' in props) blocks.push(section(`*Value propositions:* ${props.inline}`));
  else for (const chunk of chunkLines(['*Value propositions*', ...props.lines])) blocks.push(section(chunk));
  const ctaLines =
    row.ctas.kind === 'value' ? row.ctas.value.map((c) => `• *${escapeMrkdwn(capitalise(humanise(c.key).replace(/\bcta\b/g, 'call to action')))}:* ${messagingText(c.value)}`) : [messagingText(row.ctas)];
  for (const chunk of chunkLines([row.ctas.kind === 'value' ? '*Calls to action*' : `*Calls to action:* ${ctaLines[0] ?? ''}`, ...(row.ctas.kind === 'value' ? ctaLines : [])])) blocks.push(section(chunk));
  if (row.extras.length > 0) {
    const lines = row.extras.map(([k, v]) => `*${escapeMrkdwn(capitalise(humanise(k)))}:* ${typeof v === 'string' ? (v === '' ? '_empty_' : `“${escapeMrkdwn(v)}”`) : looseValueText(v)}`);
    for (const chunk of chunkLines(['*Also in this row*', ...lines])) blocks.push(section(chunk));
  }
  const tail = [...analysisBlocks(facts), context(LEGEND)];
  const body = fitBlocks(blocks, LIMITS.blocksPerMessage - 1 - tail.length);
  return { text: `${escapeMrkdwn(projectName)}: positioning of ${escapeMrkdwn(name)}`, blocks: [...body, ...tail] };
}
