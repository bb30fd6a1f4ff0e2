/**
 * Content changes (issue 16, issue 27): compared on the content reader's facts (`src/service/schemas/content.ts`),
 * the one `/radar content`, `/radar changes` and the card use, and said as facts about a competitor:
 * - the sitemap changes competitors made since the run before (changelog entries detected between the
 *   two runs), per category with sample URLs, new comparison pages first ("new comparison page /acme-vs-us");
 * - what the run itself says per competitor row, when it carries rows: URLs in the sitemap and per
 *   category ("URLs in its sitemap 145 → 147"), and pages that appeared in a category's URL list;
 * - a gap list that changed (a null list is "no comparison ran": null to a list is the first comparison,
 *   not new gaps; spec 2.5), and a new strategic URL.
 */
import {
  categoryLabel,
  contentCategoryOf,
  labelOf,
  matchIdentity,
  type ChangeCategory,
  type ChangelogRowFacts,
  type CategoryCount,
  type ContentFacts,
  type ContentRow,
} from '../../../service/index.js';
import type { Part } from '../../../service/tolerant.js';
import { dayWords, plural } from '../../../slack/blocks/index.js';
import type { WatchRunFacts } from '../../../service/read/runs.js';
import { changeOf, figureChanges, listDiff, movedText, plain, scalarChange, type Change, type Raw, type RunPair } from './change.js';

/** The keys the content reader names: the generic comparison leaves them alone. */
export { CONTENT_READ_KEYS as CONTENT_KEYS } from '../../../service/schemas/content.js';

/** One changelog entry as the content reader reads it. */
export type ChangelogRowRead = ChangelogRowFacts;

/** Changelog entries detected after `since` and at or before `until` (entries without a date are left out). */
export function rowsBetween(rows: readonly ChangelogRowRead[], since: string | null, until: string | null): ChangelogRowRead[] {
  const from = since ? Date.parse(since) : Number.NEGATIVE_INFINITY;
  const to = until ? Date.parse(until) : Number.POSITIVE_INFINITY;
  return rows.filter((r) => r.date !== null && Date.parse(r.date) > from && Date.parse(r.date) <= to);
}

/**
 * When the changelog read stopped short of the earlier run (`cutBefore`, readChangelog's bound): one
 * change saying sitemap changes before that date were not read, so the watch never reads as complete.
 */
export function changelogCutChanges(cutBefore: string | null, since: string | null): Change[] {
  if (cutBefore === null || (since !== null && Date.parse(since) >= Date.parse(cutBefore))) return [];
  // In words, not a date token: a change's text is escaped where it is shown.
  const day = dayWords(cutBefore) ?? cutBefore;
  return [
    changeOf({
      kind: 'pages',
      competitor: null,
      weight: 1,
      text: `more sitemap changes than Radar reads in one go: changes before ${day} are not told here (\`/radar changes\` lists them)`,
      before: undefined,
      after: undefined,
    }),
  ];
}

/** Who a row is about, lower case (the filter and mute key), or null when it names nobody. */
const whoOf = (row: { identity: ContentRow['identity'] }): string | null => labelOf(row.identity)?.toLowerCase() ?? null;

/** A URL as said in a line: its path when it is on the competitor's own domain, else the URL. */
export function pageText(url: string, domain: string | null): string {
  try {
    const u = new URL(url);
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    const bare = domain?.toLowerCase().replace(/^www\./, '') ?? null;
    if (bare !== null && (host === bare || host.endsWith(`.${bare}`)) && u.pathname !== '/') return `${u.pathname}${u.search}`;
  } catch {
    // Not a URL: said as sent.
  }
  return url;
}

/** "new comparison page /acme-vs-us", "3 new blog pages: /a, /b, /c". */
function newPagesText(category: string, count: number, urls: readonly string[], domain: string | null): string {
  const label = categoryLabel(category);
  const samples = urls.slice(0, 3).map((u) => pageText(u, domain));
  if (count === 1 && samples.length === 1) return `new ${label} page ${samples[0]}`;
  const more = count > samples.length && samples.length > 0 ? `, …and ${count - samples.length} more` : '';
  return `${plural(count, `new ${label} page`)}${samples.length ? `: ${samples.join(', ')}${more}` : ''}`;
}

const changeCount = (c: ChangeCategory): number | null => (c.count.kind === 'value' ? c.count.value : c.urls.kind === 'value' ? c.urls.value.length : null);

/** New pages per (competitor, category) from changelog entries, comparison pages weighted first. */
export function changelogChanges(rows: readonly ChangelogRowRead[]): Change[] {
  const totals = new Map<string, { competitor: string; domain: string | null; own: boolean; category: string; count: number; urls: string[] }>();
  for (const row of rows) {
    if (row.categories.kind !== 'value') continue;
    const competitor = whoOf(row) ?? 'a competitor';
    for (const c of row.categories.value) {
      const n = changeCount(c);
      if (n === null || n === 0) continue;
      const category = c.category ?? c.key;
      const key = `${competitor}\u0000${category}`;
      const t = totals.get(key) ?? { competitor, domain: row.identity.domain, own: row.identity.isOwn, category, count: 0, urls: [] };
      t.count += n;
      if (c.urls.kind === 'value') t.urls.push(...c.urls.value);
      totals.set(key, t);
    }
  }
  return [...totals.values()].map((t) =>
    changeOf({
      kind: t.category === 'comparison' ? 'comparison-pages' : 'pages',
      competitor: t.competitor,
      own: t.own,
      category: t.category,
      weight: t.category === 'comparison' ? 95 : 70 + Math.min(t.count, 20) / 10,
      text: newPagesText(t.category, t.count, t.urls, t.domain),
      before: null,
      after: [`${t.count} new`, ...t.urls.slice(0, 3)].join(' '),
    }),
  );
}

const partRaw = <T>(part: Part<T>): Raw => (part.kind === 'value' ? part.value : undefined);

/** A category's count as a raw value (a URL list in place of a count counts its URLs). */
function categoryRaw(c: CategoryCount | undefined): Raw {
  if (c === undefined) return undefined;
  if (c.count.kind === 'omitted' && c.urls.kind === 'value') return c.urls.value.length;
  return partRaw(c.count);
}

/** What one competitor's row says moved between two runs: URLs in the sitemap, per category, pages that appeared. */
function rowChanges(before: ContentRow, after: ContentRow, told: ReadonlySet<string>): Change[] {
  const competitor = whoOf(after);
  if (competitor === null) return [];
  const base = { competitor, own: after.identity.isOwn };
  const out: Change[] = [];
  const total = scalarChange(partRaw(before.urlCount), partRaw(after.urlCount));
  if (total && total.kind !== 'now_reported' && total.kind !== 'no_longer_reported') {
    out.push(changeOf({ ...base, kind: 'urls', weight: 45, text: movedText('URLs in its sitemap', total), before: total.before, after: total.after }));
  }
  const was = before.categories.kind === 'value' ? before.categories.value : [];
  const now = after.categories.kind === 'value' ? after.categories.value : [];
  for (const c of now) {
    const category = c.category ?? c.key;
    const prior = was.find((p) => (p.category ?? p.key) === category);
    if (told.has(`${competitor}\u0000${category}`)) continue;
    if (prior && prior.urls.kind === 'value' && c.urls.kind === 'value') {
      const { added } = listDiff(prior.urls.value, c.urls.value);
      if (added.length > 0) {
        out.push(changeOf({ ...base, kind: category === 'comparison' ? 'comparison-pages' : 'pages', category, weight: category === 'comparison' ? 94 : 68, text: newPagesText(category, added.length, added, after.identity.domain), before: null, after: added.join(' ') }));
        continue;
      }
    }
    const move = scalarChange(categoryRaw(prior), categoryRaw(c));
    if (move && move.kind !== 'now_reported' && move.kind !== 'no_longer_reported') {
      out.push(changeOf({ ...base, kind: 'urls', category, weight: category === 'comparison' ? 60 : 40, text: movedText(`${categoryLabel(category)} pages`, move), before: move.before, after: move.after }));
    }
  }
  return out;
}

function rowsOf(facts: ContentFacts | null): ContentRow[] {
  if (facts === null) return [];
  return facts.rows.kind === 'value' ? facts.rows.value.filter((r): r is ContentRow => r !== null) : [];
}

/** A gap list's entries as a person reads them: a category by its name. */
const gapItems = (list: readonly string[]): string[] => list.map((v) => (contentCategoryOf(v) ? categoryLabel(v) : v));

function gapChanges(before: ContentFacts | null, after: ContentFacts | null): Change[] {
  if (before === null || after === null) return [];
  if (before.gaps.kind !== 'value' || after.gaps.kind !== 'value') return [];
  const out: Change[] = [];
  for (const gap of after.gaps.value) {
    const prior = before.gaps.value.find((g) => g.key.toLowerCase() === gap.key.toLowerCase());
    if (!prior || prior.value.kind !== 'value' || gap.value.kind !== 'value') continue;
    const label = categoryLabel(gap.key);
    const was = prior.value.value;
    const list = gap.value.value;
    if (was === null && list !== null) {
      out.push(changeOf({ kind: 'content-gaps', competitor: null, weight: 55, text: `first comparison of ${label}: ${list.length === 0 ? 'none found' : gapItems(list).join(', ')}`, before: null, after: list }));
    } else if (was !== null && list === null) {
      out.push(changeOf({ kind: 'content-gaps', competitor: null, weight: 35, text: `${label}: no comparison ran this time (was ${plain(gapItems(was))})`, before: was, after: null }));
    } else if (was !== null && list !== null) {
      const { added, removed } = listDiff(gapItems(was), gapItems(list));
      if (added.length) out.push(changeOf({ kind: 'content-gaps', competitor: null, weight: 60, text: `new in ${label}: ${added.join(', ')}`, before: was, after: list }));
      if (removed.length) out.push(changeOf({ kind: 'content-gaps', competitor: null, weight: 50, text: `no longer in ${label}: ${removed.join(', ')}`, before: was, after: list }));
    }
  }
  return out;
}

function strategicChanges(before: ContentFacts | null, after: ContentFacts | null, rows: readonly ContentRow[]): Change[] {
  if (before === null || after === null) return [];
  if (before.strategic.kind !== 'value' || after.strategic.kind !== 'value' || before.strategic.value === null || after.strategic.value === null) return [];
  const seen = new Set(before.strategic.value.entries.flatMap((e) => (e?.url ? [e.url] : [])));
  return after.strategic.value.entries.flatMap((e) => {
    if (!e?.url || seen.has(e.url)) return [];
    const row = matchIdentity({ competitorId: e.competitorId, domain: e.domain, name: null, isOwn: false }, rows.map((r) => r.identity));
    const competitor = (row ? labelOf(row) : e.domain)?.toLowerCase() ?? null;
    const why = e.notes.find(([, v]) => typeof v === 'string');
    const label = e.category ? `${categoryLabel(e.category)} page` : 'page';
    return [changeOf({ kind: 'strategic-pages', competitor, own: row?.isOwn === true, category: e.category ? (contentCategoryOf(e.category) ?? e.category) : null, weight: 65, text: `new strategic ${label} ${pageText(e.url, row?.domain ?? e.domain)}${why ? ` (${String(why[1])})` : ''}`, before: null, after: e.url })];
  });
}

/** The run summary's figures, in the words `/radar history content` says them (a null gap count: no comparison ran). */
function summaryChanges(previous: WatchRunFacts, current: WatchRunFacts): Change[] {
  const s0 = previous.contentSummary ?? null;
  const s1 = current.contentSummary ?? null;
  if (s0 === null || s1 === null) return [];
  return figureChanges(
    [
      { label: 'URLs added by competitors', before: s0.urlsAdded, after: s1.urlsAdded, gap: false, format: plain },
      { label: 'gaps found', before: s0.gapCount, after: s1.gapCount, gap: true, format: plain },
      { label: 'competitors compared', before: s0.competitorsCompared, after: s1.competitorsCompared, gap: false, format: plain },
    ],
    'no comparison',
  );
}

export function contentChanges({ previous, current }: RunPair, changelog: readonly ChangelogRowRead[]): Change[] {
  const out = [...changelogChanges(changelog), ...summaryChanges(previous, current)];
  const told = new Set(out.map((c) => `${c.competitor ?? ''}\u0000${c.category ?? ''}`));
  const before = previous.content ?? null;
  const after = current.content ?? null;
  const priorRows = rowsOf(before);
  for (const row of rowsOf(after)) {
    const prior = matchIdentity(row.identity, priorRows.map((r) => r.identity));
    const was = prior ? priorRows.find((r) => r.identity === prior) : undefined;
    if (was) out.push(...rowChanges(was, row, told));
  }
  out.push(...gapChanges(before, after), ...strategicChanges(before, after, rowsOf(after)));
  return out;
}
