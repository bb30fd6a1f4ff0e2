/**
 * `/radar changes`: the content changelog, one section per competitor and date, counts per category
 * with up to three sample URLs (every URL sent with `--all-urls`). New comparison pages come first
 * and are marked: a competitor's new comparison page is often aimed at you. `truncated: true` is said
 * plainly (the service cut the list), apart from anything Radar leaves out to fit Slack.
 */
import { labelOf, type ChangeCategory, type ChangelogFacts, type ChangelogRowFacts, type ContentCategory } from '../../../service/index.js';
import { UNREADABLE_VALUE, unreadableText } from '../../../service/tolerant.js';
import { chunkLines, context, dayText, escapeMrkdwn, fitBlocks, header, LIMITS, plural, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import { extraLines } from '../../../slack/blocks/extras.js';
import { categoryName } from '../categories.js';
import type { ContentMessage } from './content-view.js';

export interface ChangesQuery {
  /** The competitor as shown (its domain or name), when the list is filtered to one. */
  competitor: string | null;
  /** The word the person typed for the competitor, for the next page's command. */
  typedCompetitor: string | null;
  category: ContentCategory | null;
  allUrls: boolean;
  page: number;
}

/** Entries per page: ten with sample URLs, five when every URL is listed (so a page fits one message). */
export const CHANGES_PAGE_SIZE = 10;
export const CHANGES_ALL_URLS_PAGE_SIZE = 5;

/** Sample URLs shown per category in default mode (spec 2.5: up to 3). */
export const SAMPLE_URLS = 3;
const COMPARISON = ':dart:';

const isComparison = (c: ChangeCategory) => c.category === 'comparison';
const countOf = (c: ChangeCategory): number | null => (c.count.kind === 'value' ? c.count.value : null);

function countWords(c: ChangeCategory): string {
  if (c.count.kind === 'omitted') return '_count not reported_';
  if (c.count.kind === 'unreadable') return UNREADABLE_VALUE;
  return `${c.count.value.toLocaleString('en-US')} new`;
}

function categoryLines(c: ChangeCategory, allUrls: boolean, truncated: boolean): string[] {
  const mark = isComparison(c) ? `${COMPARISON} ` : '';
  const head = `• ${mark}*${escapeMrkdwn(categoryName(c.key))}:* ${countWords(c)}`;
  if (c.urls.kind === 'unreadable') return [`${head} · URLs: ${UNREADABLE_VALUE}`];
  if (c.urls.kind === 'omitted') return [`${head} · _no URLs sent_`];
  const urls = c.urls.value;
  const total = countOf(c);
  if (!allUrls) {
    const shown = urls.slice(0, SAMPLE_URLS);
    const of = total !== null && total > shown.length ? ` _(${shown.length} of ${total.toLocaleString('en-US')} shown; \`--all-urls\` lists every URL)_` : '';
    return [`${head}${shown.length ? ` — ${shown.map(escapeMrkdwn).join(', ')}` : ''}${of}`];
  }
  const cut = truncated ? ': the service cut this list' : '';
  const short = total !== null && total > urls.length ? ` _(${urls.length} of ${total.toLocaleString('en-US')} URLs sent${cut})_` : '';
  return [`${head}${short}`, ...urls.map((u) => `    ◦ ${escapeMrkdwn(u)}`)];
}

function rowLines(row: ChangelogRowFacts | null, allUrls: boolean, truncated: boolean): string[] {
  if (row === null) return [unreadableText('A changelog entry')];
  const who = escapeMrkdwn(labelOf(row.identity) ?? 'unnamed competitor');
  const when = row.date ? dayText(row.date) : '_date not given_';
  const head = `*${who}*${row.identity.isOwn ? ' _(you)_' : ''} · ${when}`;
  if (row.categories.kind !== 'value') return [head, unreadableText('Counts per category')];
  const extras = extraLines(row.extras.extras, row.extras.more).map((l) => `    ${l}`);
  if (row.categories.value.length === 0) return [head, '_no categories in this entry_', ...extras];
  return [head, ...row.categories.value.flatMap((c) => categoryLines(c, allUrls, truncated)), ...extras];
}

/** The command for another page, with the same filters. */
function pageCommand(q: ChangesQuery, page: number): string {
  const quote = (s: string) => (/\s/.test(s) ? `"${s}"` : s);
  const parts = ['changes', q.typedCompetitor ? quote(q.typedCompetitor) : null, q.category, q.allUrls ? '--all-urls' : null, `--page ${page}`];
  return `\`${COMMAND} ${escapeMrkdwn(parts.filter((p) => p !== null).join(' '))}\``;
}

function scopeWords(projectName: string, q: ChangesQuery): string {
  const who = q.competitor ? ` of ${q.competitor}` : '';
  const what = q.category ? ` · ${categoryName(q.category).toLowerCase()}` : '';
  return `${projectName}: content changes${who}${what}`;
}

/** The answer when the changelog (as filtered) holds nothing, or the page asked for is past its end. */
export function noChangesText(projectName: string, q: ChangesQuery, changelog: ChangelogFacts): string | null {
  const { total, totalPages } = changelog;
  const who = q.competitor ? ` for *${escapeMrkdwn(q.competitor)}*` : '';
  const what = q.category ? ` in *${escapeMrkdwn(categoryName(q.category).toLowerCase())}*` : '';
  if (total === 0) return `No content changes are recorded${who}${what} in *${escapeMrkdwn(projectName)}*’s competitor sitemaps.`;
  if (changelog.rows.length === 0 && q.page > totalPages) return `There is no page ${q.page}: the changelog${who}${what} has ${plural(totalPages, 'page')} (${plural(total, 'change')}).`;
  return null;
}

export function changesView(projectName: string, log: ChangelogFacts, q: ChangesQuery): ContentMessage {
  const title = scopeWords(projectName, q);
  const { rows, page, total, totalPages, missing } = log;
  const blocks: Block[] = [header(title), context(`Page ${page} of ${totalPages} · ${plural(total, 'change')} in all · newest first`)];

  const comparisons = rows.flatMap((r) => {
    const c = r && r.categories.kind === 'value' ? r.categories.value.find(isComparison) : undefined;
    return r && c ? [`${escapeMrkdwn(labelOf(r.identity) ?? 'unnamed competitor')} ${countWords(c)}${r.date ? ` (${dayText(r.date)})` : ''}`] : [];
  });
  if (comparisons.length > 0) {
    blocks.push(section(`${COMPARISON} *New comparison pages:* ${comparisons.join(' · ')}\nA competitor’s new comparison page is often aimed at you.`));
  }
  // What this page should hold by the service's own count: fewer rows means entries were dropped.
  const expected = rows.length + missing;
  const dropped = missing > 0 ? ` This page holds ${rows.length} of its ${expected} entries; the other ${plural(missing, 'entry', 'entries')} did not fit.` : '';
  if (log.truncated) {
    blocks.push(
      section(
        `:scissors: *The service cut this list* (\`truncated\`): its size cap trimmed URLs or whole entries from this page, so some are missing below.${dropped} The counts are the service’s own. A competitor or category filter, or leaving out \`--all-urls\`, gives a shorter answer.`,
      ),
    );
  } else if (missing > 0) {
    blocks.push(section(`:scissors: The service sent ${rows.length} of the ${expected} entries this page should hold.`));
  }

  const sections = rows.flatMap((r) => chunkLines(rowLines(r, q.allUrls, log.truncated)).map((t) => section(t)));
  const footer = [context(footerText(log, q))];
  const body = fitBlocks([...blocks, ...sections], LIMITS.blocksPerMessage - 1 - footer.length, 'more blocks Radar left out to fit one Slack message (the service sent them): narrow with a competitor or a category');
  return { text: escapeMrkdwn(title), blocks: [...body, ...footer] };
}

/**
 * The last line: the way to older entries when there are any; "the oldest change on record" only when
 * this page is the last, whole and uncut (spec 2.5: `truncated` means entries or URLs were trimmed).
 */
function footerText(log: ChangelogFacts, q: ChangesQuery): string {
  if (log.hasMore || log.page < log.totalPages) return `Older changes: ${pageCommand(q, log.page + 1)}`;
  if (log.reachesOldest) return 'That is the oldest change on record.';
  // The same entries at ten a page: the page that holds this page's first entry.
  const samePlace = Math.floor(((log.page - 1) * log.limit) / CHANGES_PAGE_SIZE) + 1;
  const shorter = q.allUrls ? `without \`--all-urls\`: ${pageCommand({ ...q, allUrls: false }, samePlace)}` : 'with a competitor or a category filter';
  return `Entries were cut from this page, so the oldest change on record may not be shown: ask again ${shorter}.`;
}
