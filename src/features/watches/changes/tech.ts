/**
 * Tech and trust changes (issue 16), compared on the tech-trust reader's facts (`readTechTrust`, the one
 * reading `/radar tech` and the competitor card use; issue 27): rows matched between runs by identity
 * (id, then domain, then name, wherever the identity sits), then stated as facts: security grade or
 * score (a value becoming null because the site now shields its headers is "headers now hidden", not a
 * drop; spec 2.5), trust signals found, robots.txt, AI access verdicts (compared only when measured
 * both times: `could_not_measure` withholds verdicts, spec 2.2.4), tech stack additions and removals,
 * and DNS facts.
 */
import { labelOf, matchIdentity, TECH_RUN_SUMMARY_KEYS, TECH_TRUST_ROW_KEYS, type RobotsState, type TechTrustRow } from '../../../service/index.js';
import type { WatchRunFacts } from '../../../service/read/runs.js';
import type { Part } from '../../../service/tolerant.js';
import { NO_COMPARISON_WORDS, signedFigure } from '../../competitor-match/tech-words.js';
import { humanise } from '../../../slack/blocks/index.js';
import { changeOf, figureChanges, listDiff, movedText, plain, same, scalarChange, type Change, type Raw, type RunPair } from './change.js';
import { keyStyles } from './pricing.js';

/** Keys these rules read (every spelling style); the generic comparison leaves them alone. */
export const TECH_KEYS = keyStyles([...TECH_TRUST_ROW_KEYS, ...TECH_RUN_SUMMARY_KEYS, 'crawlerCatalog', 'readingGuide', 'view']);

const VERDICTS = ['assistantAccess', 'modelTrainingAccess'] as const;

/** A part's value as sent (null "not measured"); omitted and unreadable are `undefined`. */
const valueOf = <T,>(part: Part<T>): Raw => (part.kind === 'value' ? part.value : undefined);

/** A part Radar couldn't read on either side: no change is stated from it (it is not "no longer reported"). */
const unreadable = (...parts: Part<unknown>[]) => parts.some((p) => p.kind === 'unreadable');

function securityChanges(before: TechTrustRow, after: TechTrustRow, base: { competitor: string; own: boolean }): Change[] {
  if (unreadable(before.securityGrade, after.securityGrade, before.securityScore, after.securityScore)) return [];
  const g0 = valueOf(before.securityGrade);
  const g1 = valueOf(after.securityGrade);
  const grade = scalarChange(g0, g1);
  const score = scalarChange(valueOf(before.securityScore), valueOf(after.securityScore));
  if (!grade && !score) return [];
  const nowHidden = after.headersShielded !== null && before.headersShielded === null;
  if (nowHidden && (grade?.kind === 'no_longer_measured' || score?.kind === 'no_longer_measured')) {
    return [changeOf({ ...base, kind: 'headers', weight: 60, text: `headers now hidden (the site shields its response headers; grade was ${plain(g0)})`, before: g0, after: 'headers hidden' })];
  }
  if (before.headersShielded !== null && after.headersShielded === null && (grade?.kind === 'now_measured' || score?.kind === 'now_measured')) {
    return [changeOf({ ...base, kind: 'headers', weight: 60, text: `headers readable again: security grade ${plain(g1)}, score ${plain(valueOf(after.securityScore))}`, before: 'headers hidden', after: g1 })];
  }
  const out: Change[] = [];
  if (grade) out.push(changeOf({ ...base, kind: 'security-grade', weight: 75, text: movedText('security grade', grade), before: grade.before, after: grade.after }));
  if (score) out.push(changeOf({ ...base, kind: 'security-score', weight: 65, text: movedText('security score', score), before: score.before, after: score.after }));
  return out;
}

/** robots.txt as a tri-state: true published, false none, null not measured; undefined not reported or unreadable. */
function robotsValue(robots: RobotsState): Raw {
  switch (robots.kind) {
    case 'published':
      return true;
    case 'none':
      return false;
    case 'not_measured':
      return null;
    default:
      return undefined;
  }
}

/** A verdict as a word: true allowed, false blocked, a string humanised. */
const verdictWord = (v: Raw): string => (v === true ? 'allowed' : v === false ? 'blocked' : typeof v === 'string' ? humanise(v) : plain(v));

/** The verdicts of a row's AI access when measured (status not `could_not_measure`), else null. */
function verdicts(row: TechTrustRow): Record<string, Raw> | null {
  const access = row.aiAccess;
  if (access.kind !== 'read') return null;
  if (access.status.kind === 'value' && access.status.value === 'could_not_measure') return null;
  const out: Record<string, Raw> = {};
  for (const key of VERDICTS) if (access[key].kind === 'value') out[key] = valueOf(access[key]);
  return out;
}

function rowChanges(before: TechTrustRow, after: TechTrustRow, name: string): Change[] {
  const base = { competitor: name, own: after.isOwn };
  const out = securityChanges(before, after, base);
  const trust = unreadable(before.trustSignalsFound, after.trustSignalsFound) ? null : scalarChange(valueOf(before.trustSignalsFound), valueOf(after.trustSignalsFound));
  if (trust) out.push(changeOf({ ...base, kind: 'trust-signals', weight: 55, text: movedText('trust signals found', trust, (v) => (typeof v === 'number' ? `${v} of ${after.trustSignalsOf}` : plain(v))), before: trust.before, after: trust.after }));
  const robots = before.robots.kind === 'unreadable' || after.robots.kind === 'unreadable' ? null : scalarChange(robotsValue(before.robots), robotsValue(after.robots));
  if (robots) {
    const text =
      robots.kind === 'changed' ? (robots.after === false ? 'no longer publishes a robots.txt' : 'now publishes a robots.txt') : movedText('robots.txt', robots, (v) => (v === true ? 'published' : v === false ? 'none' : plain(v)));
    out.push(changeOf({ ...base, kind: 'robots', weight: 50, text, before: robots.before, after: robots.after }));
  }
  const v0 = verdicts(before);
  const v1 = verdicts(after);
  if (v0 && v1) {
    for (const key of VERDICTS) {
      if (key in v0 && key in v1 && !same(v0[key], v1[key]) && v0[key] !== null && v1[key] !== null) {
        out.push(changeOf({ ...base, kind: 'ai-access', weight: 70, text: `${humanise(key)} ${verdictWord(v0[key])} → ${verdictWord(v1[key])}`, before: v0[key], after: v1[key] }));
      }
    }
  }
  const s0 = valueOf(before.techStack);
  const s1 = valueOf(after.techStack);
  if (Array.isArray(s0) && Array.isArray(s1)) {
    const { added, removed } = listDiff(s0, s1);
    if (added.length) out.push(changeOf({ ...base, kind: 'tech-stack', weight: 58, text: `tech stack added ${added.join(', ')}`, before: s0, after: s1 }));
    if (removed.length) out.push(changeOf({ ...base, kind: 'tech-stack', weight: 57, text: `tech stack removed ${removed.join(', ')}`, before: s0, after: s1 }));
  }
  const d0 = valueOf(before.dns);
  const d1 = valueOf(after.dns);
  if (Array.isArray(d0) && Array.isArray(d1)) {
    const was = new Map(d0 as [string, unknown][]);
    for (const [key, value] of d1 as [string, unknown][]) {
      if (!was.has(key)) continue;
      const move = scalarChange(was.get(key), value);
      if (move) out.push(changeOf({ ...base, kind: 'dns', weight: 45, text: movedText(`DNS ${humanise(key)}`, move), before: move.before, after: move.after }));
    }
  }
  return out;
}

/** The rows of a run, as the reader read them (unreadable entries left out). */
function rowsOf(run: WatchRunFacts): TechTrustRow[] {
  const rows = run.tech?.rows;
  return rows?.kind === 'value' ? rows.value.filter((r): r is TechTrustRow => r !== null) : [];
}

/**
 * The run summary's figures, in the words `/radar history tech` says them: a gap signed ("security
 * score gap −6.1 → −4.7"), a null gap "no comparison" (spec 2.5: never a tie, never "not measured").
 */
function summaryChanges(previous: WatchRunFacts, current: WatchRunFacts): Change[] {
  // The run summary as the tech-trust reader read it (the one `/radar history tech` and `/radar run tech` say).
  const s0 = previous.techSummary ?? null;
  const s1 = current.techSummary ?? null;
  if (s0 === null || s1 === null) return [];
  return figureChanges(
    [
      { label: 'security score gap', before: s0.securityScoreGap, after: s1.securityScoreGap, gap: true, format: signedFigure },
      { label: 'trust signal gap', before: s0.trustSignalGap, after: s1.trustSignalGap, gap: true, format: signedFigure },
      { label: 'competitors measured', before: s0.competitorsMeasured, after: s1.competitorsMeasured, gap: false, format: plain },
    ],
    NO_COMPARISON_WORDS,
  );
}

export function techChanges({ previous, current }: RunPair): Change[] {
  const before = rowsOf(previous).map((row) => ({ ...row.identity, row }));
  const out: Change[] = summaryChanges(previous, current);
  for (const row of rowsOf(current)) {
    const label = labelOf(row.identity);
    const was = label === null ? undefined : matchIdentity(row.identity, before)?.row;
    if (was && label !== null) out.push(...rowChanges(was, row, label.toLowerCase()));
  }
  return out;
}
