/**
 * `/radar alerts` and `/radar schedules`: the spec shows neither payload (2.11, 4.4), not even its
 * envelope, so whatever comes is listed as it came: the entries the project reader finds (`alertFacts`/`scheduleFacts`, `entriesOf`:
 * under `items`, or `item`, or the answer itself), each in one section, humanised and escaped, within a message's 50 blocks.
 */
import type { EntriesFacts } from '../../../service/read/project.js';
import { isRecord } from '../../../service/tolerant.js';
import { chunkLines, context, escapeMrkdwn, header, plural, section, type Block } from '../../../slack/blocks/index.js';
import { entryLine, passthroughLines } from './passthrough.js';

/** Sections of entries shown; the rest is counted. */
const ENTRIES_SHOWN = 40;

export function passthroughView(options: { title: string; noun: string; projectName: string; facts: EntriesFacts; now: Date }): { text: string; blocks: Block[]; empty: boolean } {
  const { noun, projectName, now } = options;
  const { entries, rest } = options.facts;
  const blocks: Block[] = [header(`${projectName}: ${options.title}`)];
  const note = context(`Radar passes ${noun}s through as the service sends them: the spec doesn't describe their fields, so nothing here is interpreted, only made readable.`);
  if (entries.length === 0) {
    blocks.push(section(`The service lists no ${noun}s for *${escapeMrkdwn(projectName)}*.`), note);
    return { text: `No ${noun}s for ${escapeMrkdwn(projectName)}`, blocks, empty: true };
  }
  blocks.push(context(plural(entries.length, noun)));
  for (const entry of entries.slice(0, ENTRIES_SHOWN)) {
    // One line with the entry's plain values; its nested parts below it.
    const nested = isRecord(entry) ? Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== null && typeof v === 'object')) : {};
    const lines = isRecord(entry) ? [entryLine(entry, now), ...(Object.keys(nested).length > 0 ? passthroughLines(nested, now, 1) : [])] : passthroughLines(entry, now);
    blocks.push(section(chunkLines(lines)[0] ?? ' '));
  }
  if (entries.length > ENTRIES_SHOWN) blocks.push(context(`…and ${plural(entries.length - ENTRIES_SHOWN, `more ${noun}`)}.`));
  const meta = passthroughLines(rest, now);
  if (Object.keys(rest).length > 0) blocks.push(context(chunkLines(meta)[0] ?? ''));
  blocks.push(note);
  return { text: `${escapeMrkdwn(projectName)}: ${plural(entries.length, noun)}`, blocks, empty: false };
}
