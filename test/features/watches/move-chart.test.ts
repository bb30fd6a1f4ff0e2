/** The moved metric over the two runs a watch compared (issue 29): figures exactly as sent, a null a gap. */
import { describe, expect, it } from 'vitest';
import { watchMoveChart } from '../../../src/features/watches/move-chart.js';
import type { Change } from '../../../src/features/watches/changes/index.js';
import { readWatchRun } from '../../../src/service/read/runs.js';
import { nativeChartBlock } from '../../../src/slack/charts/index.js';

const change = (over: Partial<Change>): Change => ({ kind: 'security-score', tier: 'digest', competitor: 'pipedrift.com', category: null, weight: 65, line: '', title: '', before: null, after: null, ...over });
const tech = (score: number | null, trust: number) => ({ competitors: [{ domain: 'pipedrift.com', securityHeaders: { grade: null, score }, trustSignals: { count: trust, evaluated: 26 } }] });
/** Two runs as the watch read them (tech's reader; the chart draws only the area the change is in). */
const runs = (previous: unknown, current: unknown) => ({ previous: { facts: readWatchRun('tech-trust', previous), at: '2026-11-20T09:00:00Z' }, current: { facts: readWatchRun('tech-trust', current), at: '2026-11-27T09:00:00Z' } });

describe('watchMoveChart', () => {
  it('a score no longer measured is a gap (no Slack block, the PNG draws it), never zero; runs labelled by day', () => {
    const chart = watchMoveChart('tech', [change({})], runs(tech(62, 10), tech(null, 10)));
    expect(chart?.facts.series).toEqual([{ name: 'pipedrift.com', points: [{ label: 'Nov 20, 2026', value: 62 }, { label: 'Nov 27, 2026', value: null }] }]);
    expect(nativeChartBlock(chart!.facts, chart!.blockId)).toBeNull();
  });

  it('the most significant change with a figure is drawn: trust signals out of what was evaluated', () => {
    const chart = watchMoveChart('tech', [change({ kind: 'robots', weight: 99 }), change({ kind: 'trust-signals', weight: 55 })], runs(tech(62, 10), tech(62, 12)));
    expect(chart?.facts).toMatchObject({ title: 'Trust signals found over the last runs', unit: '/26', series: [{ points: [{ value: 10 }, { value: 12 }] }] });
  });

  it('no chart for a change without a figure, a site missing from both runs, or another dimension', () => {
    expect(watchMoveChart('tech', [change({ kind: 'robots' })], runs(tech(1, 1), tech(2, 2)))).toBeNull();
    expect(watchMoveChart('tech', [change({ competitor: 'elsewhere.com' })], runs(tech(1, 1), tech(2, 2)))).toBeNull();
    expect(watchMoveChart('positioning', [change({})], runs(tech(1, 1), tech(2, 2)))).toBeNull();
  });
});
