/**
 * Tech and trust changes (issue 16): security grade or score (a value becoming null because the site
 * now shields its headers is "headers now hidden", not a drop; spec 2.5), trust signals count,
 * robots.txt, AI access verdicts (compared only when measured both times: `could_not_measure`
 * withholds verdicts, spec 2.2.4), and tech stack additions and removals.
 */
import { arrayAt, isRecord, lookup } from '../../../service/tolerant.js';
import { markerSaysUnavailable } from '../../../service/schemas/common.js';
import { humanise } from '../../../slack/blocks/index.js';
import { changeOf, field, isOwnRow, listDiff, movedText, plain, rowsByName, same, scalarChange, type Change, type Raw, type RunPair } from './change.js';

export const TECH_KEYS = ['securityHeaders', 'grade', 'score', 'headersAvailable', 'trustSignals', 'techStack', 'robotsTxt', 'robotsTxtAvailable', 'aiAccess', 'crawlerCatalog', 'readingGuide', 'view'];

const VERDICTS = ['assistantAccess', 'modelTrainingAccess'] as const;

/** True when the row says its headers are shielded (a `headersAvailable`-style marker saying unavailable). */
function shielded(row: unknown): boolean {
  const headers = field(row, 'securityHeaders');
  for (const at of [headers, row]) {
    const hit = lookup(at, 'headersAvailable', { down: false });
    if (hit.found && markerSaysUnavailable(hit.value)) return true;
  }
  return false;
}

function securityChanges(before: unknown, after: unknown, name: string, own: boolean): Change[] {
  const h0 = field(before, 'securityHeaders') ?? before;
  const h1 = field(after, 'securityHeaders') ?? after;
  const grade = scalarChange(field(h0, 'grade'), field(h1, 'grade'));
  const score = scalarChange(field(h0, 'score'), field(h1, 'score'));
  if (!grade && !score) return [];
  const base = { competitor: name, own };
  const nowHidden = shielded(after) && !shielded(before);
  if (nowHidden && (grade?.kind === 'no_longer_measured' || score?.kind === 'no_longer_measured')) {
    return [changeOf({ ...base, weight: 60, text: `headers now hidden (the site shields its response headers; grade was ${plain(field(h0, 'grade'))})`, before: field(h0, 'grade'), after: 'headers hidden' })];
  }
  if (shielded(before) && !shielded(after) && (grade?.kind === 'now_measured' || score?.kind === 'now_measured')) {
    return [changeOf({ ...base, weight: 60, text: `headers readable again: security grade ${plain(field(h1, 'grade'))}, score ${plain(field(h1, 'score'))}`, before: 'headers hidden', after: field(h1, 'grade') })];
  }
  const out: Change[] = [];
  if (grade) out.push(changeOf({ ...base, weight: 75, text: movedText('security grade', grade), before: grade.before, after: grade.after }));
  if (score) out.push(changeOf({ ...base, weight: 65, text: movedText('security score', score), before: score.before, after: score.after }));
  return out;
}

function trustCount(row: unknown): Raw {
  const t = field(row, 'trustSignals');
  return isRecord(t) ? field(t, 'count') : t;
}

function robotsExists(row: unknown): Raw {
  const r = lookup(row, 'robotsTxt', { down: false });
  if (!r.found) return undefined;
  return isRecord(r.value) ? field(r.value, 'exists') : r.value === null ? null : undefined;
}

/** The verdicts of a row's AI access when measured (status not `could_not_measure`), else null. */
function verdicts(row: unknown): Record<string, Raw> | null {
  const access = field(row, 'aiAccess');
  if (!isRecord(access)) return null;
  const status = field(field(access, 'measurement'), 'status');
  if (status === 'could_not_measure') return null;
  const out: Record<string, Raw> = {};
  for (const key of VERDICTS) {
    const hit = lookup(access, key, { down: false });
    if (hit.found) out[key] = hit.value;
  }
  return out;
}

function rowChanges(before: unknown, after: unknown, name: string, own: boolean): Change[] {
  const base = { competitor: name, own };
  const out = securityChanges(before, after, name, own);
  const trust = scalarChange(trustCount(before), trustCount(after));
  if (trust) out.push(changeOf({ ...base, weight: 55, text: movedText('trust signals found', trust), before: trust.before, after: trust.after }));
  const robots = scalarChange(robotsExists(before), robotsExists(after));
  if (robots) {
    const text =
      robots.kind === 'changed' ? (robots.after === false ? 'no longer publishes a robots.txt' : 'now publishes a robots.txt') : movedText('robots.txt', robots, (v) => (v === true ? 'published' : v === false ? 'none' : plain(v)));
    out.push(changeOf({ ...base, weight: 50, text, before: robots.before, after: robots.after }));
  }
  const v0 = verdicts(before);
  const v1 = verdicts(after);
  if (v0 && v1) {
    for (const key of VERDICTS) {
      if (key in v0 && key in v1 && !same(v0[key], v1[key]) && v0[key] !== null && v1[key] !== null) {
        out.push(changeOf({ ...base, weight: 70, text: `${humanise(key)} ${plain(v0[key])} → ${plain(v1[key])}`, before: v0[key], after: v1[key] }));
      }
    }
  }
  const s0 = arrayAt(before, 'techStack');
  const s1 = arrayAt(after, 'techStack');
  if (s0 && s1) {
    const { added, removed } = listDiff(s0, s1);
    if (added.length) out.push(changeOf({ ...base, weight: 58, text: `tech stack added ${added.join(', ')}`, before: s0, after: s1 }));
    if (removed.length) out.push(changeOf({ ...base, weight: 57, text: `tech stack removed ${removed.join(', ')}`, before: s0, after: s1 }));
  }
  return out;
}

export function techChanges({ previous, current }: RunPair): Change[] {
  const before = rowsByName(previous, 'competitors');
  const out: Change[] = [];
  for (const [name, row] of rowsByName(current, 'competitors')) {
    const was = before.get(name);
    if (was) out.push(...rowChanges(was, row, name, isOwnRow(row)));
  }
  return out;
}
