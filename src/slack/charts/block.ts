/**
 * Slack's own chart block (`data_visualization`: line, bar, area, pie) from chart facts, and the
 * `image` block that shows an uploaded PNG (`slack_file`). Slack's limits (two a message, six
 * series, a 50-character title, 20-character labels, one point per category in every series) are
 * kept here; facts the block cannot carry exactly (a value not measured, a pie slice of zero,
 * labels that only differ past 20 characters) are not squeezed in: `nativeChartBlock` answers null
 * and the caller shows the PNG instead.
 */
import { escapeMrkdwn, type Block } from '../blocks/index.js';
import { CHART_LIMITS, ChartLimitError, OWN_MARK, categoriesOf, checkChart, displayName, valueAt } from './spec.js';
import type { ChartFacts } from './spec.js';

/** The JSON Slack documents for the block (docs.slack.dev/reference/block-kit/blocks/data-visualization-block). */
export interface DataVisualizationBlock {
  type: 'data_visualization';
  block_id?: string;
  title: string;
  chart:
    | {
        type: 'line' | 'bar' | 'area';
        series: { name: string; data: { label: string; value: number }[] }[];
        axis_config: { categories: string[]; x_label?: string; y_label?: string };
      }
    | { type: 'pie'; segments: { label: string; value: number }[] };
}

/** A label cut to Slack's 20 characters, an ellipsis marking the cut. */
export function shortLabel(text: string, max: number = CHART_LIMITS.label): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * A label as the block carries it: escaped like every service string that reaches Slack (`&`, `<`,
 * `>` as entities, so a name can never be read as a mention), cut so the escaped text keeps `max`
 * characters without splitting an entity.
 */
export function blockLabel(text: string, max: number = CHART_LIMITS.label): string {
  const chars = [...text.trim()];
  const escaped = (n: number) => escapeMrkdwn(chars.slice(0, n).join(''));
  if ([...escapeMrkdwn(chars.join(''))].length <= max) return escapeMrkdwn(chars.join(''));
  let n = chars.length;
  while (n > 0 && [...escaped(n).trimEnd()].length > max - 1) n--;
  return `${escaped(n).trimEnd()}…`;
}

/** A label read back from the block (the console): the entities undone. */
const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function shortName(facts: ChartFacts['series'][number]): string {
  if (!facts.own) return blockLabel(facts.name, CHART_LIMITS.seriesName);
  return `${blockLabel(facts.name, CHART_LIMITS.seriesName - OWN_MARK.length)}${OWN_MARK}`;
}

const unique = (values: readonly string[]) => new Set(values).size === values.length;

/**
 * The chart block, or null when the facts cannot be drawn by it exactly (then render the PNG).
 * Throws ChartLimitError when the facts break a limit no way of showing them keeps (title, series).
 */
export function nativeChartBlock(facts: ChartFacts, blockId?: string): DataVisualizationBlock | null {
  checkChart(facts);
  const base = { type: 'data_visualization' as const, ...(blockId ? { block_id: blockId } : {}), title: blockLabel(facts.title, CHART_LIMITS.title) };
  if (facts.kind === 'pie') {
    const points = facts.series[0]?.points ?? [];
    if (points.some((p) => p.value === null || p.value <= 0)) return null;
    const labels = points.map((p) => blockLabel(p.label));
    if (!unique(labels)) return null;
    return { ...base, chart: { type: 'pie', segments: points.map((p, i) => ({ label: labels[i] ?? '', value: p.value as number })) } };
  }
  const categories = categoriesOf(facts);
  const shortCategories = categories.map((c) => blockLabel(c));
  const names = facts.series.map(shortName);
  if (!unique(shortCategories) || !unique(names)) return null;
  const series: { name: string; data: { label: string; value: number }[] }[] = [];
  for (const [index, s] of facts.series.entries()) {
    const data: { label: string; value: number }[] = [];
    for (const [i, category] of categories.entries()) {
      const value = valueAt(s, category);
      // Slack wants one number per category: a gap (null or absent) cannot be drawn as a number.
      if (value === null || value === undefined) return null;
      data.push({ label: shortCategories[i] ?? category, value });
    }
    series.push({ name: names[index] ?? displayName(s), data });
  }
  const axis = {
    categories: shortCategories,
    ...(facts.xLabel ? { x_label: blockLabel(facts.xLabel, CHART_LIMITS.axisLabel) } : {}),
    ...(facts.yLabel ? { y_label: blockLabel(facts.yLabel, CHART_LIMITS.axisLabel) } : {}),
  };
  return { ...base, chart: { type: facts.kind, series, axis_config: axis } };
}

/** The chart block typed as a message block (`@slack/types` does not know it yet). */
export function asBlock(block: DataVisualizationBlock): Block {
  return block as unknown as Block;
}

export function isChartBlock(block: unknown): block is DataVisualizationBlock {
  return typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'data_visualization';
}

/** Throws ChartLimitError when a message holds more chart blocks than Slack draws (two). */
export function checkChartsPerMessage(blocks: readonly unknown[]): void {
  const count = blocks.filter(isChartBlock).length;
  if (count > CHART_LIMITS.perMessage) throw new ChartLimitError(`a message holds at most ${CHART_LIMITS.perMessage} charts, got ${count}`);
}

/** An image block showing a file uploaded to Slack (files.completeUploadExternal's id). */
export function slackFileImageBlock(fileId: string, altText: string, title?: string): Block {
  return {
    type: 'image',
    slack_file: { id: fileId },
    alt_text: altText.slice(0, 2000),
    ...(title ? { title: { type: 'plain_text', text: title.slice(0, 2000) } } : {}),
  };
}

/** A chart block read back as facts (the console draws the PNG and sparkline of what was sent). */
export function factsOfChartBlock(block: DataVisualizationBlock): ChartFacts {
  const title = unescape(block.title);
  if (block.chart.type === 'pie') {
    return { title, kind: 'pie', series: [{ name: title.slice(0, 20) || 'share', points: block.chart.segments.map((s) => ({ label: unescape(s.label), value: s.value })) }] };
  }
  return {
    title,
    kind: block.chart.type,
    series: block.chart.series.map((s) => ({
      name: unescape(s.name.endsWith(OWN_MARK) ? s.name.slice(0, -OWN_MARK.length) : s.name),
      ...(s.name.endsWith(OWN_MARK) ? { own: true } : {}),
      points: s.data.map((d) => ({ label: unescape(d.label), value: d.value })),
    })),
  };
}
