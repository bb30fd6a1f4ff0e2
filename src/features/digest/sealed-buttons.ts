/**
 * The digest's ticket buttons carry their ticket sealed to the channel the digest is posted in
 * (`src/slack/sealed-values.ts`): a value altered, or copied from another channel, unseals to null.
 */
import type { RadarDeps } from '../../deps.js';
import { LIMITS } from '../../slack/blocks/index.js';
import type { SealScope } from '../../slack/sealed-values.js';
import { withSealedButtons, type DigestMessages, type TicketButtonValue } from './views/digest-view.js';

export function sealButtonValue(deps: Pick<RadarDeps, 'seals'>, scope: SealScope): (value: TicketButtonValue) => string {
  return ({ projectId, ticketId, rank }) => deps.seals.seal({ p: projectId, t: ticketId, r: rank }, scope, LIMITS.buttonValue);
}

export function sealedFor(deps: Pick<RadarDeps, 'seals'>, scope: SealScope, messages: DigestMessages): DigestMessages {
  return withSealedButtons(messages, sealButtonValue(deps, scope));
}

export function unsealButtonValue(deps: Pick<RadarDeps, 'seals'>, value: string | undefined, scope: SealScope): TicketButtonValue | null {
  const payload = deps.seals.unseal(value, scope) as { p?: unknown; t?: unknown; r?: unknown } | null;
  if (!payload || typeof payload.p !== 'string' || typeof payload.t !== 'string') return null;
  return { projectId: payload.p, ticketId: payload.t, rank: typeof payload.r === 'number' ? payload.r : null };
}
