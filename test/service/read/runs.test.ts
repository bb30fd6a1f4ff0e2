/** The runs reader: which run a history row is and when, in any key style, for the history, the run command and the watches. */
import { describe, expect, it } from 'vitest';
import { areaSummaryOf, readHistoryRow, readRunDetail, readWatchHistory, runRefsOf, runSummaryOf } from '../../../src/service/read/runs.js';
import { areaSummaryWords } from '../../../src/features/runs/views/summary-words.js';

describe('runs reader', () => {
  it('finds a row’s run id and time whatever the key style, checks too; rows without an id are left out', () => {
    const rows = [
      { run_id: 'run_a', completed_at: '2026-11-02T00:00:00Z', Status: 'completed' },
      { CheckId: 'chk_b', checkedAt: '2026-11-01T00:00:00Z' },
      { id: 'run_c' },
      { summary: { x: 1 } },
      'not a row',
    ];
    expect(runRefsOf(rows)).toEqual([
      { runId: 'run_a', at: '2026-11-02T00:00:00Z', status: 'completed' },
      { runId: 'chk_b', at: '2026-11-01T00:00:00Z', status: null },
      { runId: 'run_c', at: null, status: null },
    ]);
    // The watch poller reads run ids only through it.
    // The watches' rows are the reader's refs; AI visibility rows also read as facts (the noise band reads the check before).
    expect(readWatchHistory('pricing', rows)).toEqual(runRefsOf(rows));
    expect(readWatchHistory('ai-visibility', rows).map(({ facts: _facts, ...ref }) => ref)).toEqual(runRefsOf(rows));
    expect(readWatchHistory('ai-visibility', rows).every((r) => r.facts?.ai !== undefined)).toBe(true);
  });

  it('a history row’s summary: figures, none (null), not reported, or text; a row that is not an object is null', () => {
    expect(readHistoryRow({ runId: 'r', summary: null })?.summary).toEqual({ kind: 'not-summarized' });
    expect(readHistoryRow({ runId: 'r' })?.summary).toEqual({ kind: 'not-reported' });
    expect(readHistoryRow({ runId: 'r', summary: 'fine' })?.summary).toEqual({ kind: 'text', text: 'fine' });
    expect(readHistoryRow({ runId: 'r', Summary: { price_gap: null } })?.summary).toEqual({ kind: 'fields', fields: [{ kind: 'value', label: 'Price gap', value: { kind: 'no-comparison' } }] });
    expect(readHistoryRow(null)).toBeNull();
  });

  it('a run detail’s own fields are found in any style and not repeated among its other fields', () => {
    const detail = readRunDetail({ run_id: 'run_a', STATUS: 'completed', started_at: '2026-11-01T00:00:00Z', finishedAt: '2026-11-01T01:00:00Z', note: 'n' });
    expect(detail).toMatchObject({ runId: 'run_a', status: 'completed', startedAt: '2026-11-01T00:00:00Z', completedAt: '2026-11-01T01:00:00Z' });
    expect(detail.fields).toEqual([{ kind: 'value', label: 'Note', value: { kind: 'text', text: 'n' } }]);
  });

  it('a summary is read by its area’s reader whatever the key style; only what no reader names is left generic', () => {
    const words = (summary: unknown, dimension: Parameters<typeof areaSummaryOf>[1]) => {
      const read = areaSummaryOf(summary, dimension);
      return read === null ? null : { words: areaSummaryWords(read.area).join(' · '), extras: read.extras.map((f) => f.label) };
    };
    expect(words({ security_gap: 2, TrustSignalsGap: null, competitors_compared: 3, note: 'x' }, 'tech-trust')).toEqual({
      words: 'Security score gap +2 · trust signal gap _no comparison_ · competitors measured 3',
      extras: ['Note'],
    });
    expect(words({ 'urls-added': 12, gaps_found: null, CompetitorsCompared: 4 }, 'content')).toEqual({ words: 'URLs added by competitors 12 · gaps found _no comparison_ · competitors compared 4', extras: [] });
    // The positioning analysis nested under a key of its own is said as /radar positioning says it.
    expect(words({ messaging_analysis: { differentiationScore: 64, crowdedClaims: ['a', 'b'] }, changed_competitors: 1 }, 'positioning')?.words).toBe('1 competitor changed their messaging · differentiation score: 64 · crowded claims: a, b');
    // A pricing summary with the own side, in snake_case: the pricing words; a field the reader does not name stays an extra.
    expect(words({ customer: { lowest_price: 49, currency: 'USD', pricing_unit: 'flat_month' }, market_avg_price: 59.5, market_pricing_unit: 'flat_month', market_currency: 'USD', price_position_percent: -17.6, analyst: 'kept' }, 'pricing')).toEqual({
      words: 'Your lowest price $49 a month, flat · market average $59.50 a month, flat · 17.6% below the market average',
      extras: ['Analyst'],
    });
    // A pricing summary without an own side anywhere: not the pricing reader's, so the generic readout.
    expect(readHistoryRow({ runId: 'r', summary: { note: 1 } }, 'pricing')?.summary.kind).toBe('fields');
    expect(runSummaryOf({ summary: { securityScoreGap: -1 } }, 'tech-trust')?.dimension).toBe('tech-trust');
    expect(runSummaryOf({ summary: null }, 'tech-trust')).toBeNull();
  });
});
