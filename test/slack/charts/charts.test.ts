/**
 * Charts from facts: Slack's chart block against the Block Kit schema in the fixtures and Slack's
 * limits, the figures as text, the sparkline, and the PNG fallback's bytes (signature, IHDR
 * dimensions, size bounded) drawn with the shipped font.
 */
import { describe, expect, it } from 'vitest';
import { loadBlockKitSchema } from '../../support/block-kit-schema.js';
import {
  ChartLimitError,
  chartAltText,
  chartFiguresBlocks,
  chartFiguresMrkdwn,
  chartSparklines,
  checkChartsPerMessage,
  nativeChartBlock,
  renderChartPng,
  slackFileImageBlock,
  sparkline,
  type ChartFacts,
} from '../../../src/slack/charts/index.js';

const schema = loadBlockKitSchema();

const trend: ChartFacts = {
  title: 'AI presence over the last four checks',
  kind: 'line',
  unit: '%',
  series: [
    { name: 'Acme', own: true, points: [{ label: 'Nov 1', value: 20 }, { label: 'Nov 8', value: 35.5 }, { label: 'Nov 15', value: 31 }, { label: 'Nov 22', value: 40 }] },
    { name: 'Rival & Co <b>', points: [{ label: 'Nov 1', value: 30 }, { label: 'Nov 8', value: 32 }, { label: 'Nov 15', value: 0 }, { label: 'Nov 22', value: 28 }] },
  ],
};

const withGap: ChartFacts = {
  title: 'Trust category scores',
  kind: 'bar',
  unit: '/20',
  series: [{ name: 'acme.com', own: true, points: [{ label: 'Enterprise readiness', value: 14 }, { label: 'Social proof', value: null }, { label: 'Risk reversal', value: 0 }] }],
};

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the chart block', () => {
  it('is a data_visualization block the schema accepts, the own brand marked, every number exact', () => {
    const block = nativeChartBlock(trend, 'ai-trend');
    expect(block).not.toBeNull();
    expect(schema.messageBlocks([block])).toEqual([]);
    expect(block).toEqual({
      type: 'data_visualization',
      block_id: 'ai-trend',
      title: 'AI presence over the last four checks',
      chart: {
        type: 'line',
        series: [
          { name: 'Acme (you)', data: [{ label: 'Nov 1', value: 20 }, { label: 'Nov 8', value: 35.5 }, { label: 'Nov 15', value: 31 }, { label: 'Nov 22', value: 40 }] },
          // Escaped like every service string that reaches Slack, and cut at 20 characters without splitting an entity.
          { name: 'Rival &amp; Co &lt;…', data: [{ label: 'Nov 1', value: 30 }, { label: 'Nov 8', value: 32 }, { label: 'Nov 15', value: 0 }, { label: 'Nov 22', value: 28 }] },
        ],
        axis_config: { categories: ['Nov 1', 'Nov 8', 'Nov 15', 'Nov 22'] },
      },
    });
  });

  it('cuts labels and names to 20 characters and keeps the mark; a pie is segments', () => {
    const pie = nativeChartBlock({ title: 'Presence by brand', kind: 'pie', series: [{ name: 'Mentions', points: [{ label: 'A brand with a very long name indeed', value: 3 }, { label: 'B', value: 1 }] }] });
    expect(schema.messageBlocks([pie])).toEqual([]);
    expect(pie?.chart).toEqual({ type: 'pie', segments: [{ label: 'A brand with a very…', value: 3 }, { label: 'B', value: 1 }] });
    const long = nativeChartBlock({ title: 'Scores', kind: 'area', series: [{ name: 'a-very-long-domain-name.example', own: true, points: [{ label: 'x', value: 1 }] }] });
    expect(long?.chart.type === 'area' && long.chart.series[0]?.name).toBe('a-very-long-d… (you)');
    expect(schema.messageBlocks([long])).toEqual([]);
  });

  it('is not built when it cannot say the facts exactly: a value not measured, a zero slice, labels alike past 20 characters', () => {
    expect(nativeChartBlock(withGap)).toBeNull();
    expect(nativeChartBlock({ title: 'Share', kind: 'pie', series: [{ name: 's', points: [{ label: 'a', value: 0 }, { label: 'b', value: 2 }] }] })).toBeNull();
    const alike = { title: 't', kind: 'bar' as const, series: [{ name: 's', points: [{ label: 'Enterprise readiness one', value: 1 }, { label: 'Enterprise readiness two', value: 2 }] }] };
    expect(nativeChartBlock(alike)).toBeNull();
  });

  it('keeps the limits: a 50-character title, six series, two charts a message', () => {
    const series = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `s${i}`, points: [{ label: 'a', value: i }] }));
    expect(() => nativeChartBlock({ title: 'x'.repeat(51), kind: 'bar', series: series(1) })).toThrow(/chart title is 51 characters, limit 50/);
    expect(nativeChartBlock({ title: 'x'.repeat(50), kind: 'bar', series: series(6) })).not.toBeNull();
    expect(() => nativeChartBlock({ title: 't', kind: 'bar', series: series(7) })).toThrow(ChartLimitError);
    expect(() => nativeChartBlock({ title: 't', kind: 'line', series: [] })).toThrow(/at least one series/);
    expect(() => nativeChartBlock({ title: 't', kind: 'pie', series: series(2) })).toThrow(/exactly one series/);
    const one = nativeChartBlock(trend);
    expect(() => checkChartsPerMessage([one, { type: 'divider' }, one])).not.toThrow();
    expect(() => checkChartsPerMessage([one, one, one])).toThrow(/at most 2 charts, got 3/);
    // The schema itself refuses what the builder never makes.
    expect(schema.messageBlocks([{ ...one, title: 'x'.repeat(51) }]).join()).toMatch(/title/);
  });

  it('an uploaded PNG shows in an image block with slack_file', () => {
    expect(schema.messageBlocks([slackFileImageBlock('F0123ABC', chartAltText(trend), trend.title)])).toEqual([]);
  });
});

describe('the figures as text', () => {
  it('says every figure exactly, one line per category, names escaped, the own brand marked', () => {
    expect(chartFiguresMrkdwn(trend)).toBe(
      [
        '*AI presence over the last four checks*',
        '• Nov 1: Acme (you) 20% · Rival &amp; Co &lt;b&gt; 30%',
        '• Nov 8: Acme (you) 35.5% · Rival &amp; Co &lt;b&gt; 32%',
        '• Nov 15: Acme (you) 31% · Rival &amp; Co &lt;b&gt; 0%',
        '• Nov 22: Acme (you) 40% · Rival &amp; Co &lt;b&gt; 28%',
      ].join('\n'),
    );
  });

  it('a value not measured is said as such, never as zero', () => {
    expect(chartFiguresMrkdwn(withGap)).toBe('*Trust category scores* (acme.com, you)\n• Enterprise readiness: 14/20\n• Social proof: not measured\n• Risk reversal: 0/20');
    const blocks = chartFiguresBlocks(withGap);
    expect(schema.messageBlocks(blocks)).toEqual([]);
    expect(chartAltText(withGap)).toBe('Trust category scores. Enterprise readiness: 14/20; Social proof: not measured; Risk reversal: 0/20');
  });
});

describe('the sparkline', () => {
  it('draws lowest to highest, a gap for a value not measured, a flat series mid-height', () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7])).toBe('▁▂▃▄▅▆▇█');
    expect(sparkline([10, null, 20])).toBe('▁ █');
    expect(sparkline([5, 5, 5])).toBe('▄▄▄');
    expect(sparkline([null, null])).toBe('  ');
    expect(chartSparklines(trend)).toEqual(['Acme (you)      ▁▆▅█  20% → 40%', 'Rival & Co <b>  ██▁▇  30% → 28%']);
  });
});

describe('the PNG fallback', () => {
  it('is a PNG of the asked size, bounded in bytes, for every kind', async () => {
    for (const facts of [trend, withGap, { ...trend, kind: 'area' as const }, { title: 'Share', kind: 'pie' as const, series: [{ name: 's', points: [{ label: 'a', value: 3 }, { label: 'b', value: 2 }] }] }]) {
      const { png, width, height } = await renderChartPng(facts);
      expect(pngSize(png)).toEqual({ width: 800, height: 420 });
      expect({ width, height }).toEqual({ width: 800, height: 420 });
      expect(png.length).toBeGreaterThan(5_000);
      expect(png.length).toBeLessThan(200_000);
    }
    const small = await renderChartPng(trend, { width: 400, height: 200 });
    expect(pngSize(small.png)).toEqual({ width: 400, height: 200 });
  });

  it('draws text with the shipped font: the title changes the pixels', async () => {
    const a = await renderChartPng({ ...withGap, title: 'Alpha' });
    const b = await renderChartPng({ ...withGap, title: 'Omega omega' });
    expect(a.png.equals(b.png)).toBe(false);
  });
});
