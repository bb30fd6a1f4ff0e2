/**
 * A deep-dive section, as its one reading states it (`sectionFactsOf`, src/service/read/briefing.ts):
 * title, text, lists, tables as text lines, charts as their title and note (with `--charts` each
 * series in words, never drawn), and every other field humanised and escaped.
 */
import type { SectionFacts, SectionItem, SectionPart } from '../../../service/read/briefing.js';
import { chunkLines, context, escapeMrkdwn, fitBlocks, header, section, truncate, type Block } from '../../../slack/blocks/index.js';
import { extraLines } from '../../../slack/blocks/extras.js';
import { COMMAND } from '../../../slack/ids.js';
import { editionTitle } from '../../editions/views/edition-summary.js';
import { fieldLines, fieldValueText } from '../../readout/json-lines.js';
import type { DeepDiveState } from '../deep-dive.js';

function chartLines(part: Extract<SectionPart, { kind: 'chart' }>, described: boolean): string[] {
  const lines = [`:bar_chart: *${part.title ? escapeMrkdwn(part.title) : 'Untitled chart'}*${part.note ? `: ${escapeMrkdwn(part.note)}` : ''}`];
  if (!described) return [...lines, ...fieldLines(part.fields)];
  if (part.series === null) return [...lines, '    _The service sent no series for this chart._', ...fieldLines(part.fields)];
  for (const s of part.series) {
    const name = escapeMrkdwn(s.name ?? 'a series');
    const nums = s.points.filter((p): p is number => p !== null);
    const gaps = s.points.length - nums.length;
    const unmeasured = gaps > 0 ? `, ${gaps} not measured` : '';
    lines.push(nums.length > 0 ? `    • ${name}: ${s.points.length} points, from ${nums[0]} to ${nums.at(-1)} (low ${Math.min(...nums)}, high ${Math.max(...nums)}${unmeasured})` : `    • ${name}: no points Radar can describe${unmeasured}`);
  }
  if (part.more > 0) lines.push(`    …and ${part.more} more series`);
  return [...lines, ...fieldLines(part.fields)];
}

function itemLine(item: SectionItem, charts: boolean): string {
  return item.kind === 'value' ? `• ${fieldValueText(item.value)}` : `• ${item.parts.flatMap((p) => partLines(p, charts)).join(' · ')}`;
}

/** One part of a section as lines. */
function partLines(part: SectionPart, charts: boolean): string[] {
  switch (part.kind) {
    case 'title':
      return [`*${escapeMrkdwn(part.text)}*`];
    case 'text':
      return [escapeMrkdwn(part.text)];
    case 'value':
      return [fieldValueText(part.value)];
    case 'field':
      return fieldLines([part.fact]);
    case 'chart':
      return chartLines(part, charts);
    case 'table': {
      const lines = part.title ? [`*${escapeMrkdwn(part.title)}*`] : [];
      if (part.columns) lines.push(`_${part.columns.map(fieldValueText).join(' | ')}_`);
      for (const row of part.rows) lines.push(row.map(fieldValueText).join(' | '));
      if (part.more > 0) lines.push(`…and ${part.more} more rows`);
      return [...lines, ...fieldLines(part.fields)];
    }
    case 'block': {
      const lines = part.title ? [`*${escapeMrkdwn(part.title)}*`] : [];
      if (part.text) lines.push(escapeMrkdwn(part.text));
      for (const item of part.items ?? []) lines.push(itemLine(item, charts));
      if (part.more > 0) lines.push(`…and ${part.more} more`);
      lines.push(...fieldLines(part.fields));
      return lines;
    }
  }
}

/** The section's lines: title, text, then every block or list under it, in order (a blank line between blocks). */
export function sectionLines(facts: SectionFacts, charts: boolean): string[] {
  const lines = facts.parts.flatMap((part) => (part === null ? [''] : partLines(part, charts)));
  return lines.filter((l, i, all) => l !== '' || (i > 0 && all[i - 1] !== '' && i < all.length - 1));
}

export function deepDiveView(projectName: string, dimension: string, state: DeepDiveState, charts: boolean): { text: string; blocks: Block[]; empty: boolean } {
  const name = escapeMrkdwn(projectName);
  const dim = escapeMrkdwn(dimension);
  if (state.kind === 'no-edition') {
    const sentence = `*${name}* has no done briefing edition yet, so there is no deep dive to show.`;
    return { text: `No briefing edition yet for ${name}`, blocks: [section(sentence)], empty: true };
  }
  const edition = editionTitle(state.edition);
  const rowName = state.row?.label ? escapeMrkdwn(state.row.label) : dim;
  if (state.kind === 'none') {
    const row = state.row;
    // The row's other fields (its reason may sit under a key Radar does not know) follow the sentence.
    const more = row ? extraLines(row.extras.extras, row.extras.more) : [];
    const why = row?.note ? `: ${escapeMrkdwn(row.note)}` : row ? (more.length > 0 ? '. Its hub row says:' : '; its hub row gives no reason.') : '; the hub has no row for it.';
    // Each as the word `/radar briefing` takes: a named key without its prefix, another key as `deep-<key>`.
    const named = ['ai-visibility', 'ai-sources', 'positioning', 'pricing', 'content', 'tech-trust', 'agent-readiness'];
    const held = state.held.map((s) => `\`${escapeMrkdwn(named.includes(s.slice('deep-'.length)) ? s.slice('deep-'.length) : s)}\``).join(', ');
    const blocks: Block[] = [section(`No deep dive this edition for *${rowName}* (${escapeMrkdwn(edition)})${why}`)];
    for (const chunk of chunkLines(more)) blocks.push(section(chunk));
    blocks.push(context(held ? `This edition's deep dives: ${held} (\`${COMMAND} briefing <dimension>\`).` : 'This edition holds no deep dive.'));
    return { text: `No ${dim} deep dive this edition`, blocks, empty: true };
  }
  const blocks: Block[] = [header(`${projectName}: ${state.row?.label ?? dimension} deep dive`)];
  blocks.push(context(`${escapeMrkdwn(edition)} · section \`deep-${dim}\``));
  // What the hub row says about this dimension (its note and every other field), above the section.
  if (state.row) {
    // A note the section says again (its summary) is said once, in the section.
    const sectionSays = new Set(state.found ? state.section.parts.flatMap((p) => (p?.kind === 'text' ? [p.text.trim()] : [])) : []);
    const note = state.row.note && !sectionSays.has(state.row.note.trim()) ? [escapeMrkdwn(state.row.note)] : [];
    const said = [...note, ...extraLines(state.row.extras.extras, state.row.extras.more)];
    if (said.length > 0) blocks.push(context(truncate(`_In the hub:_ ${said.join('\n')}`, 2900)));
  }
  if (!state.found) {
    blocks.push(section(`The edition lists this deep dive, but the service returned no \`deep-${dim}\` section.`));
  } else {
    const lines = sectionLines(state.section, charts);
    if (lines.length === 0) blocks.push(section('_The section is empty._'));
    for (const chunk of chunkLines(lines)) blocks.push(section(chunk));
  }
  const fitted = fitBlocks(blocks, 49, 'more parts than one message can hold');
  fitted.push(context(charts ? 'Charts are described in words, not drawn.' : `Charts show as title and note; \`${COMMAND} briefing ${dim} --charts\` describes their series.`));
  return { text: `${name}: ${dim} deep dive`, blocks: fitted, empty: false };
}
