/**
 * Which editions a channel is due, from one read of the project's briefing history (newest first).
 *
 * A binding's `lastSeenRunId` is a position in that history: the run it names and every older run
 * are dealt with. Runs above it are newer: the done ones are due, failed ones are passed over, and a
 * running one holds the cursor back so it is digested once it is done (docs/assumptions.md).
 *
 * A binding whose cursor is null (the project had no done edition when the channel was bound, or
 * history could not be read then) starts from its bind time: done editions dated after `boundAt`
 * are due, older ones are not, so a first poll never floods a channel with old editions.
 */
import type { BriefingHistoryRow } from '../../service/index.js';

export interface ChannelCursor {
  lastSeenRunId: string | null;
  /** ISO 8601; when the channel was bound. */
  boundAt: string;
}

export interface ChannelPlan {
  /** Runs newer than the cursor, oldest first (any status). */
  newer: BriefingHistoryRow[];
  /** The done runs among them, oldest first: the editions to digest. */
  due: BriefingHistoryRow[];
  /** The row the cursor stands on now (null when it is beyond the page read, or there is none). */
  baseline: BriefingHistoryRow | null;
  /** True when the cursor named a run no longer on the page read (only the newest done edition is then due). */
  cursorLost: boolean;
}

export function planChannel(rows: readonly BriefingHistoryRow[], cursor: ChannelCursor): ChannelPlan {
  const { index, lost } = baselineIndex(rows, cursor);
  const newer = rows.slice(0, index).reverse();
  return { newer, due: newer.filter((r) => r.status === 'done'), baseline: rows[index] ?? null, cursorLost: lost };
}

/**
 * Where the cursor moves once the due editions listed in `handled` are dealt with: over every
 * newer run, oldest first, that is failed or handled, stopping at the first running one or the
 * first done one still undelivered. Null when it cannot stand anywhere yet.
 */
export function nextCursor(plan: ChannelPlan, handled: ReadonlySet<string>, current: string | null): string | null {
  let cursor = plan.baseline?.runId ?? current;
  for (const row of plan.newer) {
    const dealtWith = row.status === 'failed' || (row.status === 'done' && handled.has(row.runId));
    if (!dealtWith) break;
    cursor = row.runId;
  }
  return cursor;
}

function baselineIndex(rows: readonly BriefingHistoryRow[], cursor: ChannelCursor): { index: number; lost: boolean } {
  if (cursor.lastSeenRunId !== null) {
    const index = rows.findIndex((r) => r.runId === cursor.lastSeenRunId);
    if (index >= 0) return { index, lost: false };
    // The cursor fell off the page (more runs than a page holds since): only the newest done edition is due.
    const newestDone = rows.findIndex((r) => r.status === 'done');
    return { index: newestDone < 0 ? rows.length : newestDone + 1, lost: true };
  }
  const boundAt = Date.parse(cursor.boundAt);
  const firstOld = rows.findIndex((r) => r.status === 'done' && typeof r.briefingDate === 'string' && Date.parse(r.briefingDate) <= boundAt);
  return { index: firstOld < 0 ? rows.length : firstOld, lost: false };
}
