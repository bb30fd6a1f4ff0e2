/**
 * `/radar content [competitor]`: URL counts by the twelve categories of spec 2.5, the strategic URL
 * analysis and the four gap lists (null: no comparison ran; empty: compared, none found). Without a
 * competitor, one line per category across competitors (you first); with one, that competitor's
 * twelve counts and its strategic URLs.
 */
import { labelOf, type CategoryCount, type ContentFacts, type ContentRow, type StrategicUrl } from '../../../service/index.js';
import { keyStem, unreadableItemsLine, unreadableText, Unreadable } from '../../../service/tolerant.js';
import { chunkLines, context, escapeMrkdwn, fitBlocks, header, humanise, LIMITS, section, type Block } from '../../../slack/blocks/index.js';
import { extraLines } from '../../../slack/blocks/extras.js';
import { categoryName } from '../categories.js';
import { chartPart, type MessageChart } from '../../../slack/charts/index.js';
import { CONTENT_CHART, contentChart, contentTable } from './content-chart.js';
import { countText, gapListText, NO_COMPARISON, NONE_FOUND, NOT_MEASURED } from '../format.js';

export interface ContentMessage {
  text: string;
  blocks: Block[];
  charts?: MessageChart[];
}

const LEGEND = `Gap lists: ${NO_COMPARISON} means the service did not compare; ${NONE_FOUND} means it compared and found no gap. ${NOT_MEASURED} is never a zero.`;

const nameOf = (row: ContentRow) => escapeMrkdwn(labelOf(row.identity) ?? 'unnamed competitor');
const you = (row: ContentRow) => (row.identity.isOwn ? ' _(you)_' : '');

/** A category's count; a category sent as a list of URLs (no count) is counted by its URLs, the list being whole. */
function categoryCountText(c: CategoryCount): string {
  if (c.count.kind === 'omitted' && c.urls.kind === 'value') return c.urls.value.length.toLocaleString('en-US');
  return countText(c.count);
}

function countOf(row: ContentRow, key: string): string {
  if (row.categories.kind !== 'value') return countText(row.categories);
  const found = row.categories.value.find((c) => c.key === key);
  return found ? categoryCountText(found) : '_not reported_';
}

/** Every category key in the rows: the twelve in spec order, then others as they first appear. */
function categoryKeys(rows: readonly ContentRow[]): CategoryCount[] {
  const seen = new Map<string, CategoryCount>();
  for (const row of rows) if (row.categories.kind === 'value') for (const c of row.categories.value) if (!seen.has(c.key)) seen.set(c.key, c);
  return [...seen.values()];
}

function strategicLine(entry: StrategicUrl | null, rows: readonly ContentRow[], showWho: boolean): string {
  if (entry === null) return `• ${unreadableText('A strategic URL')}`;
  const who = rows.find((r) => (entry.competitorId !== null && r.identity.competitorId === entry.competitorId) || (entry.domain !== null && r.identity.domain === entry.domain));
  const whoText = showWho ? (who ? ` · ${nameOf(who)}` : entry.domain ? ` · ${escapeMrkdwn(entry.domain)}` : '') : '';
  const parts = [entry.url ? escapeMrkdwn(entry.url) : '_no URL given_'];
  if (entry.category) parts.push(escapeMrkdwn(categoryName(entry.category).toLowerCase()));
  const notes = entry.notes.map(([k, v]) => (typeof v === 'string' && /^(why|reason|reasontext|insight|note|summary|analysis|description)$/.test(keyStem(k)) ? escapeMrkdwn(v) : `${escapeMrkdwn(humanise(k))}: ${escapeMrkdwn(String(v))}`));
  return `• ${parts.join(' · ')}${whoText}${notes.length ? ` — ${notes.join(' · ')}` : ''}`;
}

function belongsTo(entry: StrategicUrl | null, row: ContentRow): boolean {
  if (entry === null) return false;
  if (entry.competitorId !== null && row.identity.competitorId !== null) return entry.competitorId === row.identity.competitorId;
  if (entry.domain !== null && row.identity.domain !== null) return entry.domain === row.identity.domain;
  return entry.url !== null && row.identity.domain !== null && entry.url.includes(row.identity.domain);
}

function strategicBlocks(facts: ContentFacts, rows: readonly ContentRow[], only: ContentRow | null): Block[] {
  const s = facts.strategic;
  const title = '*Strategic URL analysis*';
  if (s.kind === 'unreadable') return [section(unreadableText('Strategic URL analysis'))];
  if (s.kind === 'omitted') return [context('_This answer carries no strategic URL analysis._')];
  if (s.value === null) return [section(`${title}: ${NOT_MEASURED}`)];
  const entries = only ? s.value.entries.filter((e) => belongsTo(e, only)) : s.value.entries;
  const notes = s.value.notes.map(([k, v]) => `${escapeMrkdwn(humanise(k))}: ${v === null ? NOT_MEASURED : escapeMrkdwn(String(v))}`);
  const lines = entries.map((e) => strategicLine(e, rows, only === null));
  if (lines.length === 0) lines.push(only ? '_none for this competitor_' : '_none_');
  return chunkLines([title, ...notes, ...lines]).map((t) => section(t));
}

function gapBlocks(facts: ContentFacts): Block[] {
  if (facts.gaps.kind !== 'value') return [section(unreadableText('Gap lists'))];
  const lines = facts.gaps.value.map((g) => `• *${escapeMrkdwn(categoryName(g.key))}:* ${gapListText(g.value)}`);
  return chunkLines(['*Content gaps: what competitors have and you don’t*', ...lines]).map((t) => section(t));
}

function rowsOf(facts: ContentFacts): { rows: ContentRow[]; unreadable: Unreadable[] } | null {
  if (facts.rows.kind !== 'value') return null;
  const rows = facts.rows.value.filter((r): r is ContentRow => r !== null);
  return { rows, unreadable: facts.rows.value.filter((r) => r === null).map(() => new Unreadable(null)) };
}

/** The fields the reader does not name, after the named ones (issue 27: nothing the service sends is dropped). */
function extraBlocks(title: string, facts: { extras: Parameters<typeof extraLines>[0]; more: number }): Block[] {
  const lines = extraLines(facts.extras, facts.more);
  return lines.length === 0 ? [] : chunkLines([title, ...lines]).map((t) => section(t));
}

function finish(title: string, blocks: Block[], tail: Block[]): ContentMessage {
  const body = fitBlocks(blocks, LIMITS.blocksPerMessage - 1 - tail.length);
  return { text: escapeMrkdwn(title), blocks: [...body, ...tail] };
}

/** Every competitor: URLs each, then one line per category across competitors. */
export function contentView(projectName: string, facts: ContentFacts): ContentMessage {
  const blocks: Block[] = [header(`${projectName}: content`)];
  const charts: MessageChart[] = [];
  const got = rowsOf(facts);
  if (got === null) {
    blocks.push(section(unreadableText('Competitors’ URL counts')));
  } else {
    const { rows, unreadable } = got;
    const totals = rows.map((r) => `• *${nameOf(r)}*${you(r)}: ${r.urlCount.kind === 'value' && r.urlCount.value !== null ? `${countText(r.urlCount)} URLs` : `URLs ${countText(r.urlCount)}`}`);
    const bad = unreadableItemsLine(unreadable, 'competitor row', escapeMrkdwn);
    for (const t of chunkLines([`*URLs per competitor (${rows.length})*`, ...totals, ...(bad ? [bad] : [])])) blocks.push(section(t));
    const chart = chartPart(contentChart(rows), CONTENT_CHART, { figures: false });
    blocks.push(...chart.blocks);
    charts.push(...chart.charts);
    // The chart's figures are the table's (or the lines') counts just below.
    const table = contentTable(rows);
    const perCategory = categoryKeys(rows).map((c) => `• *${escapeMrkdwn(categoryName(c.key))}:* ${rows.map((r) => `${nameOf(r)} ${countOf(r, c.key)}`).join(' · ')}`);
    const unreadableCounts = rows.filter((r) => r.categories.kind === 'unreadable').map((r) => `• ${nameOf(r)}: ${unreadableText('URL counts by category')}`);
    if (table) blocks.push(section('*URLs by category*'), table);
    else for (const t of chunkLines(['*URLs by category*', ...perCategory, ...unreadableCounts])) blocks.push(section(t));
  }
  const tail = [...strategicBlocks(facts, got?.rows ?? [], null), ...gapBlocks(facts), ...extraBlocks('*Also in this answer*', facts.extras), context(LEGEND)];
  return { ...finish(`${projectName}: content`, blocks, tail), charts };
}

/** One competitor: its URLs, all twelve categories (0 included) and its strategic URLs; the gap lists are the project's. */
export function contentCompetitorView(projectName: string, facts: ContentFacts, row: ContentRow): ContentMessage {
  const name = labelOf(row.identity) ?? 'unnamed competitor';
  const blocks: Block[] = [header(`${projectName}: content of ${name}${row.identity.isOwn ? ' (you)' : ''}`)];
  blocks.push(section(`*URLs:* ${countText(row.urlCount)}`));
  if (row.categories.kind !== 'value') blocks.push(section(unreadableText('URL counts by category')));
  else {
    const lines = row.categories.value.map((c) => `• *${escapeMrkdwn(categoryName(c.key))}:* ${categoryCountText(c)}`);
    for (const t of chunkLines(['*URLs by category*', ...lines])) blocks.push(section(t));
  }
  blocks.push(...extraBlocks(`*Also on ${escapeMrkdwn(name)}’s row*`, row.extras));
  const rows = rowsOf(facts)?.rows ?? [row];
  const tail = [...strategicBlocks(facts, rows, row), ...gapBlocks(facts), context(LEGEND)];
  return finish(`${projectName}: content of ${name}`, blocks, tail);
}
