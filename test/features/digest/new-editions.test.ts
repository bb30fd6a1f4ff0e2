import { describe, expect, it } from 'vitest';
import type { BriefingHistoryRow } from '../../../src/service/index.js';
import { nextCursor, planChannel } from '../../../src/features/digest/new-editions.js';

const row = (runId: string, status: BriefingHistoryRow['status'], briefingDate: string | null = null): BriefingHistoryRow => ({
  runId,
  status,
  editionNumber: null,
  briefingDate,
  documentDate: '2026-11-01',
  headline: null,
});

describe('which editions a channel is due', () => {
  // Newest first, as history lists them.
  const rows = [row('r5', 'done', '2026-11-05T00:00:00Z'), row('r4', 'running'), row('r3', 'failed'), row('r2', 'done', '2026-11-02T00:00:00Z'), row('r1', 'done', '2026-11-01T00:00:00Z')];

  it('is due the done runs above its cursor, and the cursor waits at a running run', () => {
    const plan = planChannel(rows, { lastSeenRunId: 'r2', boundAt: '2026-10-01T00:00:00Z' });
    expect(plan.due.map((r) => r.runId)).toEqual(['r5']);
    expect(nextCursor(plan, new Set(['r5']), 'r2')).toBe('r3');
    expect(nextCursor(plan, new Set(), 'r2')).toBe('r3');
  });

  it('with no cursor, starts from the bind time: only editions dated after it are due', () => {
    const plan = planChannel(rows, { lastSeenRunId: null, boundAt: '2026-11-03T00:00:00Z' });
    expect(plan.due.map((r) => r.runId)).toEqual(['r5']);
    expect(planChannel(rows, { lastSeenRunId: null, boundAt: '2026-10-01T00:00:00Z' }).due.map((r) => r.runId)).toEqual(['r1', 'r2', 'r5']);
  });

  it('when the cursor is off the page, only the newest done edition is due', () => {
    const plan = planChannel(rows, { lastSeenRunId: 'gone', boundAt: '2026-10-01T00:00:00Z' });
    expect(plan).toMatchObject({ cursorLost: true });
    expect(plan.due.map((r) => r.runId)).toEqual(['r5']);
    expect(nextCursor(plan, new Set(['r5']), 'gone')).toBe('r5');
  });
});
