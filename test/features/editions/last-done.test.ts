import { describe, expect, it } from 'vitest';
import { findLastDone } from '../../../src/features/editions/last-done.js';
import type { BriefingHistoryRow, ServiceClient } from '../../../src/service/index.js';

/** A history of `statuses`, newest first, read a page at a time; records the pages asked for. */
function history(statuses: BriefingHistoryRow['status'][]) {
  const rows = statuses.map((status, i) => ({ runId: `run_${i}`, status }) as BriefingHistoryRow);
  const asked: { page: number; limit: number }[] = [];
  const service = {
    async getBriefingHistory(_projectId: string, { page, limit }: { page: number; limit: number }) {
      asked.push({ page, limit });
      const items = rows.slice((page - 1) * limit, page * limit);
      return { items, pagination: { page, limit, total: rows.length, totalPages: Math.ceil(rows.length / limit), hasMore: page * limit < rows.length } };
    },
  } as unknown as ServiceClient;
  return { service, asked };
}

describe('findLastDone', () => {
  it('answers the newest done row from the first page when it is there', async () => {
    const { service, asked } = history(['running', 'failed', 'done', 'done']);
    expect((await findLastDone(service, 'prj'))?.runId).toBe('run_2');
    expect(asked).toEqual([{ page: 1, limit: 100 }]);
  });

  it('pages on past rows that are not done, and stops at the end of history', async () => {
    const deep = history([...Array<'failed'>(150).fill('failed'), 'done']);
    expect((await findLastDone(deep.service, 'prj'))?.runId).toBe('run_150');
    expect(deep.asked.map((a) => a.page)).toEqual([1, 2]);
    const none = history(['running', 'failed']);
    expect(await findLastDone(none.service, 'prj')).toBeNull();
    expect(none.asked).toHaveLength(1);
  });

  it('reads at most five pages', async () => {
    const { service, asked } = history([...Array<'failed'>(600).fill('failed'), 'done']);
    expect(await findLastDone(service, 'prj')).toBeNull();
    expect(asked.map((a) => a.page)).toEqual([1, 2, 3, 4, 5]);
  });
});
