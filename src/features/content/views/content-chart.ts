/**
 * Content's chart and table (issue 29), from the content reader's facts only: URLs by category per
 * site. The chart: a bar per category, one series per site (you first, then the sites with the most
 * URLs, six in all); a count not measured, not reported or unreadable is a gap, never a zero. The
 * table: the categories down, the sites across, every count as the lines would say it.
 */
import { labelOf, type CategoryCount, type ContentRow } from '../../../service/index.js';
import { plainCell, tableBlock, type Block } from '../../../slack/blocks/index.js';
import { CHART_LIMITS, shortLabel, type ChartFacts } from '../../../slack/charts/index.js';
import { categoryName } from '../categories.js';
import { countText } from '../format.js';

export const CONTENT_CHART = 'content-urls-by-category';
export const CONTENT_TABLE = 'content-urls-by-category-table';

/** A category's count as a number: the count sent, else the length of its URL list (the list being whole); null otherwise. */
export function categoryCount(c: CategoryCount | undefined): number | null {
  if (!c) return null;
  if (c.count.kind === 'value') return c.count.value;
  if (c.count.kind === 'omitted' && c.urls.kind === 'value') return c.urls.value.length;
  return null;
}

const siteName = (row: ContentRow) => labelOf(row.identity) ?? 'unnamed competitor';
const categoriesOfRow = (row: ContentRow) => (row.categories.kind === 'value' ? row.categories.value : []);

/** Every category key in the rows: the twelve in spec order, then others as they first appear. */
export function categoryKeysOf(rows: readonly ContentRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const c of categoriesOfRow(row)) seen.add(c.key);
  return [...seen];
}

/** URLs by category per site; null when no count is measured or there is no category. */
export function contentChart(rows: readonly ContentRow[]): ChartFacts | null {
  const keys = categoryKeysOf(rows).slice(0, CHART_LIMITS.categories);
  const total = (r: ContentRow) => (r.urlCount.kind === 'value' && r.urlCount.value !== null ? r.urlCount.value : -1);
  const chosen = [...rows].filter((r) => r.categories.kind === 'value').sort((a, b) => Number(b.identity.isOwn) - Number(a.identity.isOwn) || total(b) - total(a)).slice(0, CHART_LIMITS.series);
  if (keys.length === 0 || chosen.length === 0) return null;
  const names = new Set<string>();
  const series = chosen.map((row) => {
    let name = siteName(row);
    while (names.has(name)) name = `${name}′`;
    names.add(name);
    return {
      name,
      ...(row.identity.isOwn ? { own: true } : {}),
      points: keys.map((key) => ({ label: shortLabel(categoryName(key)), value: categoryCount(categoriesOfRow(row).find((c) => c.key === key)) })),
    };
  });
  if (series.every((s) => s.points.every((p) => p.value === null))) return null;
  const more = rows.length > chosen.length ? ` (${chosen.length} of ${rows.length} sites)` : '';
  return { title: shortLabel(`URLs by category${more}`, CHART_LIMITS.title), kind: 'bar', series };
}

/**
 * The categories down, the sites across (you marked), every count as the lines say it: null when
 * the sites do not fit the 19 columns beside the category, or a row's counts could not be read.
 */
export function contentTable(rows: readonly ContentRow[]): Block | null {
  if (rows.length === 0 || rows.some((r) => r.categories.kind !== 'value')) return null;
  const keys = categoryKeysOf(rows);
  const cell = (row: ContentRow, key: string) => {
    const found = categoriesOfRow(row).find((c) => c.key === key);
    if (!found) return 'not reported';
    if (found.count.kind === 'omitted' && found.urls.kind === 'value') return found.urls.value.length.toLocaleString('en-US');
    return plainCell(countText(found.count));
  };
  return tableBlock({
    blockId: CONTENT_TABLE,
    columns: [{ title: 'Category' }, ...rows.map((r) => ({ title: `${siteName(r)}${r.identity.isOwn ? ' (you)' : ''}`, align: 'right' as const }))],
    rows: [
      ...keys.map((key) => [categoryName(key), ...rows.map((r) => cell(r, key))]),
      ['All URLs', ...rows.map((r) => plainCell(countText(r.urlCount)))],
    ],
  });
}
