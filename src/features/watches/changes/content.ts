/**
 * Content changes (issue 16): the sitemap changes competitors made since the run before (changelog
 * entries detected between the two runs), counted by category with sample URLs, new pages in
 * `comparison` first; and a gap list that changed (a null list is "no comparison ran": null to a list
 * is the first comparison, not new gaps; spec 2.5).
 */
import { arrayAt, isRecord, type JsonRecord } from '../../../service/tolerant.js';
import { humanise, plural } from '../../../slack/blocks/index.js';
import { changeOf, field, listDiff, plain, rowName, summaryOf, type Change, type RunPair } from './change.js';

export const CONTENT_KEYS = ['gaps'];

/** One changelog row as read: who, when, and per category a count and sample URLs. */
export interface ChangelogRowRead {
  competitor: string;
  detectedAt: string | null;
  categories: { category: string; count: number; urls: string[] }[];
}

/** Reads changelog rows tolerantly (field names not shown by the spec; docs/assumptions.md). */
export function readChangelogRows(items: readonly unknown[]): ChangelogRowRead[] {
  return items.flatMap((item) => {
    if (!isRecord(item)) return [];
    const competitor = rowName(item) ?? 'a competitor';
    const at = field(item, 'detectedAt');
    const categoriesAt = field(item, 'categories');
    const categories: ChangelogRowRead['categories'] = [];
    if (isRecord(categoriesAt)) {
      for (const [category, value] of Object.entries(categoriesAt)) {
        const count = typeof value === 'number' ? value : field(value, 'count');
        const urls = arrayAt(value, 'urls') ?? [];
        if (typeof count === 'number') categories.push({ category, count, urls: urls.filter((u): u is string => typeof u === 'string') });
      }
    }
    return [{ competitor, detectedAt: typeof at === 'string' ? at : null, categories }];
  });
}

/** Changelog rows detected after `since` and at or before `until` (rows without a date are left out). */
export function rowsBetween(rows: readonly ChangelogRowRead[], since: string | null, until: string | null): ChangelogRowRead[] {
  const from = since ? Date.parse(since) : Number.NEGATIVE_INFINITY;
  const to = until ? Date.parse(until) : Number.POSITIVE_INFINITY;
  return rows.filter((r) => r.detectedAt !== null && Date.parse(r.detectedAt) > from && Date.parse(r.detectedAt) <= to);
}

/** New pages per (competitor, category), comparison pages weighted first. */
export function changelogChanges(rows: readonly ChangelogRowRead[]): Change[] {
  const totals = new Map<string, { competitor: string; category: string; count: number; urls: string[] }>();
  for (const row of rows) {
    for (const c of row.categories) {
      const key = `${row.competitor}\u0000${c.category}`;
      const t = totals.get(key) ?? { competitor: row.competitor, category: c.category, count: 0, urls: [] };
      t.count += c.count;
      t.urls.push(...c.urls);
      totals.set(key, t);
    }
  }
  return [...totals.values()].map((t) => {
    const samples = t.urls.slice(0, 3);
    const first = t.category === 'comparison';
    return changeOf({
      competitor: t.competitor,
      category: t.category,
      weight: first ? 95 : 70 + Math.min(t.count, 20) / 10,
      text: `${plural(t.count, `new ${humanise(t.category)} page`)}${samples.length ? `: ${samples.join(', ')}` : ''}`,
      before: null,
      after: [`${t.count} new`, ...samples].join(' '),
    });
  });
}

/** Every gap list of a run: the list-or-null fields of a `gaps` object, and `missing…` lists beside it. */
function gapLists(run: unknown): Map<string, unknown[] | null> {
  const lists = new Map<string, unknown[] | null>();
  const summary = summaryOf(run);
  const add = (source: unknown, only: RegExp | null) => {
    if (!isRecord(source)) return;
    for (const [k, v] of Object.entries(source as JsonRecord)) {
      if (!lists.has(k) && (Array.isArray(v) || v === null) && (only === null || only.test(k))) lists.set(k, v as unknown[] | null);
    }
  };
  add(field(run, 'gaps'), null);
  add(field(summary, 'gaps'), null);
  add(run, /^missing/i);
  add(summary, /^missing/i);
  return lists;
}

export function contentChanges({ previous, current }: RunPair, changelog: readonly ChangelogRowRead[]): Change[] {
  const out = changelogChanges(changelog);
  const before = gapLists(previous);
  const after = gapLists(current);
  for (const [key, list] of after) {
    const label = humanise(key);
    if (!before.has(key)) continue;
    const was = before.get(key) ?? null;
    if (was === null && list !== null) {
      out.push(changeOf({ competitor: null, weight: 55, text: `first comparison of ${label}: ${list.length === 0 ? 'none found' : plain(list)}`, before: null, after: list }));
    } else if (was !== null && list === null) {
      out.push(changeOf({ competitor: null, weight: 35, text: `${label}: no comparison ran this time (was ${plain(was)})`, before: was, after: null }));
    } else if (was !== null && list !== null) {
      const { added, removed } = listDiff(was, list);
      if (added.length) out.push(changeOf({ competitor: null, weight: 60, text: `new in ${label}: ${added.join(', ')}`, before: was, after: list }));
      if (removed.length) out.push(changeOf({ competitor: null, weight: 50, text: `no longer in ${label}: ${removed.join(', ')}`, before: was, after: list }));
    }
  }
  return out;
}
