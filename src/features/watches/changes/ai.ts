/**
 * AI visibility changes (issue 16): the own score or mention rate moving (each change carries its
 * size, held against the watch's threshold: default 5 points / 5 percentage points), a tracked
 * brand's presence changing (read by the AI visibility reader, spec 2.2.5: a null rank beside
 * `answersNaming: 0` is "not named in any answer", so becoming named or no longer named is said as
 * such), a brand new to the market map, and who stands first by presence changing (a tie said as a
 * tie, in the same words as `/radar ai` and the competitor card).
 */
import { ratePercent, standingStatement, type AiBrandRow, type AiCustomerFacts, type AiStanding } from '../../../service/index.js';
import type { WatchRunFacts } from '../../../service/read/runs.js';
import { valueOr } from '../../../service/tolerant.js';
import { changeOf, plain, type Change, type PresenceMove, type RunPair } from './change.js';

const AI_NAMED = ['customer', 'marketMap', 'competitorRankings', 'score', 'mentionRate', 'rankByPresence', 'answersNaming', 'answers', 'providerStatus', 'answerCoverage', 'perPrompt', 'topCompetitor', 'totalEntries', 'marketMapPage', 'competitorRankingsPage'];
/** The keys the named rules read, in camelCase and snake_case (a service may answer in either; PascalCase matches the camel form). */
export const AI_KEYS = [...new Set([...AI_NAMED, ...AI_NAMED.map((k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))])];

/** The default least move of the score told: 5 points. */
export const AI_DEFAULT_THRESHOLD = 5;

/**
 * The noise band of AI presence (the share of answers naming the own brand), per engine, in
 * percentage points (issue 30, item 2). Repeated answers to the same prompt agree only part of the
 * time, so a check-to-check move inside the band is noise. Source of the defaults: the practice the
 * issue describes of AI-visibility trackers teams keep on (AnswerTrace's per-engine band with two
 * checks agreeing), at the 5 points Radar's single threshold already used; no engine-by-engine figures
 * were found published, so every engine starts at the same band (docs/assumptions.md). `--band 5` sets
 * one band for every engine of a watch, `--band chatgpt=3` one engine's.
 */
export const AI_DEFAULT_BAND = 5;
export const AI_DEFAULT_BANDS: Readonly<Record<string, number>> = {};

/**
 * The band of an engine (null: presence over every engine) under a watch's bands: the engine's own
 * (`--band chatgpt=3`), else the watch's band for every engine (`--band 5`), else the defaults.
 */
export function bandOf(engine: string | null, watchBand: number | null, engineBands: Readonly<Record<string, number>> = {}): number {
  const own = engine !== null ? engineBands[engine.toLowerCase()] : undefined;
  if (own !== undefined) return own;
  if (watchBand !== null) return watchBand;
  return (engine !== null ? AI_DEFAULT_BANDS[engine.toLowerCase()] : undefined) ?? AI_DEFAULT_BAND;
}

/** How a presence move stands against a band: told at once (beyond twice the band), told as two checks agreeing, or noise. */
export type PresenceVerdict = 'at_once' | 'agreed' | null;

export function presenceVerdict(move: PresenceMove, band: number): PresenceVerdict {
  const step = move.after - move.before;
  if (Math.abs(step) > 2 * band) return 'at_once';
  if (move.earlier === null) return null;
  const first = move.before - move.earlier;
  const both = move.after - move.earlier;
  // The check before moved beyond the band (but not beyond twice it: that one was told at once), and this one agrees.
  if (Math.abs(first) > band && Math.abs(first) <= 2 * band && Math.abs(both) > band && Math.sign(first) === Math.sign(both)) return 'agreed';
  return null;
}

const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${round1(Math.abs(n))}`;
const pct = (n: number) => `${round1(n)}%`;

/** The sentence of a presence move told under `band`: the band and both checks it rests on. */
export function presenceText(move: PresenceMove, band: number, verdict: Exclude<PresenceVerdict, null>): string {
  const where = move.engine === null ? 'your AI presence (share of answers naming you)' : `your AI presence on ${move.engine}`;
  if (verdict === 'at_once' || move.earlier === null) {
    return `${where} ${pct(move.before)} → ${pct(move.after)} (${signed(move.after - move.before)} points; beyond twice the noise band of ${band} points, told at once)`;
  }
  return `${where} ${pct(move.earlier)} → ${pct(move.before)} → ${pct(move.after)} (two checks agree beyond the noise band of ${band} points: ${signed(move.before - move.earlier)} then ${signed(move.after - move.earlier)} points against the check before)`;
}

/** A presence candidate: told or not per watch band (filters.ts); its line here is the band-less form. */
function presenceChange(engine: string | null, earlier: number | null, before: number | null, after: number | null): Change | null {
  if (before === null || after === null) return null;
  if (before === after && (earlier === null || earlier === before)) return null;
  const move: PresenceMove = { engine, earlier, before, after };
  const text = `${engine === null ? 'your AI presence' : `your AI presence on ${engine}`} ${pct(before)} → ${pct(after)}`;
  return { ...changeOf({ kind: 'presence', competitor: null, weight: engine === null ? 89 : 87, text, before: pct(before), after: pct(after), points: round1(Math.abs(after - before)) }), presence: move };
}

const rateIn = (c: AiCustomerFacts | null): number | null => {
  const rate = c ? valueOr(c.mentionRate, null) : null;
  return typeof rate === 'number' ? round1(percent(rate)) : null;
};

function engineRates(c: AiCustomerFacts | null): Map<string, number> {
  const out = new Map<string, number>();
  if (!c || c.perModel.kind !== 'value') return out;
  for (const m of c.perModel.value) {
    const rate = valueOr(m.mentionRate, null);
    if (typeof rate === 'number' && !out.has(m.model)) out.set(m.model, round1(percent(rate)));
  }
  return out;
}

/** Presence overall and per engine, each with the check before and the one before that. */
function presenceChanges(r0: RunFacts, r1: RunFacts, r2: RunFacts | null): Change[] {
  const out: Change[] = [];
  const overall = presenceChange(null, r2 ? rateIn(r2.customer) : null, rateIn(r0.customer), rateIn(r1.customer));
  if (overall) out.push(overall);
  const e0 = engineRates(r0.customer);
  const e2 = r2 ? engineRates(r2.customer) : new Map<string, number>();
  for (const [engine, after] of engineRates(r1.customer)) {
    const change = presenceChange(engine, e2.get(engine) ?? null, e0.get(engine) ?? null, after);
    if (change) out.push(change);
  }
  return out;
}

/** A rate as percent: rates up to 1 are shares (0.42 -> 42). */
const percent = (rate: number) => (rate <= 1 ? rate * 100 : rate);
const round1 = (n: number) => Math.round(n * 10) / 10;

interface RunFacts {
  customer: AiCustomerFacts | null;
  /** Brand rows by name (domain, else id, else name; lower case), first row kept. */
  brands: Map<string, AiBrandRow>;
  standing: AiStanding;
}

/** A run the AI reader did not read (not an AI visibility run): nothing to compare. */
const NO_STANDING: AiStanding = { kind: 'none', top: [], metric: null, value: null, atLeast: false };

/** What the reader says of a run: the check detail's market map, else a history row's rankings. */
function runFacts(run: WatchRunFacts): RunFacts {
  if (run.ai === undefined) return { customer: null, brands: new Map(), standing: NO_STANDING };
  const { facts, history } = run.ai;
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

export function aiChanges({ previous, current, earlier }: RunPair): Change[] {
  const out: Change[] = [];
  const r0 = runFacts(previous);
  const r1 = runFacts(current);
  const score0 = r0.customer ? valueOr(r0.customer.score, undefined) : undefined;
  const score1 = r1.customer ? valueOr(r1.customer.score, undefined) : undefined;
  if (typeof score0 === 'number' && typeof score1 === 'number' && score0 !== score1) {
    const points = round1(Math.abs(score1 - score0));
    out.push(changeOf({ kind: 'score', competitor: null, weight: 90 + Math.min(points, 9), text: `your AI visibility score ${plain(score0)} → ${plain(score1)} (${score1 > score0 ? '+' : '−'}${points} points)`, before: score0, after: score1, points }));
  }
  out.push(...presenceChanges(r0, r1, earlier === undefined ? null : runFacts(earlier)));
  const ownDomain = r1.customer && r1.customer.domain.kind === 'value' ? r1.customer.domain.value.toLowerCase() : null;
  for (const [name, row] of r1.brands) {
    if (name === ownDomain || row.isOwn) continue;
    const was = r0.brands.get(name);
    if (!was) {
      const rank = row.presence.kind === 'ranked' ? row.presence.rank : null;
      const rate = rateOf(row);
      const detail = [rank !== null ? `presence rank ${rank}` : null, rate].filter(Boolean).join('; ');
      if (r0.brands.size > 0) out.push(changeOf({ kind: 'new-brands', competitor: name, weight: 75, text: `new to the market map${detail ? ` (${detail})` : ''}`, before: null, after: rank }));
      continue;
    }
    const text = presenceMove(was, row);
    const before = was.presence.kind === 'ranked' ? was.presence.rank : null;
    const after = row.presence.kind === 'ranked' ? row.presence.rank : null;
    if (text) out.push(changeOf({ kind: 'ranks', competitor: name, weight: 80, text, before, after }));
  }
  const s0 = standingStatement(r0.standing);
  const s1 = standingStatement(r1.standing);
  if (s1 !== null && s0 !== null && standingKey(r0.standing) !== standingKey(r1.standing)) {
    out.push(changeOf({ kind: 'standing', competitor: null, weight: 86, text: `standing by presence: ${s1}`, before: s0, after: s1 }));
  }
  return out;
}
