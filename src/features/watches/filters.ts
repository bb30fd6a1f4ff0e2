/**
 * Which of a run's changes one watch tells, and in which tier: its competitor filter, category,
 * threshold (AI score moves), noise band (AI presence moves, issue 30) and mutes; then each change's
 * tier under the watch's tier rules (changes/tiers.ts).
 */
import { escapeMrkdwn } from '../../slack/blocks/index.js';
import type { Watch } from '../../store/watches.js';
import type { Change } from './changes/index.js';
import { AI_DEFAULT_THRESHOLD, bandOf, presenceText, presenceVerdict } from './changes/ai.js';
import { tierFor, type Tier } from './changes/tiers.js';

/** A presence move under the watch's band: told (its line saying the band and both checks) or null (noise). */
function banded(watch: Watch, c: Change): Change | null {
  if (!c.presence) return c;
  const band = bandOf(c.presence.engine, watch.band, watch.bands);
  const verdict = presenceVerdict(c.presence, band);
  if (verdict === null) return null;
  const text = presenceText(c.presence, band, verdict);
  return { ...c, line: escapeMrkdwn(text), title: text };
}

export function changesFor(watch: Watch, changes: readonly Change[]): Change[] {
  const threshold = watch.threshold ?? AI_DEFAULT_THRESHOLD;
  return changes.flatMap((c) => {
    if (watch.competitors.length > 0 && (c.competitor === null || !watch.competitors.includes(c.competitor))) return [];
    if (c.competitor !== null && watch.muted.includes(c.competitor)) return [];
    if (watch.category !== null && c.category !== watch.category) return [];
    if (watch.dimension === 'ai' && !c.presence && c.points !== undefined && c.points < threshold) return [];
    const told = banded(watch, c);
    return told ? [told] : [];
  });
}

/** The changes split by tier under the watch's tier rules. */
export function byTier(watch: Pick<Watch, 'tiers'>, changes: readonly Change[]): Record<Tier, Change[]> {
  const out: Record<Tier, Change[]> = { now: [], digest: [] };
  for (const c of changes) out[tierFor(c.kind, watch.tiers)].push(c);
  return out;
}
