/**
 * The moved metric over its last runs, for a watch message's thread (issue 29), drawn from the two
 * runs the watch already read to find the changes (the run told and the one it was compared with):
 * no read of its own. Pricing: the lowest price that moved (beside the market average and yours when
 * in the same currency), or the market average; tech: the security-header score or the trust signals
 * found of the site that moved (beside yours); content: the URL count (in the category, when the
 * change names one) of the site that moved (beside yours). A figure not measured is a gap, never zero.
 * AI moves draw the AI trend instead (deliver.ts); other dimensions have no chart.
 */
import { categoryLabel, labelOf, type ContentRow, type PricingRow, type RowIdentity, type TechTrustRow } from '../../service/index.js';
import type { WatchRunFacts } from '../../service/read/runs.js';
import type { Part } from '../../service/tolerant.js';
import { dayOf, dayWords } from '../../slack/blocks/index.js';
import { CHART_LIMITS, shortLabel, type ChartFacts, type ChartSeries, type MessageChart } from '../../slack/charts/index.js';
import type { WatchDimension } from '../../store/watches.js';
import type { Change } from './changes/index.js';

/** One run the watch read: its facts (`watchRunFacts`) and when it ran. */
export interface ReadRun {
  facts: WatchRunFacts;
  at: string | null;
}

/** The run told and the run it was compared with. */
export interface ComparedRuns {
  previous: ReadRun;
  current: ReadRun;
}

export const WATCH_MOVE_CHART = 'watch-move';

type Figure = number | null;
/** A series to draw: its name, and its figure in one run's facts (undefined: the run has no such row). */
interface SeriesSpec {
  name: string;
  own?: boolean;
  of: (run: WatchRunFacts) => Figure | undefined;
}
interface MetricSpec {
  title: string;
  unit?: string;
  series: SeriesSpec[];
}

/** A figure as sent: a number, null (not measured); undefined when not reported or unreadable (no point drawn). */
const num = (part: Part<number | null>): Figure | undefined => (part.kind === 'value' ? part.value : undefined);
const str = (part: Part<string | null>): string | null => (part.kind === 'value' ? part.value : null);
const keyOf = (identity: RowIdentity): string | null => labelOf(identity)?.toLowerCase() ?? null;

/** Run labels: each run's day in words, a second run on the same day numbered. */
function runLabels(runs: ComparedRuns): [string, string] {
  const day = (run: ReadRun, fallback: string) => shortLabel(dayWords(dayOf(run.at) ?? run.at) ?? fallback);
  const before = day(runs.previous, 'Run before');
  const after = day(runs.current, 'This run');
  return [before, after === before ? shortLabel(`${after} (2)`) : after];
}

const isMoved = (change: Change, identity: RowIdentity) => (change.competitor === 'own' ? identity.isOwn : keyOf(identity) === change.competitor);

function pricingMetric(change: Change, runs: ComparedRuns): MetricSpec | null {
  const rowsOf = (run: WatchRunFacts): PricingRow[] => {
    const facts = run.pricing;
    return facts?.competitors.kind === 'value' ? facts.competitors.value.filter((r): r is PricingRow => r !== null) : [];
  };
  const current = runs.current.facts.pricing;
  if (!current) return null;
  const marketCurrency = current.marketCurrency.kind === 'value' ? current.marketCurrency.value : null;
  const market: SeriesSpec = { name: 'Market average', of: (p) => { const f = p.pricing; return f ? num(f.marketAvgPrice) : undefined; } };
  const yours: SeriesSpec = { name: 'Your lowest price', of: (p) => { const f = p.pricing; return f ? num(f.customer.lowestPrice) : undefined; } };
  if (change.kind === 'market') {
    return { title: 'Market average price over the last runs', ...(marketCurrency ? { unit: ` ${marketCurrency}` } : {}), series: [market, ...(str(current.customer.currency) === marketCurrency ? [yours] : [])] };
  }
  if (change.kind !== 'price') return null;
  if (change.competitor === 'own') {
    const currency = str(current.customer.currency);
    return { title: 'Your lowest price over the last runs', ...(currency ? { unit: ` ${currency}` } : {}), series: [yours, ...(currency !== null && currency === marketCurrency ? [market] : [])] };
  }
  const row = rowsOf(runs.current.facts).find((r) => isMoved(change, r.identity));
  if (!row) return null;
  const currency = str(row.currency);
  const name = shortLabel(labelOf(row.identity) ?? 'Competitor', CHART_LIMITS.seriesName);
  const moved: SeriesSpec = { name, of: (p) => { const r = rowsOf(p).find((x) => isMoved(change, x.identity)); return r ? num(r.lowestPrice) : undefined; } };
  const sameCurrency = currency !== null && currency === marketCurrency;
  return {
    title: 'Lowest price over the last runs',
    ...(currency ? { unit: ` ${currency}` } : {}),
    series: [moved, ...(sameCurrency ? [market] : []), ...(sameCurrency && str(current.customer.currency) === currency ? [yours] : [])],
  };
}

/** The moved site, then the own site when it is another, each read by `figure`. */
function siteSeries<R extends { identity: RowIdentity }>(change: Change, rowsOf: (run: WatchRunFacts) => R[], figure: (row: R) => Figure | undefined, current: R[]): SeriesSpec[] {
  const moved = current.find((r) => isMoved(change, r.identity));
  if (!moved) return [];
  const own = current.find((r) => r.identity.isOwn && r !== moved);
  const spec = (target: R): SeriesSpec => ({
    name: shortLabel(labelOf(target.identity) ?? 'Site', CHART_LIMITS.seriesName),
    ...(target.identity.isOwn ? { own: true } : {}),
    of: (p) => {
      const row = rowsOf(p).find((r) => keyOf(r.identity) === keyOf(target.identity) && r.identity.isOwn === target.identity.isOwn);
      return row ? figure(row) : undefined;
    },
  });
  return [spec(moved), ...(own ? [spec(own)] : [])];
}

function techMetric(change: Change, runs: ComparedRuns): MetricSpec | null {
  const rowsOf = (run: WatchRunFacts): TechTrustRow[] => {
    const rows = run.tech?.rows;
    return rows?.kind === 'value' ? rows.value.filter((r): r is TechTrustRow => r !== null) : [];
  };
  const current = rowsOf(runs.current.facts);
  if (['security-grade', 'security-score', 'headers'].includes(change.kind)) {
    return { title: 'Security header score over the last runs', series: siteSeries(change, rowsOf, (r) => num(r.securityScore), current) };
  }
  if (change.kind === 'trust-signals') {
    const of = current.find((r) => isMoved(change, r.identity))?.trustSignalsOf;
    return { title: 'Trust signals found over the last runs', ...(of ? { unit: `/${of}` } : {}), series: siteSeries(change, rowsOf, (r) => num(r.trustSignalsFound), current) };
  }
  return null;
}

function contentMetric(change: Change, runs: ComparedRuns): MetricSpec | null {
  if (!['urls', 'pages', 'comparison-pages'].includes(change.kind)) return null;
  const rowsOf = (run: WatchRunFacts): ContentRow[] => {
    const rows = run.content?.rows;
    return rows?.kind === 'value' ? rows.value.filter((r): r is ContentRow => r !== null) : [];
  };
  const category = change.category;
  const figure = (row: ContentRow): Figure | undefined => {
    if (category === null) return num(row.urlCount);
    const found = row.categories.kind === 'value' ? row.categories.value.find((c) => (c.category ?? c.key) === category) : undefined;
    if (!found) return undefined;
    if (found.count.kind === 'omitted' && found.urls.kind === 'value') return found.urls.value.length;
    return num(found.count);
  };
  const title = category === null ? 'URLs in the sitemap over the last runs' : `${categoryLabel(category)} pages over the last runs`;
  return { title: shortLabel(title, CHART_LIMITS.title), series: siteSeries(change, rowsOf, figure, rowsOf(runs.current.facts)) };
}

function metricOf(dimension: WatchDimension, change: Change, runs: ComparedRuns): MetricSpec | null {
  if (dimension === 'pricing') return pricingMetric(change, runs);
  if (dimension === 'tech') return techMetric(change, runs);
  if (dimension === 'content') return contentMetric(change, runs);
  return null;
}

/**
 * The chart of the most significant change told (highest weight first) that has a figure to draw on
 * both runs' rows: two points a series (the run before, this run), at least one of them measured.
 * Null when no change told has one.
 */
export function watchMoveChart(dimension: WatchDimension, changes: readonly Change[], runs: ComparedRuns): MessageChart | null {
  const labels = runLabels(runs);
  for (const change of [...changes].sort((a, b) => b.weight - a.weight)) {
    const metric = metricOf(dimension, change, runs);
    if (!metric) continue;
    const series: ChartSeries[] = metric.series.flatMap((s) => {
      // A run whose answer has no such row (or field) has no point: not reported is not "not measured".
      const points = [s.of(runs.previous.facts), s.of(runs.current.facts)].flatMap((value, i) => (value === undefined ? [] : [{ label: labels[i] ?? '', value }]));
      return points.length === 0 ? [] : [{ name: s.name, ...(s.own ? { own: true } : {}), points }];
    });
    if (series.length === 0 || series.every((s) => s.points.every((p) => p.value === null))) continue;
    const facts: ChartFacts = { title: shortLabel(metric.title, CHART_LIMITS.title), kind: 'line', ...(metric.unit ? { unit: metric.unit } : {}), series };
    return { blockId: WATCH_MOVE_CHART, facts };
  }
  return null;
}
