/**
 * AI visibility changes (issue 16): the own score or mention rate moving (each change carries its
 * size, held against the watch's threshold: default 5 points / 5 percentage points), a tracked
 * brand's presence changing (read by the AI visibility reader, spec 2.2.5: a null rank beside
 * `answersNaming: 0` is "not named in any answer", so becoming named or no longer named is said as
 * such), a brand new to the market map, and who stands first by presence changing (a tie said as a
 * tie, in the same words as `/radar ai` and the competitor card).
 */
import { ratePercent, readAiHistoryRow, readAiVisibility, standingStatement, type AiBrandRow, type AiCustomerFacts, type AiStanding } from '../../../service/index.js';
import { isRecord, valueOr } from '../../../service/tolerant.js';
import { changeOf, plain, type Change, type RunPair } from './change.js';

const AI_NAMED = ['customer', 'marketMap', 'competitorRankings', 'score', 'mentionRate', 'rankByPresence', 'answersNaming', 'answers', 'providerStatus', 'answerCoverage', 'perPrompt', 'topCompetitor', 'totalEntries', 'marketMapPage', 'competitorRankingsPage'];
/** The keys the named rules read, in camelCase and snake_case (a service may answer in either; PascalCase matches the camel form). */
export const AI_KEYS = [...new Set([...AI_NAMED, ...AI_NAMED.map((k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))])];

/** The default least move told: 5 points of score, 5 percentage points of mention rate. */
export const AI_DEFAULT_THRESHOLD = 5;

/** A rate as percent: rates up to 1 are shares (0.42 -> 42). */
const percent = (rate: number) => (rate <= 1 ? rate * 100 : rate);
const round1 = (n: number) => Math.round(n * 10) / 10;

interface RunFacts {
  customer: AiCustomerFacts | null;
  /** Brand rows by name (domain, else id, else name; lower case), first row kept. */
  brands: Map<string, AiBrandRow>;
  standing: AiStanding;
}

/** What the reader says of a run: the check detail's market map, else a history row's rankings. */
function runFacts(run: unknown): RunFacts {
  const record = isRecord(run) ? run : {};
  const facts = readAiVisibility(record);
  const history = readAiHistoryRow(record);
  const customer = facts.customer.kind === 'value' ? facts.customer.value : history && history.customer.kind === 'value' ? history.customer.value : null;
  const rows = facts.brands.kind === 'value' ? facts.brands.value : history && history.rankings.kind === 'value' ? history.rankings.value : [];
  const standing = facts.brands.kind === 'value' ? facts.standing : (history?.standing ?? facts.standing);
  const brands = new Map<string, AiBrandRow>();
  for (const row of rows) {
    const name = row === null ? null : nameOf(row);
    if (row && name && !brands.has(name)) brands.set(name, row);
  }
  return { customer, brands, standing };
}

function nameOf(row: AiBrandRow): string | null {
  return row.domain ?? row.competitorId ?? (row.name.kind === 'value' ? row.name.value.toLowerCase() : null);
}

const rateOf = (row: AiBrandRow): string | null => {
  const rate = valueOr(row.mentionRate, null);
  return typeof rate === 'number' ? `named in ${ratePercent(rate)} of the answers counted` : null;
};

/** A brand's presence move as a sentence, or null when it did not move (spec 2.2.5 for the null ranks). */
function presenceMove(was: AiBrandRow, now: AiBrandRow): string | null {
  const a = was.presence;
  const b = now.presence;
  const rate = rateOf(now);
  const withRate = rate ? `; ${rate}` : '';
  if (a.kind === 'ranked' && b.kind === 'ranked') return a.rank === b.rank ? null : `presence rank ${a.rank} → ${b.rank}${withRate}`;
  if (b.kind === 'ranked' && a.kind === 'not_named') return `now named in AI answers (presence rank ${b.rank}${withRate})`;
  if (b.kind === 'ranked' && a.kind === 'not_measured') return `presence now measured: rank ${b.rank}${withRate}`;
  if (a.kind === 'ranked' && b.kind === 'not_named') return `no longer named in any AI answer (was presence rank ${a.rank})`;
  if (a.kind === 'ranked' && b.kind === 'not_measured') return `presence rank no longer measured (was ${a.rank})`;
  return null;
}

/** Who stands first, as a comparable key: the kind and the brands at the top presence. */
function standingKey(s: AiStanding): string {
  return `${s.kind}:${s.top.map((r) => nameOf(r) ?? '?').sort().join(',')}`;
}

export function aiChanges({ previous, current }: RunPair): Change[] {
  const out: Change[] = [];
  const r0 = runFacts(previous);
  const r1 = runFacts(current);
  const score0 = r0.customer ? valueOr(r0.customer.score, undefined) : undefined;
  const score1 = r1.customer ? valueOr(r1.customer.score, undefined) : undefined;
  if (typeof score0 === 'number' && typeof score1 === 'number' && score0 !== score1) {
    const points = round1(Math.abs(score1 - score0));
    out.push(changeOf({ competitor: null, weight: 90 + Math.min(points, 9), text: `your AI visibility score ${plain(score0)} → ${plain(score1)} (${score1 > score0 ? '+' : '−'}${points} points)`, before: score0, after: score1, points }));
  }
  const rate0 = r0.customer ? valueOr(r0.customer.mentionRate, undefined) : undefined;
  const rate1 = r1.customer ? valueOr(r1.customer.mentionRate, undefined) : undefined;
  if (typeof rate0 === 'number' && typeof rate1 === 'number' && rate0 !== rate1) {
    const p0 = round1(percent(rate0));
    const p1 = round1(percent(rate1));
    const points = round1(Math.abs(p1 - p0));
    out.push(changeOf({ competitor: null, weight: 88 + Math.min(points, 9), text: `your mention rate ${ratePercent(rate0)} → ${ratePercent(rate1)} (${p1 > p0 ? '+' : '−'}${points} percentage points)`, before: `${p0}%`, after: `${p1}%`, points }));
  }
  const ownDomain = r1.customer && r1.customer.domain.kind === 'value' ? r1.customer.domain.value.toLowerCase() : null;
  for (const [name, row] of r1.brands) {
    if (name === ownDomain || row.isOwn) continue;
    const was = r0.brands.get(name);
    if (!was) {
      const rank = row.presence.kind === 'ranked' ? row.presence.rank : null;
      const rate = rateOf(row);
      const detail = [rank !== null ? `presence rank ${rank}` : null, rate].filter(Boolean).join('; ');
      if (r0.brands.size > 0) out.push(changeOf({ competitor: name, weight: 75, text: `new to the market map${detail ? ` (${detail})` : ''}`, before: null, after: rank }));
      continue;
    }
    const text = presenceMove(was, row);
    const before = was.presence.kind === 'ranked' ? was.presence.rank : null;
    const after = row.presence.kind === 'ranked' ? row.presence.rank : null;
    if (text) out.push(changeOf({ competitor: name, weight: 80, text, before, after }));
  }
  const s0 = standingStatement(r0.standing);
  const s1 = standingStatement(r1.standing);
  if (s1 !== null && s0 !== null && standingKey(r0.standing) !== standingKey(r1.standing)) {
    out.push(changeOf({ competitor: null, weight: 86, text: `standing by presence: ${s1}`, before: s0, after: s1 }));
  }
  return out;
}
