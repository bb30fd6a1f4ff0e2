/**
 * `/radar sources` and `/radar sources check <id>`: the pages and brands AI answers cite, each list
 * counted from its page object's `total` (never the page's length), with a "More" button when the
 * service says there is more. A "More" press shows one list's next page (`sourcesListView`).
 */
import { unreadableText } from '../../../service/tolerant.js';
import { actions, chunkLines, context, escapeMrkdwn, header, plainCell, plural, relativeAndAbsolute, section, tableBlock, truncate, type Block, type Button } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import { extrasText, namingText, rankText } from '../format.js';
import { listTotal, type CitedBrand, type CitedPage, type SourcesFacts, type SourcesList } from '../../../service/index.js';

/** Core-host page URLs shown under a host before "…and N more". */
const URLS_SHOWN = 4;
/** Rows of one list shown in one message (a page is normally 10; the full view or a large limit can send more). */
export const ROWS_SHOWN = 25;

export type ListName = 'pages' | 'brands';

/** Builds the "More" button for a list's next page (sealed by the caller); null when none can be made. */
export type MoreButton = (list: ListName, next: { offset: number; limit: number }) => Button | null;

const TITLES: Record<ListName, string> = { pages: 'Pages AI answers cite', brands: 'Brands AI answers name' };
const NOUNS: Record<ListName, string> = { pages: 'page', brands: 'brand' };

export function pageLine(row: CitedPage | null): string {
  if (row === null) return `• ${unreadableText('A cited page')}`;
  const label = row.label === null ? '_a page without a URL_' : `*${escapeMrkdwn(row.label)}*`;
  const own = row.isOwn ? ' _(you)_' : '';
  const extras = extrasText(row.extras);
  const head = `• ${label}${own}${row.pageUrls !== null ? ` · core host, ${plural(row.pageUrls.length, 'page')} cited` : ''}${extras ? ` · ${extras}` : ''}`;
  if (row.pageUrls === null || row.pageUrls.length === 0) return head;
  const shown = row.pageUrls.slice(0, URLS_SHOWN).map((u) => escapeMrkdwn(truncate(u, 200)));
  const rest = row.pageUrls.length - shown.length;
  return `${head}\n      ${shown.join(', ')}${rest > 0 ? ` …and ${rest} more` : ''}`;
}

export function brandLine(row: CitedBrand | null): string {
  if (row === null) return `• ${unreadableText('A brand row')}`;
  const name = row.name ?? row.domain;
  const label = name === null ? '_a brand without a name_' : `*${escapeMrkdwn(name)}*`;
  const domain = row.domain && row.domain !== name ? ` (${escapeMrkdwn(row.domain)})` : '';
  const own = row.isOwn ? ' _(you)_' : '';
  const parts = [rankText(row.rankByPresence, row.answersNaming), namingText(row.answersNaming), extrasText(row.extras) || null].filter((p): p is string => Boolean(p));
  return `• ${label}${domain}${own} · ${parts.join(' · ')}`;
}

/**
 * The brands as a table (Brand, Presence, Answers naming it), in the lines' words; null when a row
 * could not be read or carries fields only a line can say.
 */
function brandsTable(rows: readonly (CitedBrand | null)[]): Block | null {
  if (rows.length === 0 || rows.some((r) => r === null || r.extras.length > 0)) return null;
  return tableBlock({
    blockId: 'ai-sources-brands',
    columns: [{ title: 'Brand', wrap: true }, { title: 'Presence' }, { title: 'Answers naming it', align: 'right' }],
    rows: (rows as CitedBrand[]).map((row) => {
      const name = row.name ?? row.domain ?? 'a brand without a name';
      const domain = row.domain && row.domain !== name ? ` (${row.domain})` : '';
      const naming = row.answersNaming.kind === 'value' && row.answersNaming.value !== null ? String(row.answersNaming.value) : plainCell(namingText(row.answersNaming) ?? 'not reported');
      return [`${name}${domain}${row.isOwn ? ' (you)' : ''}`, plainCell(rankText(row.rankByPresence, row.answersNaming)), naming];
    }),
  });
}

/**
 * Rows to show: on a page after the first, the own row (pinned to every page, spec 2.5) was shown on
 * the first, and so was a brand pinned there whose presence rank puts it on an earlier page. Repeats
 * within a page are removed by the reader.
 */
function shownRows<T extends CitedPage | CitedBrand>(rows: (T | null)[], offset: number): (T | null)[] {
  if (offset === 0) return rows;
  return rows.filter((row) => {
    if (row === null) return true;
    if (row.isOwn) return false;
    const rank = 'rankByPresence' in row && row.rankByPresence.kind === 'value' ? row.rankByPresence.value : null;
    return rank === null || rank > offset;
  });
}

/** One list's blocks: its title with the count, its rows, and the way to the rest ("More" button, or what to do) whenever fewer than all are shown. */
export function listBlocks<T extends CitedPage | CitedBrand>(name: ListName, list: SourcesList<T>, view: string | null, more: MoreButton | null, line: (row: T | null) => string): Block[] {
  const title = TITLES[name];
  if (list.rows.kind !== 'value') return [section(unreadableText(title))];
  const total = listTotal(list, view);
  const page = list.page.kind === 'value' ? list.page.value : null;
  const rows = shownRows(list.rows.value, page?.offset ?? 0);
  const count = total === null ? '' : ` (${total})`;
  const range = page !== null && page.offset > 0 ? `, from ${page.offset + 1}` : '';
  if (rows.length === 0) {
    const rest = page?.hasMore && more ? more(name, { offset: page.offset + page.limit, limit: page.limit }) : null;
    return [section(`*${title}*${count}${range}\n_${total === 0 ? `No ${NOUNS[name]} in this check.` : `None on this page.`}_`), ...(rest ? [actions([rest])] : [])];
  }
  const shown = rows.slice(0, ROWS_SHOWN).map(line);
  const cut = rows.length > ROWS_SHOWN;
  if (cut) shown.push(`_…and ${rows.length - ROWS_SHOWN} more rows in this answer_`);
  // The brands are a leaderboard: a table when it fits (issue 29), else the lines.
  const table = name === 'brands' && !cut ? brandsTable(rows as (CitedBrand | null)[]) : null;
  const blocks: Block[] = table ? [section(`*${title}*${count}${range}`), table] : chunkLines([`*${title}*${count}${range}`, ...shown]).map((chunk) => section(chunk));
  if (list.page.kind === 'unreadable') blocks.push(context(unreadableText(`The ${NOUNS[name]} list's page information`)));
  else if (total === null) blocks.push(context(`_The service did not say how many ${NOUNS[name]}s there are in all._`));
  // The next rows: past those shown (a page longer than one message is continued from where it was cut).
  const from = page?.offset ?? 0;
  const through = from + Math.min(rows.length, ROWS_SHOWN);
  const hasRest = page !== null && (cut || page.hasMore);
  const next = hasRest && more && page ? more(name, { offset: cut ? from + ROWS_SHOWN : from + page.limit, limit: page.limit }) : null;
  if (total !== null && through < total) {
    const way = next
      ? 'the button below shows the next ones'
      : page === null
        ? `the service sent them all in one answer and Radar shows the first ${ROWS_SHOWN}`
        : `ask again with \`${COMMAND} sources\` and press More ${NOUNS[name]}s to page on`;
    const which = from > 0 ? `${from + 1} to ${through}` : `${through}`;
    blocks.push(context(`_${which} of ${total} ${NOUNS[name]}s shown: ${way}._`));
  }
  if (next) blocks.push(actions([next]));
  return blocks;
}

export interface SourcesViewInput {
  projectName: string;
  facts: SourcesFacts;
  now: Date;
  /** Set for `/radar sources check <id>`. */
  checkId?: string;
  more: MoreButton | null;
}

function checkLine(facts: SourcesFacts, now: Date, checkId: string | undefined): string {
  const when = facts.checkedAt ? `Checked ${relativeAndAbsolute(facts.checkedAt, now)}` : 'Check date not reported';
  const extras = extrasText(facts.summaryExtras);
  // The id in a code span: what `/radar sources check` takes; a header (plain text) never shows it.
  return `${checkId ? `Check \`${escapeMrkdwn(checkId)}\` · ${when.charAt(0).toLowerCase()}${when.slice(1)}` : when}${extras ? ` · ${extras}` : ''}`;
}

export function sourcesView({ projectName, facts, now, checkId, more }: SourcesViewInput): { text: string; blocks: Block[] } {
  const title = checkId ? `${projectName}: AI sources, an earlier check` : `${projectName}: AI sources`;
  const blocks: Block[] = [header(title), context(checkLine(facts, now, checkId))];
  blocks.push(...listBlocks('pages', facts.pages, facts.view, more, pageLine));
  blocks.push(...listBlocks('brands', facts.brands, facts.view, more, brandLine));
  blocks.push(
    context(
      '_Ranks come from how often answers name a brand (presence). Counts are over the whole check; each list shows one page. A brand no answer named has no rank._',
    ),
  );
  return { text: escapeMrkdwn(title), blocks: blocks.slice(0, 50) };
}

/** A "More" press: one list's next page. */
export function sourcesListView(projectName: string, name: ListName, facts: SourcesFacts, now: Date, more: MoreButton | null, checkId?: string): { text: string; blocks: Block[] } {
  const title = `${projectName}: ${TITLES[name].toLowerCase()}${checkId ? ' (an earlier check)' : ''}`;
  const list = name === 'pages' ? listBlocks('pages', facts.pages, facts.view, more, pageLine) : listBlocks('brands', facts.brands, facts.view, more, brandLine);
  return { text: escapeMrkdwn(title), blocks: [header(title), context(checkLine(facts, now, checkId)), ...list].slice(0, 50) };
}
