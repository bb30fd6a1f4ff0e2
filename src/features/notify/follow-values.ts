/**
 * What a *Follow* button (a ticket's, a competitor card's) and an *Unfollow* button on Home carry:
 * the follow, sealed to where it is shown (`src/slack/sealed-values.ts`), so a forged or moved value
 * changes nothing.
 */
import type { RadarDeps } from '../../deps.js';
import { FOLLOW_KINDS, type Follow, type FollowKind } from '../../store/follows.js';
import type { SealScope } from '../../slack/sealed-values.js';
import { LIMITS, truncate } from '../../slack/blocks/index.js';

export type FollowTarget = Pick<Follow, 'kind' | 'projectId' | 'projectName' | 'target' | 'label'>;

export function sealFollow(deps: Pick<RadarDeps, 'seals'>, scope: SealScope, target: FollowTarget): string {
  return deps.seals.seal({ fk: target.kind, p: target.projectId, n: truncate(target.projectName, 80), t: target.target, l: truncate(target.label, 120) }, scope, LIMITS.buttonValue);
}

export function unsealFollow(deps: Pick<RadarDeps, 'seals'>, value: string | undefined, scope: SealScope): FollowTarget | null {
  const v = deps.seals.unseal(value, scope) as Record<string, unknown> | null;
  if (!v || typeof v.p !== 'string' || typeof v.t !== 'string' || typeof v.n !== 'string' || typeof v.l !== 'string') return null;
  const kind = FOLLOW_KINDS.find((k) => k === v.fk) as FollowKind | undefined;
  return kind ? { kind, projectId: v.p, projectName: v.n, target: v.t, label: v.l } : null;
}
