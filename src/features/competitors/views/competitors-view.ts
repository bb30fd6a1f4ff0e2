/** `/radar competitors`: the project's competitor list, own domain marked, with each one's monitored page URLs. */
import { UNREADABLE_VALUE, type Part } from '../../../service/tolerant.js';
import { chunkLines, context, escapeMrkdwn, header, plural, truncate, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import type { CompetitorRef } from '../competitor-ref.js';
import { extrasLine } from './extras-line.js';
import type { PageUrls } from '../../../service/index.js';

export interface CompetitorEntry {
  ref: CompetitorRef;
  /** The detail read's page URLs, or the one sentence saying why they are missing. */
  urls: { kind: 'read'; value: PageUrls } | { kind: 'failed'; why: string };
}

function urlText(part: Part<string | null>): string {
  if (part.kind === 'omitted') return '_not reported_';
  if (part.kind === 'unreadable') return UNREADABLE_VALUE;
  return part.value === null ? '_not measured_' : escapeMrkdwn(truncate(part.value, 300));
}

function line({ ref, urls }: CompetitorEntry): string {
  const name = ref.name && ref.name.toLowerCase() !== ref.domain.toLowerCase() ? `*${escapeMrkdwn(ref.name)}* · ${escapeMrkdwn(ref.domain)}` : `*${escapeMrkdwn(ref.domain)}*`;
  const own = ref.isOwn ? ' _(you)_' : '';
  const pages =
    urls.kind === 'failed'
      ? `_page URLs: ${urls.why}_`
      : `homepage ${urlText(urls.value.homepage)} · pricing page ${urlText(urls.value.pricing)}`;
  // Fields of the list item the spec does not name: said after the named ones, escaped (the list reader's extras).
  const extras = extrasLine(ref.extras, 6, 150);
  return `• ${name}${own}\n      ${pages}${extras !== '' ? `\n      ${extras}` : ''}`;
}

export function competitorsView(projectName: string, entries: readonly CompetitorEntry[], unreadable: number): { text: string; blocks: Block[] } {
  const title = `${projectName}: competitors`;
  const others = entries.filter((e) => !e.ref.isOwn).length;
  const blocks: Block[] = [header(title), context(`${plural(others, 'competitor')} monitored, and your own domain`)];
  const own = entries.filter((e) => e.ref.isOwn);
  const rest = entries.filter((e) => !e.ref.isOwn);
  const lines = [...own, ...rest].map(line);
  if (unreadable > 0) lines.push(`_${unreadable === 1 ? 'One competitor' : `${unreadable} competitors`} Radar couldn't read_`);
  for (const chunk of chunkLines(lines)) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: chunk } });
  blocks.push(context(`\`${COMMAND} competitor <domain or name>\` shows what every dimension says about one of them.`));
  return { text: escapeMrkdwn(title), blocks: blocks.slice(0, 50) };
}
