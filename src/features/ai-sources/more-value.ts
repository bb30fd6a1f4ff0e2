/**
 * What an AI sources "More" button carries: the project (and whether it came from `--project`), the
 * check when it was one check's detail, and the next page's `offset`/`limit`, sealed to the channel
 * it was shown in. A press re-resolves the project through the channel's binding and the access
 * policy: a binding's button acts only while the channel is still bound to that project, an explicit
 * one only while the project is allowed.
 */
import { projectRefusalHere } from '../board/binding-check.js';
import type { RadarDeps } from '../../deps.js';
import { LIMITS } from '../../slack/blocks/index.js';
import { FORGED_VALUE } from '../../slack/error-text.js';
import type { SealScope } from '../../slack/sealed-values.js';

export interface MoreValue {
  projectId: string;
  /** Display only (the header); carries no authority. */
  projectName: string;
  explicit: boolean;
  checkId: string | null;
  offset: number;
  limit: number;
}

export function sealMore(deps: Pick<RadarDeps, 'seals'>, scope: SealScope, value: MoreValue): string | null {
  const sealed = deps.seals.seal(
    { p: value.projectId, n: value.projectName, ...(value.explicit ? { x: 1 } : {}), ...(value.checkId ? { k: value.checkId } : {}), o: value.offset, l: value.limit },
    scope,
  );
  return sealed.length <= LIMITS.buttonValue ? sealed : null;
}

export function unsealMore(deps: Pick<RadarDeps, 'seals'>, sealed: string | undefined, scope: SealScope): MoreValue | null {
  const v = deps.seals.unseal(sealed, scope) as Record<string, unknown> | null;
  if (!v || typeof v.p !== 'string' || typeof v.o !== 'number' || typeof v.l !== 'number') return null;
  return {
    projectId: v.p,
    projectName: typeof v.n === 'string' ? v.n : v.p,
    explicit: v.x === 1,
    checkId: typeof v.k === 'string' ? v.k : null,
    offset: v.o,
    limit: v.l,
  };
}

/** Null when the value may act in this channel now; else the sentence saying why not. */
export async function moreRefusal(deps: Pick<RadarDeps, 'bindings' | 'config'>, value: MoreValue | null, scope: SealScope): Promise<string | null> {
  return value ? projectRefusalHere(deps, value, scope) : FORGED_VALUE;
}
