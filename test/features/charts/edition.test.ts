/**
 * A digest's charts come from the edition's own deep sections (issue 29): the chart part the briefing
 * reader gives (`sectionFactsOf`), drawn as chart facts with every figure as sent.
 */
import { describe, expect, it } from 'vitest';
import { briefingFactsOf, sectionFactsOf } from '../../../src/service/read/briefing.js';
import { briefingReadSchema } from '../../../src/service/schemas/briefing.js';
import { editionChartsOf } from '../../../src/features/charts/edition.js';

const edition = (item: Record<string, unknown>) =>
  briefingReadSchema.parse({
    meta: { runId: 'brf_1', status: 'done', editionNumber: 3, startedAt: '2026-11-20T08:00:00Z', briefingDate: '2026-11-20T09:00:00Z' },
    item: {
      hub: { kind: 'hub', blocks: [{ type: 'diagnosis', rows: [{ dimension: 'pricing', label: 'Pricing', deepDive: 'pricing' }, { dimension: 'ai-visibility', label: 'AI visibility', deepDive: 'ai-visibility' }] }] },
      ...item,
    },
    coverage: null,
    contains: null,
    tickets: null,
  });

describe("the edition's charts", () => {
  it('a null point is a gap (never zero or dropped), the project marked as yours, AI first whatever order the hub says', () => {
    const read = edition({
      'deep-pricing': { kind: 'deep-dive', blocks: [{ type: 'chart', title: 'Price position', note: 'per seat a month', series: [{ label: 'Acme', points: [10, null, 12] }, { label: 'Rival', values: [11, 11.5, 13] }] }] },
      'deep-ai-visibility': { kind: 'deep-dive', blocks: [{ type: 'text', text: 'x' }, { type: 'chart', title: 'Presence', series: [{ label: 'Rival', points: [30] }] }] },
    });
    const charts = editionChartsOf(briefingFactsOf(read), 'acme');
    expect(charts.map((c) => c.blockId)).toEqual(['edition-chart-ai-visibility', 'edition-chart-pricing']);
    expect(charts[0]?.facts).toEqual({ title: 'Presence', kind: 'bar', series: [{ name: 'Rival', points: [{ label: 'Point 1', value: 30 }] }] });
    expect(charts[1]?.note).toBe('per seat a month');
    expect(charts[1]?.facts.series).toEqual([
      { name: 'Acme', own: true, points: [{ label: 'Point 1', value: 10 }, { label: 'Point 2', value: null }, { label: 'Point 3', value: 12 }] },
      { name: 'Rival', points: [{ label: 'Point 1', value: 11 }, { label: 'Point 2', value: 11.5 }, { label: 'Point 3', value: 13 }] },
    ]);
  });

  it('no chart for a section the edition does not hold, a chart without series (includeCharts not honoured), or one with nothing measured', () => {
    expect(editionChartsOf(briefingFactsOf(edition({})), 'Acme')).toEqual([]);
    const read = edition({
      'deep-pricing': { blocks: [{ type: 'chart', title: 'Price position', note: 'title and note only' }] },
      'deep-ai-visibility': { blocks: [{ type: 'chart', title: 'Presence', series: [{ label: 'Rival', points: [null, null] }] }] },
    });
    expect(editionChartsOf(briefingFactsOf(read), 'Acme')).toEqual([]);
  });

  it('more than twenty points: the last twenty, labelled by their place in the order sent', () => {
    const points = Array.from({ length: 25 }, (_, i) => i);
    const [chart] = editionChartsOf(briefingFactsOf(edition({ 'deep-pricing': { blocks: [{ type: 'chart', title: 'Long', series: [{ label: 'A', points }] }] } })), 'Acme');
    expect(chart?.facts.series[0]?.points.map((p) => p.label)).toEqual(points.slice(5).map((i) => `Point ${i + 1}`));
    expect(chart?.facts.series[0]?.points.map((p) => p.value)).toEqual(points.slice(5));
    // The reader keeps the null points in place (spec 2.2) for the deep dive's words too.
    const part = sectionFactsOf({ blocks: [{ type: 'chart', series: [{ label: 'A', points: [1, null, 'x', 3] }] }] }).parts[0];
    expect(part).toMatchObject({ kind: 'chart', series: [{ name: 'A', points: [1, null, 3] }] });
  });
});
