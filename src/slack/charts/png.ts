/**
 * The PNG fallback, rendered in the process: echarts draws the chart as SVG server-side (no DOM, no
 * browser), @resvg/resvg-js turns the SVG into PNG with the font shipped in the repository
 * (assets/fonts/DejaVuSans.ttf, no system fonts, so every machine draws the same pixels). Loaded
 * only through `renderChartPng` in render.ts, on first use.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Resvg } from '@resvg/resvg-js';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { categoriesOf, checkChart, displayName, valueAt } from './spec.js';
import type { ChartFacts } from './spec.js';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TitleComponent, SVGRenderer]);

const FONT_FILE = 'assets/fonts/DejaVuSans.ttf';
const FONT_FAMILY = 'DejaVu Sans';

/** The shipped font, found from this module upward (src/…, dist/… or a bundled chunk all sit under the repository). */
function findFont(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, FONT_FILE);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`The chart font ${FONT_FILE} is missing from the repository`);
    dir = parent;
  }
}

const fontPath = findFont();

/** Slack-like colours; the own brand always in the first, strongest one. */
const OWN_COLOUR = '#1264a3';
const OTHER_COLOURS = ['#e01e5a', '#2eb67d', '#ecb22e', '#36c5f0', '#7c3085', '#9e9ea6'];

export interface RenderedChart {
  png: Buffer;
  width: number;
  height: number;
}

function colours(facts: ChartFacts): string[] {
  let other = 0;
  return facts.series.map((s) => (s.own ? OWN_COLOUR : (OTHER_COLOURS[other++ % OTHER_COLOURS.length] ?? '#9e9ea6')));
}

function option(facts: ChartFacts): echarts.EChartsCoreOption {
  const palette = colours(facts);
  const text = { fontFamily: FONT_FAMILY };
  const title = { text: facts.title, left: 'center', top: 8, textStyle: { ...text, fontSize: 18, fontWeight: 'normal' as const } };
  if (facts.kind === 'pie') {
    const only = facts.series[0];
    const slices = (only?.points ?? []).filter((p) => p.value !== null && p.value > 0);
    return {
      animation: false,
      backgroundColor: '#ffffff',
      textStyle: text,
      title,
      color: OTHER_COLOURS,
      legend: { bottom: 8, textStyle: text },
      series: [{ type: 'pie', radius: ['0%', '60%'], center: ['50%', '52%'], label: { formatter: '{b}: {c}', ...text }, data: slices.map((p) => ({ name: p.label, value: p.value })) }],
    };
  }
  const categories = categoriesOf(facts);
  return {
    animation: false,
    backgroundColor: '#ffffff',
    textStyle: text,
    title,
    color: palette,
    legend: { bottom: 8, textStyle: text, data: facts.series.map(displayName) },
    grid: { left: 56, right: 24, top: 56, bottom: 64 },
    xAxis: { type: 'category', data: categories, name: facts.xLabel, axisLabel: { ...text, interval: 0, hideOverlap: true }, boundaryGap: facts.kind === 'bar' },
    yAxis: { type: 'value', name: facts.yLabel, axisLabel: text },
    series: facts.series.map((s, i) => ({
      type: facts.kind === 'bar' ? 'bar' : 'line',
      name: displayName(s),
      // A value not measured is a gap in the line, never a zero.
      data: categories.map((c) => valueAt(s, c) ?? '-'),
      connectNulls: false,
      symbolSize: s.own ? 8 : 5,
      lineStyle: { width: s.own ? 4 : 2 },
      itemStyle: { color: palette[i] },
      ...(facts.kind === 'area' ? { areaStyle: { opacity: s.own ? 0.35 : 0.15 } } : {}),
      ...(facts.kind === 'bar' ? { label: { show: facts.series.length <= 2 && categories.length <= 8, position: 'top', ...text } } : {}),
    })),
  };
}

/** The chart as SVG text (echarts' server-side renderer). */
export function chartSvg(facts: ChartFacts, width: number, height: number): string {
  checkChart(facts);
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option(facts));
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/**
 * resvg-js 2.6 holds each render's pixmap and font data in native memory that V8 is not told about
 * (thx/resvg-js#216, fixed upstream by reporting it as external memory), so garbage collection of
 * the small JS wrappers comes late and RSS climbs about 1.5 MiB a chart. A minor GC (a scavenge of
 * the young generation, where the wrappers of the chart just drawn live) after each render frees
 * them at once: measured flat over 120 renders, at no measurable cost. The collector is taken once
 * through V8's flag and a throwaway context, without exposing `gc` to Radar's own code.
 */
const collectYoung: () => void = (() => {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
    setFlagsFromString('--no-expose-gc');
    return () => gc({ type: 'minor' });
  } catch {
    return () => undefined;
  }
})();

/** The chart as PNG bytes, drawn with the shipped font only. */
export function chartPng(facts: ChartFacts, width = 800, height = 420): RenderedChart {
  const rendered = draw(facts, width, height);
  collectYoung();
  return rendered;
}

function draw(facts: ChartFacts, width: number, height: number): RenderedChart {
  const svg = chartSvg(facts, width, height);
  const resvg = new Resvg(svg, {
    background: '#ffffff',
    font: { fontFiles: [fontPath], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
  });
  const image = resvg.render();
  return { png: image.asPng(), width: image.width, height: image.height };
}
