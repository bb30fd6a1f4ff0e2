/**
 * A chart as plain facts (a title, a kind, up to six series of labelled numbers, the own brand
 * marked), and Slack's limits on it. Views build these from what the service said; the builders in
 * this folder turn them into Slack's chart block, a PNG, figures as text and a sparkline.
 * Imports nothing from features.
 */

export type ChartKind = 'line' | 'bar' | 'area' | 'pie';

/** One labelled number; null is "not measured" (spec 2.2), never zero. */
export interface ChartPoint {
  label: string;
  value: number | null;
}

export interface ChartSeries {
  /** Legend name: a brand, a site, "Market average". */
  name: string;
  points: readonly ChartPoint[];
  /** The workspace's own brand: marked "(you)" in the block and drawn stronger in the PNG. */
  own?: boolean;
}

export interface ChartFacts {
  /** At most 50 characters (Slack's limit for the chart block). */
  title: string;
  kind: ChartKind;
  /** 1 to 6 series; a pie has exactly one, whose points are its slices. */
  series: readonly ChartSeries[];
  /** Said after each figure in the text: "/20", "%", " USD". Optional. */
  unit?: string;
  xLabel?: string;
  yLabel?: string;
}

/** Slack's limits on the data_visualization block (docs.slack.dev; the schema in test/fixtures/slack). */
export const CHART_LIMITS = {
  perMessage: 2,
  series: 6,
  title: 50,
  label: 20,
  seriesName: 20,
  categories: 20,
  axisLabel: 50,
} as const;

export const OWN_MARK = ' (you)';

/** A chart that breaks a limit a caller controls (title, series count, no data): a programming error. */
export class ChartLimitError extends Error {
  override name = 'ChartLimitError';
}

/** The limits every chart keeps whatever way it is shown; throws ChartLimitError naming the limit. */
export function checkChart(facts: ChartFacts): ChartFacts {
  const problems: string[] = [];
  if (facts.title.trim() === '') problems.push('a chart needs a title');
  if ([...facts.title].length > CHART_LIMITS.title) problems.push(`chart title is ${[...facts.title].length} characters, limit ${CHART_LIMITS.title}`);
  if (facts.series.length === 0) problems.push('a chart needs at least one series');
  if (facts.series.length > CHART_LIMITS.series) problems.push(`a chart holds at most ${CHART_LIMITS.series} series, got ${facts.series.length}`);
  if (facts.kind === 'pie' && facts.series.length !== 1) problems.push('a pie chart has exactly one series');
  const names = facts.series.map((s) => s.name);
  if (new Set(names).size !== names.length) problems.push('series names must differ');
  if (facts.series.some((s) => s.points.length === 0)) problems.push('every series needs at least one point');
  if (categoriesOf(facts).length > CHART_LIMITS.categories) problems.push(`a chart holds at most ${CHART_LIMITS.categories} categories`);
  if (facts.series.some((s) => s.points.some((p) => p.value !== null && !Number.isFinite(p.value)))) problems.push('values must be finite numbers or null');
  if (problems.length > 0) throw new ChartLimitError(problems.join('; '));
  return facts;
}

/** The x-axis labels in first-seen order across the series. */
export function categoriesOf(facts: ChartFacts): string[] {
  const seen = new Set<string>();
  for (const s of facts.series) for (const p of s.points) seen.add(p.label);
  return [...seen];
}

/** A series' value at a category: null when not measured, undefined when the series has no such point. */
export function valueAt(series: ChartSeries, label: string): number | null | undefined {
  const point = series.points.find((p) => p.label === label);
  return point === undefined ? undefined : point.value;
}

/** The legend name with the own brand marked. */
export function displayName(series: ChartSeries): string {
  return series.own ? `${series.name}${OWN_MARK}` : series.name;
}

/** A figure as written in text: exactly as given (never rounded), with the unit. */
export function figure(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined) return 'not measured';
  return `${value}${unit}`;
}
