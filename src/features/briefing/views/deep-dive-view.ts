/**
 * A deep-dive section, whose structure the spec does not show (2.6): rendered tolerantly. A title,
 * text (`text`, `summary`, `note`, `body`), lists (`items` of values), tables (`columns` or
 * `headers` with `rows`, as text lines) and charts (a block typed or keyed `chart`, or an entry of
 * `charts`): a chart is its title and note; with `--charts` its series are described in words, never
 * drawn. Anything else is shown by key, humanised and escaped, without a meaning given to it.
 */
import { isRecord, lookup, type JsonRecord } from '../../../service/tolerant.js';
import { chunkLines, context, escapeMrkdwn, fitBlocks, header, section, truncate, type Block } from '../../../slack/blocks/index.js';
import { extraLines } from '../../../slack/blocks/extras.js';
import { COMMAND } from '../../../slack/ids.js';
import { editionTitle } from '../../editions/views/edition-summary.js';
import { jsonLines, label, primitiveText } from '../../readout/json-lines.js';
import type { DeepDiveState } from '../deep-dive.js';

const TEXT_KEYS = ['text', 'summary', 'note', 'body', 'description'];
const TITLE_KEYS = ['title', 'heading', 'name'];
const SKIP = ['kind', 'type', 'dimension', ...TEXT_KEYS, ...TITLE_KEYS];

const str = (obj: unknown, keys: readonly string[]): string | null => {
  for (const key of keys) {
    const hit = lookup(obj, key, { down: false });
    if (hit.found && typeof hit.value === 'string' && hit.value.trim() !== '') return hit.value;
  }
  return null;
};
const kindOf = (obj: JsonRecord) => (str(obj, ['type', 'kind']) ?? '').toLowerCase();
const isPrimitive = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const cell = (v: unknown) => (isPrimitive(v) ? primitiveText(v as string | number | boolean | null, '') : escapeMrkdwn(JSON.stringify(v)));

function isChart(obj: JsonRecord, key: string): boolean {
  return kindOf(obj).includes('chart') || /chart/i.test(key) || lookup(obj, 'series', { down: false }).found;
}

/** A chart in words: its title and note; with `--charts`, each series' label, points and range. */
function chartLines(obj: JsonRecord, described: boolean): string[] {
  const title = str(obj, TITLE_KEYS);
  const note = str(obj, ['note', 'caption', 'description']);
  const lines = [`:bar_chart: *${title ? escapeMrkdwn(title) : 'Untitled chart'}*${note ? `: ${escapeMrkdwn(note)}` : ''}`];
  if (!described) return lines;
  const series = lookup(obj, 'series', { down: false });
  if (!series.found || !Array.isArray(series.value) || series.value.length === 0) return [...lines, '    _The service sent no series for this chart._'];
  for (const s of series.value.slice(0, 10)) {
    if (!isRecord(s)) continue;
    const name = str(s, ['label', 'name', 'title']) ?? 'a series';
    const hit = [lookup(s, 'points', { down: false }), lookup(s, 'values', { down: false })].find((h) => h.found);
    const points = hit?.found ? hit.value : null;
    const nums = Array.isArray(points) ? points.filter((p): p is number => typeof p === 'number') : [];
    lines.push(nums.length > 0 ? `    • ${escapeMrkdwn(name)}: ${nums.length} points, from ${nums[0]} to ${nums.at(-1)} (low ${Math.min(...nums)}, high ${Math.max(...nums)})` : `    • ${escapeMrkdwn(name)}: no points Radar can describe`);
  }
  return lines;
}

function tableLines(obj: JsonRecord, title: string | null): string[] | null {
  const colHit = [lookup(obj, 'columns', { down: false }), lookup(obj, 'headers', { down: false })].find((h) => h.found);
  const cols = colHit?.found ? colHit.value : undefined;
  const rows = lookup(obj, 'rows', { down: false });
  if (!rows.found || !Array.isArray(rows.value)) return null;
  const lines = title ? [`*${escapeMrkdwn(title)}*`] : [];
  if (Array.isArray(cols)) lines.push(`_${cols.map(cell).join(' | ')}_`);
  for (const r of rows.value.slice(0, 25)) lines.push(Array.isArray(r) ? r.map(cell).join(' | ') : isRecord(r) ? Object.values(r).map(cell).join(' | ') : cell(r));
  if (rows.value.length > 25) lines.push(`…and ${rows.value.length - 25} more rows`);
  return lines;
}

/** One part of a section (a block, an entry of a list) as lines. */
function partLines(value: unknown, key: string, charts: boolean): string[] {
  if (!isRecord(value)) return isPrimitive(value) ? [cell(value)] : [];
  if (isChart(value, key)) return chartLines(value, charts);
  const title = str(value, TITLE_KEYS);
  const table = tableLines(value, title);
  if (table) return table;
  const lines: string[] = title ? [`*${escapeMrkdwn(title)}*`] : [];
  const text = str(value, TEXT_KEYS);
  if (text) lines.push(escapeMrkdwn(text));
  const items = lookup(value, 'items', { down: false });
  if (items.found && Array.isArray(items.value)) {
    for (const item of items.value.slice(0, 25)) lines.push(isRecord(item) ? `• ${partLines(item, 'item', charts).join(' · ')}` : `• ${cell(item)}`);
  }
  const rest = Object.fromEntries(Object.entries(value).filter(([k]) => !SKIP.includes(k.toLowerCase()) && k.toLowerCase() !== 'items'));
  lines.push(...jsonLines(rest, { maxDepth: 2 }));
  return lines;
}

/** The section's lines: title, text, then every block or list under it, in order. */
export function sectionLines(sectionValue: unknown, charts: boolean): string[] {
  if (!isRecord(sectionValue)) return isPrimitive(sectionValue) && sectionValue !== null ? [cell(sectionValue)] : [];
  const lines: string[] = [];
  const title = str(sectionValue, TITLE_KEYS);
  if (title) lines.push(`*${escapeMrkdwn(title)}*`);
  for (const key of TEXT_KEYS) {
    const t = str(sectionValue, [key]);
    if (t) lines.push(escapeMrkdwn(t));
  }
  for (const [key, v] of Object.entries(sectionValue)) {
    const lower = key.toLowerCase();
    if (SKIP.includes(lower)) continue;
    if (Array.isArray(v)) {
      if (v.every(isPrimitive)) lines.push(`*${label(key)}:* ${v.map(cell).join(', ') || '_none_'}`);
      else for (const part of v) lines.push(...partLines(part, key, charts), '');
    } else if (isRecord(v)) {
      lines.push(...partLines(v, key, charts), '');
    } else {
      lines.push(`*${label(key)}:* ${cell(v)}`);
    }
  }
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
    const said = [...(state.row.note ? [escapeMrkdwn(state.row.note)] : []), ...extraLines(state.row.extras.extras, state.row.extras.more)];
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
