/**
 * The watches' hook into the shared notifier (issue 31): when a watch message is delivered to a
 * channel, the people following a competitor it names (or its project) are told in a direct message,
 * one event per competitor (and one for changes naming none), so each person hears only of what they
 * follow. The poller hands over the channel's now-tier changes when they are posted: at once, or, held
 * through the channel's quiet hours, when that message posts (held.ts); digest-tier ones are not told.
 */
import { normaliseDomain } from '../competitor-match/match-competitor.js';
import type { NotifyEvent, Notifier } from '../notify/notifier.js';
import { changeLine } from '../notify/views/notice-lines.js';
import type { WatchDimension } from '../../store/watches.js';
import type { Change } from './changes/index.js';
import { DIMENSION_NAMES } from './views/watch-message.js';

/** Lines of one competitor's changes a direct message shows; the rest are counted. */
const LINES = 5;

export interface DeliveredChange {
  projectId: string;
  projectName: string;
  dimension: WatchDimension;
  runId: string;
  changes: readonly Change[];
}

export function changeEvents(post: DeliveredChange): NotifyEvent[] {
  const byCompetitor = new Map<string | null, Change[]>();
  for (const c of post.changes) {
    const key = c.competitor === null ? null : normaliseDomain(c.competitor);
    byCompetitor.set(key, [...(byCompetitor.get(key) ?? []), c]);
  }
  return [...byCompetitor].map(([competitor, changes]) => ({
    kind: 'changes' as const,
    key: `change:${post.projectId}:${post.dimension}:${post.runId}:${competitor ?? '-'}`,
    projectName: post.projectName,
    line: changeLine(`${DIMENSION_NAMES[post.dimension]} moved${competitor ? `: ${competitor}` : ''}`, changes.slice(0, LINES).map((c) => c.line), changes.length - LINES),
    audience: { projectId: post.projectId, competitors: competitor ? [competitor] : [] },
  }));
}

/** What the watch poller calls after a delivery; a failure is logged, never the watch's. */
export function tellFollowers(notifier: Notifier) {
  return async (teamId: string, post: DeliveredChange): Promise<void> => {
    await notifier.send(teamId, changeEvents(post));
  };
}
