/**
 * The AI visibility answers' charts (issue 29), from the reader's facts only: presence (the share of
 * the answers counted that name a brand, as the text says it) over the checks, one line per brand,
 * the own brand marked; and presence by brand on the market map. A rate not measured, not reported
 * or unreadable is a gap, never a zero.
 */
import { brandName, ratePercentValue, type AiBrandRow, type AiTrendPoint } from '../../service/index.js';
import { CHART_LIMITS, shortLabel, type ChartFacts, type ChartSeries } from '../../slack/charts/index.js';
import { dayOf, dayWords } from '../../slack/blocks/index.js';

export const AI_TREND_CHART = 'ai-presence-trend';
export const AI_MAP_CHART = 'ai-presence-map';

/** The presence figure of a row: the mention rate as a percentage; null when it is not a measured number. */
export function presenceValue(row: AiBrandRow | null | undefined): number | null {
  if (!row || row.mentionRate.kind !== 'value' || typeof row.mentionRate.value !== 'number') return null;
  return ratePercentValue(row.mentionRate.value);
}

/** A brand's key across points: its domain, else its name (rows are de-duplicated by domain). */
const keyOf = (row: AiBrandRow) => (row.domain ?? brandName(row)).toLowerCase();

/** The x-axis labels: each check's day in words, a second check on a day numbered ("Nov 20, 2026 (2)"). */
function checkLabels(points: readonly AiTrendPoint[]): string[] {
  const seen = new Map<string, number>();
  return points.map((p, i) => {
    const day = p.date.kind === 'value' ? (dayWords(dayOf(p.date.value) ?? p.date.value) ?? p.date.value) : `check ${i + 1}`;
    const n = (seen.get(day) ?? 0) + 1;
    seen.set(day, n);
    return shortLabel(n === 1 ? day : `${day} (${n})`);
  });
}

/** Oldest check first: by date when every point has one, else the reverse of the order sent (newest first). */
function chronological(points: readonly AiTrendPoint[]): AiTrendPoint[] {
  const dated = points.every((p) => p.date.kind === 'value');
  if (!dated) return [...points].reverse();
  return [...points].sort((a, b) => String(partDate(a)).localeCompare(String(partDate(b))));
}
const partDate = (p: AiTrendPoint) => (p.date.kind === 'value' ? p.date.value : '');

/**
 * Presence over the checks: a line per brand (the own brand first, then `focus` when given, then
 * the brands best placed at the latest check, six in all), a check where a brand has no measured rate a gap. Null with fewer
 * than two checks (a line needs two) or no brand measured at all.
 */
export function aiTrendChart(points: readonly AiTrendPoint[], model: string | null, limit: number = CHART_LIMITS.categories, focus: string | null = null): ChartFacts | null {
  const ordered = chronological(points).slice(-limit);
  if (ordered.length < 2) return null;
  const latest = ordered.at(-1) as AiTrendPoint;
  const brands = new Map<string, { row: AiBrandRow; order: number }>();
  for (const point of [latest, ...[...ordered].reverse()]) {
    for (const row of point.brands) {
      if (row === null || brands.has(keyOf(row))) continue;
      const rank = row.presence.kind === 'ranked' ? row.presence.rank : Number.POSITIVE_INFINITY;
      // The own brand first, then the brand a watch is about (`focus`, its domain), then the best placed at the latest check.
      const focused = focus !== null && row.domain !== null && row.domain.toLowerCase() === focus.toLowerCase();
      brands.set(keyOf(row), { row, order: row.isOwn ? -2 : focused ? -1 : point === latest ? rank : Number.POSITIVE_INFINITY });
    }
  }
  const chosen = [...brands.values()].sort((a, b) => a.order - b.order).slice(0, CHART_LIMITS.series);
  const labels = checkLabels(ordered);
  const names = new Set<string>();
  const series: ChartSeries[] = chosen.map(({ row }) => {
    let name = brandName(row);
    while (names.has(name)) name = `${name}′`;
    names.add(name);
    return {
      name,
      ...(row.isOwn ? { own: true } : {}),
      points: ordered.map((p, i) => ({ label: labels[i] ?? '', value: presenceValue(p.brands.find((b) => b !== null && keyOf(b) === keyOf(row))) })),
    };
  });
  if (series.every((s) => s.points.every((p) => p.value === null))) return null;
  return { title: shortLabel(`AI presence by check${model ? ` in ${model}` : ''}`, CHART_LIMITS.title), kind: 'line', unit: '%', yLabel: '% of answers naming', series };
}

/**
 * Presence by brand on the market map: one bar per brand in the map's order (at most 20), the own
 * brand's label marked "(you)". Null when no brand has a measured rate.
 */
export function aiMapChart(rows: readonly (AiBrandRow | null)[]): ChartFacts | null {
  const shown = rows.filter((r): r is AiBrandRow => r !== null).slice(0, CHART_LIMITS.categories);
  if (shown.length === 0 || shown.every((r) => presenceValue(r) === null)) return null;
  const labels = new Set<string>();
  const points = shown.map((row) => {
    const mark = row.isOwn ? ' (you)' : '';
    let label = `${shortLabel(brandName(row), CHART_LIMITS.label - mark.length)}${mark}`;
    while (labels.has(label)) label = `${shortLabel(label, CHART_LIMITS.label - 1)}′`;
    labels.add(label);
    return { label, value: presenceValue(row) };
  });
  return { title: 'AI presence by brand (% of answers naming it)', kind: 'bar', unit: '%', series: [{ name: 'Presence', points }] };
}
