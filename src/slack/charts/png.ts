/**
 * The PNG fallback, rendered in the process: echarts draws the chart as SVG server-side (no DOM, no
 * browser), @resvg/resvg-js turns the SVG into PNG with the font shipped in the repository (DejaVu
 * Sans in assets/fonts, no system fonts, so every machine draws the same pixels). Loaded only
 * through `renderChartPng` in render.ts, on first use.
 *
 * resvg-js 2.6 (Node) takes fonts only as files and reads and parses them on every render, so the
 * font is chosen per chart: the subset (assets/fonts/DejaVuSans-charts.ttf, 140 KB, Latin and the
 * signs charts use, made by `npm run subset-font`) when every text of the drawn SVG has a glyph in
 * it, read from the subset's own cmap; else the full font (760 KB: Greek, Cyrillic, Hebrew, Arabic…).
 * The subset keeps the full font's outlines, metrics and layout tables, so a chart the subset can
 * draw comes out byte for byte as with the full font (test/slack/charts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { crc32, deflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { categoriesOf, checkChart, displayName, valueAt } from './spec.js';
import type { ChartFacts } from './spec.js';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TitleComponent, SVGRenderer]);

const FULL_FONT_FILE = 'assets/fonts/DejaVuSans.ttf';
const SUBSET_FONT_FILE = 'assets/fonts/DejaVuSans-charts.ttf';
const FONT_FAMILY = 'DejaVu Sans';

/** A shipped font, found from this module upward (src/…, dist/… or a bundled chunk all sit under the repository). */
function findFont(file: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, file);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`The chart font ${file} is missing from the repository`);
    dir = parent;
  }
}

const fontPaths = { full: findFont(FULL_FONT_FILE), subset: findFont(SUBSET_FONT_FILE) } as const;

/** Which shipped font a chart is drawn with. */
export type ChartFont = keyof typeof fontPaths;

/**
 * The code points a TrueType font maps to glyphs, from its `cmap` table (the Unicode subtables of
 * format 4, BMP, and 12, full range). Glyph 0 is .notdef, not a glyph for the character.
 */
export function fontCodePoints(font: Buffer): Set<number> {
  const points = new Set<number>();
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + 16 * i;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error('the font has no cmap table');
  const subtables = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const platform = font.readUInt16BE(cmap + 4 + 8 * i);
    const encoding = font.readUInt16BE(cmap + 6 + 8 * i);
    if (!(platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)))) continue;
    const at = cmap + font.readUInt32BE(cmap + 8 + 8 * i);
    const format = font.readUInt16BE(at);
    if (format === 4) {
      const segments = font.readUInt16BE(at + 6) / 2;
      const ends = at + 14;
      const starts = ends + 2 * segments + 2;
      const deltas = starts + 2 * segments;
      const offsets = deltas + 2 * segments;
      for (let s = 0; s < segments; s++) {
        const end = font.readUInt16BE(ends + 2 * s);
        const start = font.readUInt16BE(starts + 2 * s);
        const delta = font.readUInt16BE(deltas + 2 * s);
        const offset = font.readUInt16BE(offsets + 2 * s);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let glyph: number;
          if (offset === 0) glyph = (c + delta) & 0xffff;
          else {
            glyph = font.readUInt16BE(offsets + 2 * s + offset + 2 * (c - start));
            if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
          }
          if (glyph !== 0) points.add(c);
        }
      }
    } else if (format === 12) {
      const groups = font.readUInt32BE(at + 12);
      for (let g = 0; g < groups; g++) {
        const start = font.readUInt32BE(at + 16 + 12 * g);
        const end = font.readUInt32BE(at + 20 + 12 * g);
        const glyph = font.readUInt32BE(at + 24 + 12 * g);
        for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) points.add(c);
      }
    }
  }
  return points;
}

/** What the subset draws: read once from its own cmap, so the choice can never promise a glyph it lacks. */
const subsetCodePoints = fontCodePoints(readFileSync(fontPaths.subset));

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Every text an SVG shows (the character data between its tags, entities decoded): titles, labels, legend, axis names and figures. */
export function svgText(svg: string): string[] {
  const texts: string[] = [];
  for (const match of svg.matchAll(/>([^<]+)</g)) {
    const raw = match[1] ?? '';
    if (raw.trim() === '') continue;
    texts.push(
      raw.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity: string, name: string) => {
        if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
        if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
        return ENTITIES[name.toLowerCase()] ?? entity;
      }),
    );
  }
  return texts;
}

/** The font a chart's SVG is drawn with: the subset when it has a glyph for every character the SVG shows, else the full font. */
export function chartFont(svg: string): ChartFont {
  for (const text of svgText(svg)) {
    for (const character of text) {
      const c = character.codePointAt(0) ?? 0;
      // A line break or tab inside a text is layout, not drawn.
      if (c < 0x20) continue;
      if (!subsetCodePoints.has(c)) return 'full';
    }
  }
  return 'subset';
}

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

/**
 * The chart as PNG bytes, drawn with a shipped font only: the one `chartFont` chooses from the
 * chart's text, unless `font` names one (the bench and the tests compare the two).
 */
export function chartPng(facts: ChartFacts, width = 800, height = 420, font?: ChartFont): RenderedChart {
  const rendered = draw(facts, width, height, font);
  collectYoung();
  return rendered;
}

function draw(facts: ChartFacts, width: number, height: number, font: ChartFont | undefined): RenderedChart {
  const svg = chartSvg(facts, width, height);
  const resvg = new Resvg(svg, {
    background: '#ffffff',
    font: { fontFiles: [fontPaths[font ?? chartFont(svg)]], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
  });
  const image = resvg.render();
  const { width: w, height: h } = image;
  return { png: encodePng(image.pixels, w, h) ?? image.asPng(), width: w, height: h };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(data.length, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  return chunk;
}

let scanlines = Buffer.alloc(0);

/** Node's zlib level for the PNG: 3 measured ~3 ms and ~32 KB on the AI trend chart, resvg's own encoder ~9 ms and ~40 KB, level 6 ~7 ms and ~24 KB. */
const PNG_DEFLATE_LEVEL = 3;

/**
 * The rendered pixels as a PNG (8-bit RGBA, no filter, deflated by Node's zlib): resvg-js offers no
 * compression level, and its encoder was a sixth of a chart's time. resvg's pixels are
 * premultiplied, which is the same as PNG's straight alpha only where a pixel is opaque: every
 * pixel is over the chart's white background, and any that is not opaque sends the chart back to
 * resvg's encoder (null), so the PNG holds exactly the pixels resvg drew.
 */
export function encodePng(pixels: Buffer, width: number, height: number): Buffer | null {
  const row = width * 4;
  if (pixels.length !== row * height) return null;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) return null;
  const size = (row + 1) * height;
  // One scanline buffer for every chart (deflateSync is done with it before this returns): 1.3 MB at
  // 800×420 not allocated again each render, so RSS over charts in a row stays where it was.
  if (scanlines.length < size) scanlines = Buffer.alloc(size);
  const raw = scanlines.subarray(0, size);
  for (let y = 0; y < height; y++) {
    raw[y * (row + 1)] = 0; // the scanline's filter type: none
    pixels.copy(raw, y * (row + 1) + 1, y * row, (y + 1) * row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA; compression, filter method and interlace stay 0
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw, { level: PNG_DEFLATE_LEVEL })), pngChunk('IEND', Buffer.alloc(0))]);
}
