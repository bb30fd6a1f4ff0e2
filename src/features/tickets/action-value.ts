/**
 * What a shown ticket's controls carry: the project and ticket they act on, sealed to the channel
 * the ticket was shown in (`src/slack/sealed-values.ts`). Buttons carry it as their value; selects
 * carry it as their block id (an option value holds only 150 characters) and the choice (a column,
 * a member) as the option value. `explicit` says the project came from `--project` rather than the
 * channel's binding: such a value acts only while the project is allowed; a binding's value acts
 * only while the channel is still bound to that project.
 */
import { projectRefusalHere } from '../board/binding-check.js';
import type { RadarDeps } from '../../deps.js';
import { FORGED_VALUE } from '../../slack/error-text.js';
import type { SealScope } from '../../slack/sealed-values.js';
import { LIMITS } from '../../slack/blocks/index.js';

export interface TicketActionValue {
  projectId: string;
  ticketId: string;
  /** A column for a move, a member's user id for an assignment. */
  choice?: string;
}

export interface TicketRef {
  projectId: string;
  ticketId: string;
  explicit: boolean;
}

/** A comment's value on its buttons: the comment sealed with its ticket (kind `ce` edit, `cd` delete). */
export type CommentSeal = (ref: { projectId: string; ticketId: string; commentId: string }, kind: 'ce' | 'cd') => string;

/** Seals a ticket reference for one place on a message (`kind` keeps two selects' block ids apart). */
export type TicketSeal = (ref: { projectId: string; ticketId: string }, kind: string, max: number) => string;

export function ticketSeal(deps: Pick<RadarDeps, 'seals'>, scope: SealScope, explicit: boolean): TicketSeal {
  return ({ projectId, ticketId }, kind, max) => deps.seals.seal({ p: projectId, t: ticketId, k: kind, ...(explicit ? { x: 1 } : {}) }, scope, max);
}

export function unsealTicketRef(deps: Pick<RadarDeps, 'seals'>, value: string | undefined, scope: SealScope): TicketRef | null {
  const payload = deps.seals.unseal(value, scope) as { p?: unknown; t?: unknown; x?: unknown } | null;
  if (!payload || typeof payload.p !== 'string' || typeof payload.t !== 'string') return null;
  return { projectId: payload.p, ticketId: payload.t, explicit: payload.x === 1 };
}

/**
 * Null when the reference may act in this channel now; else the sentence saying why not (a value
 * not sealed here, a channel rebound since, a project no longer allowed).
 */
export async function refusalFor(deps: Pick<RadarDeps, 'bindings' | 'config'>, ref: TicketRef | null, scope: SealScope): Promise<string | null> {
  return ref ? projectRefusalHere(deps, ref, scope) : FORGED_VALUE;
}

/** A comment's Edit or Delete button: the comment, its ticket and project, sealed like a ticket reference. */
export interface CommentRef extends TicketRef {
  commentId: string;
}

export function commentSeal(deps: Pick<RadarDeps, 'seals'>, scope: SealScope, explicit: boolean): CommentSeal {
  return ({ projectId, ticketId, commentId }, kind) =>
    deps.seals.seal({ p: projectId, t: ticketId, c: commentId, k: kind, ...(explicit ? { x: 1 } : {}) }, scope, LIMITS.buttonValue);
}

/** The comment a button names, when it was sealed here for that `kind` of button; else null. */
export function unsealCommentRef(deps: Pick<RadarDeps, 'seals'>, value: string | undefined, scope: SealScope, kind: 'ce' | 'cd'): CommentRef | null {
  const payload = deps.seals.unseal(value, scope) as { p?: unknown; t?: unknown; c?: unknown; k?: unknown; x?: unknown } | null;
  if (!payload || typeof payload.p !== 'string' || typeof payload.t !== 'string' || typeof payload.c !== 'string' || payload.k !== kind) return null;
  return { projectId: payload.p, ticketId: payload.t, commentId: payload.c, explicit: payload.x === 1 };
}

/** Both seals a shown ticket's controls use. */
export function ticketSeals(deps: Pick<RadarDeps, 'seals'>, scope: SealScope, explicit: boolean): { seal: TicketSeal; commentSeal: CommentSeal } {
  return { seal: ticketSeal(deps, scope, explicit), commentSeal: commentSeal(deps, scope, explicit) };
}
