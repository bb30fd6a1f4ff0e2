/**
 * How AI visibility figures are read aloud (spec 2.2 and 2.5, issue 14 "Reading rules"):
 * - standing words ("leads", "#1") come only from presence (`rankByPresence`, `mentionRate`), never
 *   from the score, which says where a brand lands when named;
 * - score 0 beside a non-zero mention rate means "named, but only below the top 5 or too seldom
 *   inside it"; a mention rate of 0 means no counted answer named it;
 * - a null `rankByPresence` beside `answersNaming: 0` means "not named in any answer";
 * - rates are shares of the answers counted, never of queries sent;
 * - null is "not measured", an omitted key "not reported", a mistyped one "couldn't read".
 */
import { ratePercent, standingStatement, tieWords, type AiPresence, type AiStanding } from '../../service/index.js';
import type { Part } from '../../service/tolerant.js';
import { UNREADABLE_VALUE } from '../../service/tolerant.js';
import { escapeMrkdwn } from '../../slack/blocks/index.js';
import { dayText } from '../../slack/blocks/index.js';

export const NOT_MEASURED = '_not measured_';
export const NOT_REPORTED = '_not reported_';
export const NOT_NAMED = 'not named in any answer';
export const BELOW_TOP_5 = 'named, but only below the top 5 or too seldom inside it';
export const NO_COUNTED_ANSWER = 'no counted answer named it';
export const RATES_NOTE = 'Rates are shares of the answers counted (answers that came back), never of the queries sent.';
export const SCORE_NOTE = 'The score (0 to 100) counts only the top 5 positions of an answer: it says where a brand lands when named, never who leads; standing comes from presence.';
export const RANK_ONLY_ACROSS_MODELS = 'ranks exist only across every model';

/** The part's value, or null for omitted/unreadable (callers say which). */
export const partValue = <T>(part: Part<T>): T | undefined => (part.kind === 'value' ? part.value : undefined);

/** Text for a part that is not a value. */
export function absentText(part: Part<unknown>): string | null {
  if (part.kind === 'omitted') return NOT_REPORTED;
  if (part.kind === 'unreadable') return UNREADABLE_VALUE;
  return null;
}

/** A rate: the service sends a share (0 to 1 in the sandbox); anything above 1 is taken as a percentage already. */
export function percent(rate: number): string {
  return ratePercent(rate);
}

/** "45% of answers counted"; null "not measured". */
export function rateText(part: Part<number | null>): string {
  const absent = absentText(part);
  if (absent) return absent;
  const v = partValue(part);
  return typeof v === 'number' ? `${percent(v)} of answers counted` : NOT_MEASURED;
}

/** The score with its meaning; a 0 is read beside the mention rate (spec 2.5). */
export function scoreText(score: Part<number | null>, mentionRate: Part<number | null>): string {
  const absent = absentText(score);
  if (absent) return absent;
  const s = partValue(score);
  if (typeof s !== 'number') return NOT_MEASURED;
  if (s !== 0) return `${escapeMrkdwn(String(s))}/100`;
  const rate = partValue(mentionRate);
  if (typeof rate === 'number' && rate > 0) return `0 (${BELOW_TOP_5})`;
  if (rate === 0) return `0 (${NO_COUNTED_ANSWER})`;
  return '0';
}

/**
 * Presence rank: `#2 by presence`; null beside `answersNaming: 0` is "not named in any answer",
 * never a rank, 0 or "last"; a null otherwise is "not measured".
 */
export function presenceText(rank: Part<number | null>, answersNaming: Part<number | null>): string {
  const absent = absentText(rank);
  if (absent) return absent;
  const r = partValue(rank);
  if (typeof r === 'number') return `#${escapeMrkdwn(String(r))} by presence`;
  const naming = partValue(answersNaming);
  if (naming === 0) return NOT_NAMED;
  return `${NOT_MEASURED} presence rank`;
}

/** A check's date as mrkdwn (a day in words, a timestamp's day as a date token); "date not reported" or "couldn't read". */
export function dateText(part: Part<string>): string {
  if (part.kind === 'value') return dayText(part.value);
  return part.kind === 'omitted' ? 'date not reported' : UNREADABLE_VALUE;
}

/** A number of the service's, escaped; absent states said. */
export function countText(part: Part<number | null>): string {
  const absent = absentText(part);
  if (absent) return absent;
  const v = partValue(part);
  return typeof v === 'number' ? escapeMrkdwn(String(v)) : NOT_MEASURED;
}

/**
 * A brand's presence (the reader's `presence`, spec 2.2.5): `#2 by presence`, with the brands named
 * as often beside it (their ranks are the service's order, not a lead); "not named in any answer"
 * for a null rank beside `answersNaming: 0`; "not measured" for a null rank otherwise.
 */
export function presenceFactText(p: AiPresence, tiedWith = 0): string {
  switch (p.kind) {
    case 'ranked':
      return `#${escapeMrkdwn(String(p.rank))} by presence${tiedWith > 0 ? ` (${tieWords(tiedWith)})` : ''}`;
    case 'not_named':
      return NOT_NAMED;
    case 'not_measured':
      return `${NOT_MEASURED} presence rank`;
    case 'omitted':
      return NOT_REPORTED;
    case 'unreadable':
      return UNREADABLE_VALUE;
  }
}

/** The standing line from presence only (the reader's `standingStatement`, escaped); null when nothing can be claimed. */
export function standingLine(standing: AiStanding): string | null {
  const text = standingStatement(standing);
  return text ? `*Standing:* ${escapeMrkdwn(text)}` : null;
}
