/** The runs reader: which run a history row is and when, in any key style, for the history, the run command and the watches. */
import { describe, expect, it } from 'vitest';
import { readHistoryRow, readRunDetail, runRefsOf } from '../../../src/service/read/runs.js';
import { runRows } from '../../../src/features/watches/reads.js';

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
    // The watches' rows are the reader's refs, each with the row as sent (the AI noise band reads the check before).
    expect(runRows(rows).map(({ item: _item, ...ref }) => ref)).toEqual(runRefsOf(rows));
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
});
