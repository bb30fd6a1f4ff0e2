/**
 * Issue 29: the AI visibility answers' charts. The trend is presence (the share of the answers
 * counted naming a brand, as the text says it) over the checks, one line per brand, the own brand
 * marked, oldest check first; the market map is presence by brand. Every figure is exact and said as
 * text beside the chart; a rate not measured is a gap (no Slack block, which would need a number;
 * the PNG draws the gap), never a zero.
 */
import { describe, expect, it } from 'vitest';
import { AI_MAP_CHART, AI_TREND_CHART, aiMapChart, aiTrendChart } from '../../../../src/features/charts/ai-visibility.js';
import { overviewView } from '../../../../src/features/ai-visibility/views/overview-view.js';
import { trendView } from '../../../support/raw-views.js';
import { readAiTrend, readAiVisibility, aiVisibilityReadSchema, type AiTrendPoint } from '../../../../src/service/index.js';
import { renderChartPng } from '../../../../src/slack/charts/index.js';
import { chartBlocks, expectValidMessage, messageText, tableRows } from '../../../support/view-checks.js';

const brand = (domain: string, name: string, rate: number | null, rank: number | null, extra: object = {}) => ({ domain, name, mentionRate: rate, rankByPresence: rank, answersNaming: rate === 0 ? 0 : 4, score: 40, ...extra });
/** Newest first, as the sandbox sends it. */
const trendBody = (third: number | null) => ({
  item: {
    points: [
      { checkedAt: '2026-11-20T09:00:00Z', brands: [brand('acme.io', 'Acme', 0.5, 1, { isOwn: true }), brand('rival.com', 'Rival & Co <b>', 0.45, 2), brand('other.io', 'Other', 0, null)] },
      { checkedAt: '2026-11-13T09:00:00Z', brands: [brand('acme.io', 'Acme', third, 2, { isOwn: true }), brand('rival.com', 'Rival & Co <b>', 0.5, 1)] },
      { checkedAt: '2026-11-06T09:00:00Z', brands: [brand('acme.io', 'Acme', 0.2, 2, { isOwn: true }), brand('rival.com', 'Rival & Co <b>', 0.3, 1)] },
    ],
  },
});
const points = (third: number | null) => (readAiTrend(trendBody(third)) as { value: AiTrendPoint[] }).value;

describe('the AI presence trend chart', () => {
  it('is a line per brand over the checks, oldest first, the own brand first and marked, rates as the percentages the text says', () => {
    const facts = aiTrendChart(points(0.35), null);
    expect(facts).toEqual({
      title: 'AI presence by check',
      kind: 'line',
      unit: '%',
      yLabel: '% of answers naming',
      series: [
        { name: 'Acme', own: true, points: [{ label: 'Nov 6, 2026', value: 20 }, { label: 'Nov 13, 2026', value: 35 }, { label: 'Nov 20, 2026', value: 50 }] },
        { name: 'Rival & Co <b>', points: [{ label: 'Nov 6, 2026', value: 30 }, { label: 'Nov 13, 2026', value: 50 }, { label: 'Nov 20, 2026', value: 45 }] },
        // Not in the earlier checks: a gap there, never a zero; at the latest check its 0% is a measured zero.
        { name: 'Other', points: [{ label: 'Nov 6, 2026', value: null }, { label: 'Nov 13, 2026', value: null }, { label: 'Nov 20, 2026', value: 0 }] },
      ],
    });
  });

  it('in the answer: the figures beside it, every line saying what the rate is a share of; a gap means no Slack block but the chart is still carried for the PNG', () => {
    const view = trendView('Acme', trendBody(0.35), null);
    expectValidMessage(view);
    // "Other" is missing from two checks: Slack's block cannot draw a gap.
    expect(chartBlocks(view.blocks)).toEqual([]);
    expect(view.charts.map((c) => c.blockId)).toEqual([AI_TREND_CHART]);
    const text = messageText(view);
    expect(text).toContain('• Nov 13, 2026 (share of answers counted naming each): Acme (you) 35% · Rival &amp; Co &lt;b&gt; 50% · Other not measured'.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'));
  });

  it('with every brand measured at every check it is Slack\'s line chart, names escaped and the own brand marked', () => {
    const body = trendBody(0.35);
    body.item.points[0]!.brands.pop();
    const view = trendView('Acme', body, null);
    expectValidMessage(view);
    const [chart] = chartBlocks(view.blocks);
    expect(chart).toMatchObject({ block_id: AI_TREND_CHART, chart: { type: 'line' } });
    expect(chart?.chart.series?.map((s) => [s.name, s.data.map((d) => d.value)])).toEqual([
      ['Acme (you)', [20, 35, 50]],
      ['Rival &amp; Co &lt;…', [30, 50, 45]],
    ]);
  });

  it('a rate not measured is a gap in the PNG, which is a real PNG of bounded size', async () => {
    const facts = aiTrendChart(points(null), null);
    expect(facts?.series[0]?.points[1]).toEqual({ label: 'Nov 13, 2026', value: null });
    const { png, width, height } = await renderChartPng(facts!);
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect([width, height]).toEqual([800, 420]);
    expect(png.length).toBeGreaterThan(5_000);
    expect(png.length).toBeLessThan(200_000);
  });

  it('one check draws no line', () => {
    expect(aiTrendChart(points(0.35).slice(0, 1), null)).toBeNull();
  });
});

describe('the market map chart and table', () => {
  const latest = (rows: object[]) =>
    readAiVisibility(aiVisibilityReadSchema.parse({ summary: { customer: { domain: 'acme.io', mentionRate: 0.5, rankByPresence: 1, answersNaming: 4, score: 40 }, marketMap: { brands: rows } }, checkedAt: '2026-11-20T09:00:00Z' }));

  it('draws presence by brand in the map order, the own brand labelled, and lists every brand in a table', () => {
    const facts = latest([brand('acme.io', 'Acme', 0.5, 1, { isOwn: true }), brand('rival.com', 'Rival', 0.45, 2), brand('other.io', 'Other', 0, null)]);
    const map = facts.brands.kind === 'value' ? facts.brands.value : [];
    expect(aiMapChart(map)?.series).toEqual([{ name: 'Presence', points: [{ label: 'Acme (you)', value: 50 }, { label: 'Rival', value: 45 }, { label: 'Other', value: 0 }] }]);
    const view = overviewView('Acme', facts, { moreValue: null });
    expectValidMessage(view);
    const [chart] = chartBlocks(view.blocks);
    expect(chart?.block_id).toBe(AI_MAP_CHART);
    expect(chart?.chart.series?.[0]?.data).toEqual([{ label: 'Acme (you)', value: 50 }, { label: 'Rival', value: 45 }, { label: 'Other', value: 0 }]);
    const rows = tableRows(view.blocks);
    expect(rows?.[0]).toEqual(['Brand', 'Presence', 'Named in', 'Score']);
    expect(rows?.slice(1).map((r) => [r[0], r[2]])).toEqual([
      ['Acme (acme.io) (you)', '50% of answers counted'],
      ['Rival (rival.com)', '45% of answers counted'],
      ['Other (other.io)', '0% of answers counted'],
    ]);
    expect(rows?.[3]?.[1]).toBe('not named in any answer');
  });

  it('a rate not measured has no Slack block; no rate at all, no chart', () => {
    const gap = latest([brand('acme.io', 'Acme', 0.5, 1, { isOwn: true }), brand('rival.com', 'Rival', null, null)]);
    const view = overviewView('Acme', gap, { moreValue: null });
    expect(chartBlocks(view.blocks)).toEqual([]);
    expect(view.charts[0]?.facts.series[0]?.points[1]).toEqual({ label: 'Rival', value: null });
    expect(aiMapChart([])).toBeNull();
  });
});
