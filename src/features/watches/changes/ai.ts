/**
 * AI visibility changes (issue 16): the own score or mention rate moving (each change carries its
 * size, held against the watch's threshold: default 5 points / 5 percentage points), a tracked
 * brand's presence rank changing (null is "not named in any answer", spec 2.2.5: becoming named or no
 * longer named is said as such), and a brand new to the market map.
 */
import { arrayAt, isRecord } from '../../../service/tolerant.js';
import { changeOf, field, plain, rowName, summaryOf, type Change, type Raw, type RunPair } from './change.js';

export const AI_KEYS = ['customer', 'marketMap', 'competitorRankings', 'score', 'mentionRate', 'rankByPresence', 'answersNaming', 'answers', 'providerStatus', 'answerCoverage', 'perPrompt', 'topCompetitor', 'totalEntries'];

/** The default least move told: 5 points of score, 5 percentage points of mention rate. */
export const AI_DEFAULT_THRESHOLD = 5;

/** A rate as percent: rates up to 1 are shares (0.42 -> 42). */
const percent = (rate: number) => (rate <= 1 ? rate * 100 : rate);
const round1 = (n: number) => Math.round(n * 10) / 10;

function brands(run: unknown): Map<string, Record<string, unknown>> {
  const summary = summaryOf(run);
  const map = field(summary, 'marketMap');
  const list = arrayAt(map, 'brands') ?? arrayAt(summary, 'competitorRankings') ?? [];
  const out = new Map<string, Record<string, unknown>>();
  for (const row of list) {
    const name = isRecord(row) ? rowName(row) : null;
    if (name && isRecord(row) && !out.has(name)) out.set(name, row);
  }
  return out;
}

function rankText(before: Raw, after: Raw): string | null {
  if (before === after) return null;
  if (typeof after === 'number' && (before === null || before === undefined)) return `now named in AI answers (presence rank ${after})`;
  if (typeof before === 'number' && after === null) return `no longer named in any AI answer (was presence rank ${before})`;
  if (typeof before === 'number' && typeof after === 'number') return `presence rank ${before} → ${after}`;
  return null;
}

export function aiChanges({ previous, current }: RunPair): Change[] {
  const out: Change[] = [];
  const c0 = field(summaryOf(previous), 'customer');
  const c1 = field(summaryOf(current), 'customer');
  const score0 = field(c0, 'score');
  const score1 = field(c1, 'score');
  if (typeof score0 === 'number' && typeof score1 === 'number' && score0 !== score1) {
    const points = round1(Math.abs(score1 - score0));
    out.push(changeOf({ competitor: null, weight: 90 + Math.min(points, 9), text: `your AI visibility score ${plain(score0)} → ${plain(score1)} (${score1 > score0 ? '+' : '−'}${points} points)`, before: score0, after: score1, points }));
  }
  const rate0 = field(c0, 'mentionRate');
  const rate1 = field(c1, 'mentionRate');
  if (typeof rate0 === 'number' && typeof rate1 === 'number' && rate0 !== rate1) {
    const p0 = round1(percent(rate0));
    const p1 = round1(percent(rate1));
    const points = round1(Math.abs(p1 - p0));
    out.push(changeOf({ competitor: null, weight: 88 + Math.min(points, 9), text: `your mention rate ${p0}% → ${p1}% (${p1 > p0 ? '+' : '−'}${points} percentage points)`, before: `${p0}%`, after: `${p1}%`, points }));
  }
  const own = rowName(c1) ?? rowName(c0);
  const before = brands(previous);
  const after = brands(current);
  for (const [name, row] of after) {
    if (name === own || field(row, 'isOwn') === true) continue;
    const was = before.get(name);
    if (!was) {
      if (before.size > 0) out.push(changeOf({ competitor: name, weight: 75, text: `new to the market map${typeof field(row, 'rankByPresence') === 'number' ? ` (presence rank ${plain(field(row, 'rankByPresence'))})` : ''}`, before: null, after: field(row, 'rankByPresence') }));
      continue;
    }
    const text = rankText(field(was, 'rankByPresence'), field(row, 'rankByPresence'));
    if (text) out.push(changeOf({ competitor: name, weight: 80, text, before: field(was, 'rankByPresence'), after: field(row, 'rankByPresence') }));
  }
  return out;
}
