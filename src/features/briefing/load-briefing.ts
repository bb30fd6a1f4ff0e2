/**
 * What `/radar briefing` shows, across every state of spec 3.3: the latest read, and when that is
 * running or failed (or null), the last done edition from history. A null `item` is never read as
 * "no briefing exists" before history has been checked (spec 4.5).
 */
import type { ServiceClient } from '../../service/index.js';
import type { BriefingFacts } from '../../service/read/briefing.js';
import { lastDoneEdition } from '../editions/last-done.js';

export type BriefingState =
  | { kind: 'done'; read: BriefingFacts }
  | { kind: 'running'; latest: BriefingFacts; lastDone: BriefingFacts | null }
  | { kind: 'failed'; latest: BriefingFacts; lastDone: BriefingFacts | null }
  | { kind: 'never' };

export async function loadBriefing(service: ServiceClient, projectId: string): Promise<BriefingState> {
  const latest = await service.briefingFacts(projectId);
  const status = latest.meta.status;
  if (status === 'done') return { kind: 'done', read: latest };

  const lastDone = await lastDoneEdition(service, projectId);
  if (status === 'running') return { kind: 'running', latest, lastDone };
  if (status === 'failed') return { kind: 'failed', latest, lastDone };
  // status null: the project never had a run, unless history says otherwise.
  return lastDone ? { kind: 'done', read: lastDone } : { kind: 'never' };
}
