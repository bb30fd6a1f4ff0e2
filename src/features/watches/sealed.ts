/**
 * The watch message's button values, sealed to the channel it is posted in (src/slack/sealed-values.ts):
 * Create ticket carries the prefill (title and evidence), Mute competitor the domain, each Snooze choice
 * the domain (or none: the whole watch) and the length in days. None carries authority: a press
 * re-resolves the project through the channel's binding.
 */
import type { RadarDeps } from '../../deps.js';
import { LIMITS, truncate } from '../../slack/blocks/index.js';
import type { SealScope } from '../../slack/sealed-values.js';
import { WATCH_DIMENSIONS, type WatchDimension } from '../../store/watches.js';
import type { Change } from './changes/index.js';
import { DIMENSION_NAMES, muteTargetOf, SNOOZE_DAYS, snoozeLength, type ButtonValues, type WatchPost } from './views/watch-message.js';

export interface TicketPrefill {
  projectId: string;
  dimension: WatchDimension;
  runId: string;
  title: string;
  description: string;
}

export interface SnoozeValue {
  projectId: string;
  dimension: WatchDimension;
  /** null: the whole watch. */
  competitor: string | null;
  days: number;
}

/** The Snooze menu: each length for the competitor of the most significant change (when one is named and fits) and for the whole watch. */
export function snoozeOptions(deps: Pick<RadarDeps, 'seals'>, scope: SealScope, post: Pick<WatchPost, 'projectId' | 'dimension' | 'changes'>): { text: string; value: string }[] {
  const target = muteTargetOf(post.changes);
  const out: { text: string; value: string }[] = [];
  const add = (competitor: string | null, days: number) => {
    try {
      const value = deps.seals.seal({ p: post.projectId, d: post.dimension, ...(competitor ? { c: competitor } : {}), n: days }, scope, LIMITS.optionValue);
      out.push({ text: truncate(`${competitor ?? 'Whole watch'} for ${snoozeLength(days)}`, LIMITS.optionText), value });
    } catch {
      // too long sealed (a very long domain): that choice is left out
    }
  };
  if (target) for (const days of SNOOZE_DAYS) add(target, days);
  for (const days of SNOOZE_DAYS) add(null, days);
  return out;
}

export interface MuteValue {
  projectId: string;
  dimension: WatchDimension;
  competitor: string;
}

const TITLE_MAX = 100;

function evidenceLine(c: Change): string {
  return c.before !== null || c.after !== null ? `- ${c.title}\n  before: ${c.before ?? 'n/a'} | after: ${c.after ?? 'n/a'}` : `- ${c.title}`;
}

/** The ticket a change makes: its most significant line as the title, every line's evidence and the run id. */
export function ticketPrefill(post: WatchPost, room: number): TicketPrefill {
  const top = post.changes[0];
  const name = DIMENSION_NAMES[post.dimension];
  const footer = `\n\n${name} run ${post.runId} (${post.runAt ?? 'date not given'}), compared with the run before it. Posted by a Radar watch.`;
  let body = `${name} changes on ${post.projectName}:\n`;
  for (const c of post.changes) {
    const line = `${evidenceLine(c)}\n`;
    if (body.length + line.length + footer.length > room) break;
    body += line;
  }
  return { projectId: post.projectId, dimension: post.dimension, runId: post.runId, title: truncate(`${name}: ${top?.title ?? 'a change'}`, TITLE_MAX), description: `${body.trimEnd()}${footer}` };
}

export function sealedButtons(deps: Pick<RadarDeps, 'seals'>, scope: SealScope, post: WatchPost): ButtonValues {
  let ticket: string | null = null;
  for (const room of [1400, 900, 500, 250]) {
    const p = ticketPrefill(post, room);
    try {
      ticket = deps.seals.seal({ p: p.projectId, d: p.dimension, r: p.runId, t: p.title, e: p.description }, scope, LIMITS.buttonValue);
      break;
    } catch {
      // too long sealed: less evidence
    }
  }
  const target = muteTargetOf(post.changes);
  return {
    ticket: ticket ?? deps.seals.seal({ p: post.projectId, d: post.dimension, r: post.runId, t: DIMENSION_NAMES[post.dimension], e: '' }, scope, LIMITS.buttonValue),
    mute: target ? deps.seals.seal({ p: post.projectId, d: post.dimension, c: target.slice(0, 200) }, scope, LIMITS.buttonValue) : null,
    snooze: snoozeOptions(deps, scope, post),
  };
}

const isDimension = (v: unknown): v is WatchDimension => (WATCH_DIMENSIONS as readonly unknown[]).includes(v);

export function unsealTicket(deps: Pick<RadarDeps, 'seals'>, value: string | undefined, scope: SealScope): TicketPrefill | null {
  const v = deps.seals.unseal(value, scope) as Record<string, unknown> | null;
  if (!v || typeof v.p !== 'string' || !isDimension(v.d) || typeof v.r !== 'string' || typeof v.t !== 'string' || typeof v.e !== 'string') return null;
  return { projectId: v.p, dimension: v.d, runId: v.r, title: v.t, description: v.e };
}

export function unsealMute(deps: Pick<RadarDeps, 'seals'>, value: string | undefined, scope: SealScope): MuteValue | null {
  const v = deps.seals.unseal(value, scope) as Record<string, unknown> | null;
  if (!v || typeof v.p !== 'string' || !isDimension(v.d) || typeof v.c !== 'string') return null;
  return { projectId: v.p, dimension: v.d, competitor: v.c };
}

export function unsealSnooze(deps: Pick<RadarDeps, 'seals'>, value: string | undefined, scope: SealScope): SnoozeValue | null {
  const v = deps.seals.unseal(value, scope) as Record<string, unknown> | null;
  if (!v || typeof v.p !== 'string' || !isDimension(v.d) || (v.c !== undefined && typeof v.c !== 'string')) return null;
  if (typeof v.n !== 'number' || !(SNOOZE_DAYS as readonly number[]).includes(v.n)) return null;
  return { projectId: v.p, dimension: v.d, competitor: typeof v.c === 'string' ? v.c : null, days: v.n };
}
