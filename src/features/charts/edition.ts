/**
 * The charts a digest carries beside an edition (issue 29): the chart of the edition's own AI
 * visibility deep dive and of its pricing deep dive, when the edition holds them. They come from the
 * same read the digest already makes (the edition with `sections=all` and `includeCharts=true`, spec
 * 2.6 and 4.5), through the briefing reader (`sectionFactsOf`): no extra service read per edition.
 * A section without a chart, or whose chart has no series or no measured figure, gives no chart.
 */
import type { BriefingFacts, SectionPart } from '../../service/read/briefing.js';
import { keyStem } from '../../service/tolerant.js';
import { CHART_LIMITS, shortLabel, type ChartFacts, type ChartPoint, type ChartSeries, type MessageChart } from '../../slack/charts/index.js';

export interface EditionChart extends MessageChart {
  /** The chart's note as the section gave it (said under the figures); null when it has none. */
  note: string | null;
}

/** The dimensions whose deep-dive charts a digest shows, in the order shown (at most two a message). */
export const EDITION_CHART_DIMENSIONS = ['ai-visibility', 'pricing'] as const;

/** The block_id of a dimension's edition chart. */
export const editionChartId = (dimension: string): string => `edition-chart-${dimension}`;

/**
 * The query the digest reads an edition with: every section it holds (the hub, and the deep dives
 * whose charts it draws) with the charts' series. One read, whatever the edition holds.
 */
export const EDITION_READ_QUERY = { sections: ['all'], includeCharts: true } as const;

type ChartPart = Extract<SectionPart, { kind: 'chart' }>;

/** X-axis labels: the section's points carry none (spec 2.6 shows no structure), so their place in the order sent. */
const pointLabel = (i: number): string => `Point ${i + 1}`;

/**
 * A deep-dive chart as chart facts: one series per series sent (six at most, a series with no point
 * left out), each point in the order sent (the last twenty when there are more), a null point a gap;
 * the series named as the project marked as the own brand. Null when no figure is measured.
 */
export function sectionChartFacts(part: ChartPart, projectName: string, dimensionLabel: string): ChartFacts | null {
  const sent = (part.series ?? []).filter((s) => s.points.length > 0).slice(0, CHART_LIMITS.series);
  if (sent.length === 0 || sent.every((s) => s.points.every((p) => p === null))) return null;
  const length = Math.max(...sent.map((s) => s.points.length));
  const from = Math.max(0, length - CHART_LIMITS.categories);
  const names = new Set<string>();
  const series: ChartSeries[] = sent.map((s, i) => {
    let name = shortLabel(s.name ?? `Series ${i + 1}`, CHART_LIMITS.seriesName);
    while (names.has(name)) name = `${shortLabel(name, CHART_LIMITS.seriesName - 1)}′`;
    names.add(name);
    const points: ChartPoint[] = s.points.flatMap((value, at) => (at >= from ? [{ label: pointLabel(at), value }] : []));
    const own = s.name !== null && s.name.trim().toLowerCase() === projectName.trim().toLowerCase();
    return { name, points, ...(own ? { own: true } : {}) };
  });
  const title = shortLabel(part.title ?? `${dimensionLabel} this edition`, CHART_LIMITS.title);
  return { title, kind: length - from >= 2 ? 'line' : 'bar', series: series.filter((s) => s.points.length > 0) };
}

/**
 * The charts of the edition's deep dives on the dimensions in `EDITION_CHART_DIMENSIONS`, in that
 * order: for each, the first chart of its `deep-<dimension>` section that has a measured figure.
 */
export function editionChartsOf(read: BriefingFacts, projectName: string): EditionChart[] {
  const rows = read.hubFacts.rows;
  return EDITION_CHART_DIMENSIONS.flatMap((dimension): EditionChart[] => {
    const row = rows.find((r) => r.deepDive?.toLowerCase() === dimension || r.dimension?.toLowerCase() === dimension);
    const section = read.sections[keyStem(`deep-${row?.deepDive ?? dimension}`)];
    if (!section) return [];
    for (const part of section.parts) {
      if (part?.kind !== 'chart') continue;
      const facts = sectionChartFacts(part, projectName, row?.label ?? dimension);
      if (facts) return [{ blockId: editionChartId(dimension), facts, note: part.note }];
    }
    return [];
  });
}
