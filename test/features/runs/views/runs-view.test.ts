import { describe, expect, it } from 'vitest';
import { historyView, runView } from '../../../../src/features/runs/views/runs-view.js';
import { readHistoryRow, readRunDetail } from '../../../../src/service/read/runs.js';
import type { DimensionRead } from '../../../../src/service/index.js';
import { messageText } from '../../../support/view-checks.js';

/** A history page read as `/radar history` reads it: by the dimension's area reader when one is named, else generically. */
const page = (items: unknown[], pagination: { page: number; limit: number; total: number; totalPages: number; hasMore: boolean }, dimension?: DimensionRead) => ({
  items: items.map((row) => readHistoryRow(row, dimension)),
  pagination,
});

const pagination = (total: number, page = 1) => ({ page, limit: 10, total, totalPages: Math.ceil(total / 10), hasMore: total > page * 10 });

describe('runs views', () => {
  it('the count is pagination.total, never the rows on the page; more pages are offered', () => {
    const text = messageText(historyView('Acme', 'pricing', page([{ runId: 'run_a', completedAt: '2026-11-01T00:00:00Z', summary: { priceGap: true } }], pagination(37)), 'pricing'));
    expect(text).toContain('*37 runs*');
    expect(text).toContain('/radar history pricing --page 2');
  });

  it('null gaps read "no comparison", other nulls "not measured"; an omitted or null summary is said, and other shapes are shown as sent', () => {
    const text = messageText(
      historyView(
        'Acme',
        'tech-trust',
        page(
          [
            { RunId: 'run_b', Date: '2026-11-02', summary: { securityScoreGap: null, competitorsMeasured: null } },
            { id: 'run_c', summary: null },
            { runId: 'run_d' },
            { runId: 'run_e', summary: {} },
          ],
          pagination(4),
          'tech-trust',
        ),
        'tech',
      ),
    );
    expect(text).toContain('Security score gap _no comparison_ · competitors measured _not measured_');
    expect(text).toContain('`run_c`');
    expect(text).toContain('_no summary: that run finished without one_');
    expect(text).toContain('_no summary reported_');
    expect(text).toContain('_a summary without figures Radar can show_');
  });

  it('an empty history says so', () => {
    expect(messageText(historyView('Acme', 'content', page([], pagination(0)), 'content'))).toContain('has no content runs yet');
  });

  it('run detail of any shape renders, escaped and within limits', () => {
    const detail = { runId: 'run_x', status: 'completed', summary: { note: '<!here> & co', gaps: { messagingGap: null }, list: Array.from({ length: 500 }, (_, i) => ({ k: i })) }, extra: 'x'.repeat(5000) };
    const view = runView('Acme', 'positioning', 'run_x', readRunDetail(detail), null);
    expect(JSON.stringify(view.blocks)).not.toContain('<!here>');
    const text = messageText(view);
    expect(text).toContain('*Messaging gap:* _no comparison_');
    expect(text).toContain('…and 490 more');
  });
});

describe('historyView past the last page (issue 17)', () => {
  it('says the same count as the other pages, and nothing to share', () => {
    const pagination = (total: number, page: number) => ({ page, limit: 20, total, totalPages: Math.ceil(total / 20), hasMore: false });
    const first = messageText(historyView('Acme', 'pricing', page([{ runId: 'run_a', completedAt: '2026-11-01T00:00:00Z', summary: {} }], pagination(4, 1)), 'pricing'));
    const past = messageText(historyView('Acme', 'pricing', page([], pagination(4, 3)), 'pricing'));
    expect(first).toContain('*4 runs*');
    expect(past).toContain('Page 3 is past the end: 4 runs in all, 1 page.');
  });
});
