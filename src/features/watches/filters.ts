/** Which of a run's changes one watch tells: its competitor filter, category, threshold and mutes. */
import type { Watch } from '../../store/watches.js';
import type { Change } from './changes/index.js';
import { AI_DEFAULT_THRESHOLD } from './changes/ai.js';

export function changesFor(watch: Watch, changes: readonly Change[]): Change[] {
  const threshold = watch.threshold ?? AI_DEFAULT_THRESHOLD;
  return changes.filter((c) => {
    if (watch.competitors.length > 0 && (c.competitor === null || !watch.competitors.includes(c.competitor))) return false;
    if (c.competitor !== null && watch.muted.includes(c.competitor)) return false;
    if (watch.category !== null && c.category !== watch.category) return false;
    if (watch.dimension === 'ai' && c.points !== undefined && c.points < threshold) return false;
    return true;
  });
}
