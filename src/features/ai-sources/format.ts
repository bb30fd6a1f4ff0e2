/** How AI sources values read in Slack, under the null contract (spec 2.2) and the rank exception (2.2.5). */
import { UNREADABLE_VALUE, type Part } from '../../service/tolerant.js';
import { escapeMrkdwn, humanise, plural } from '../../slack/blocks/index.js';

export const NOT_MEASURED = '_not measured_';
export const NOT_NAMED = 'not named in any answer';

/** A passed-through plain value: null "not measured", never a zero or a "no". */
export function plainValue(value: unknown): string {
  if (value === null) return NOT_MEASURED;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return escapeMrkdwn(String(value));
}

/** `citations 12 · answers analysed 60`: keys humanised, values escaped. */
export function extrasText(extras: readonly [string, unknown][]): string {
  return extras.map(([k, v]) => `${escapeMrkdwn(humanise(k))} ${plainValue(v)}`).join(' · ');
}

/**
 * A brand's standing on the brand list, from presence only: `#2 by presence`; null beside
 * `answersNaming: 0` is "not named in any answer" (never a rank, a 0 or "last").
 */
export function rankText(rank: Part<number | null>, answersNaming: Part<number | null>): string {
  if (rank.kind === 'unreadable') return `rank ${UNREADABLE_VALUE}`;
  if (rank.kind === 'omitted') return 'rank _not reported_';
  if (rank.value !== null) return `#${escapeMrkdwn(String(rank.value))} by presence`;
  if (answersNaming.kind === 'value' && answersNaming.value === 0) return NOT_NAMED;
  return `rank ${NOT_MEASURED}`;
}

/** `named in 17 answers`; nothing when it is 0 (the rank says "not named") or not sent. */
export function namingText(answersNaming: Part<number | null>): string | null {
  if (answersNaming.kind === 'unreadable') return `answers naming it ${UNREADABLE_VALUE}`;
  if (answersNaming.kind === 'omitted' || answersNaming.value === 0) return null;
  if (answersNaming.value === null) return `answers naming it ${NOT_MEASURED}`;
  return `named in ${plural(answersNaming.value, 'answer')}`;
}
