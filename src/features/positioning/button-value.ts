/**
 * What a "Full view" button carries: the project and the competitor, sealed to the channel the
 * compact view was shown in (`src/slack/sealed-values.ts`). `explicit` says the project came from
 * `--project` rather than the channel's binding: such a button acts only while the project is
 * allowed; a binding's button only while the channel is still bound to that project.
 */
import { projectRefusalHere } from '../board/binding-check.js';
import type { RadarDeps } from '../../deps.js';
import type { RowIdentity } from '../../service/index.js';
import { LIMITS } from '../../slack/blocks/index.js';
import { FORGED_VALUE } from '../../slack/error-text.js';
import type { SealScope } from '../../slack/sealed-values.js';

export interface CompetitorButton {
  projectId: string;
  projectName: string;
  explicit: boolean;
  competitorId: string | null;
  domain: string | null;
}

/** The sealed value, or null when the row names neither an id nor a domain (no button then). */
export function sealCompetitorButton(
  deps: Pick<RadarDeps, 'seals'>,
  scope: SealScope,
  project: { projectId: string; projectName: string; explicit: boolean },
  identity: RowIdentity,
): string | null {
  if (identity.competitorId === null && identity.domain === null) return null;
  const payload = { p: project.projectId, n: project.projectName, c: identity.competitorId, d: identity.domain, ...(project.explicit ? { x: 1 } : {}) };
  try {
    return deps.seals.seal(payload, scope, LIMITS.buttonValue);
  } catch {
    return null;
  }
}

export function unsealCompetitorButton(deps: Pick<RadarDeps, 'seals'>, value: string | undefined, scope: SealScope): CompetitorButton | null {
  const v = deps.seals.unseal(value, scope) as { p?: unknown; n?: unknown; c?: unknown; d?: unknown; x?: unknown } | null;
  if (!v || typeof v.p !== 'string' || typeof v.n !== 'string') return null;
  const text = (x: unknown) => (typeof x === 'string' ? x : null);
  if (text(v.c) === null && text(v.d) === null) return null;
  return { projectId: v.p, projectName: v.n, explicit: v.x === 1, competitorId: text(v.c), domain: text(v.d) };
}

/**
 * Null when the button may act in this channel now; else the sentence saying why not (a value not
 * sealed here, a channel rebound since, a project no longer allowed).
 */
export async function refusalFor(deps: Pick<RadarDeps, 'bindings' | 'config'>, ref: CompetitorButton | null, scope: SealScope): Promise<string | null> {
  return ref ? projectRefusalHere(deps, ref, scope) : FORGED_VALUE;
}
