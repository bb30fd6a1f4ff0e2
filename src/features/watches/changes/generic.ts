/**
 * The generic comparison (issue 16): fields the rules do not name are compared too, value by value
 * at the same path, and a changed value is listed, humanised, after the named changes. Ids,
 * timestamps, paging and reading guides are never compared, so a run that differs from the one before
 * only in those posts nothing. Lists of objects are matched by their rows' names (domain, host,
 * name, competitor id, url), else by position.
 */
import { isRecord } from '../../../service/tolerant.js';
import { humanise } from '../../../slack/blocks/index.js';
import { changeOf, plain, rowName, scalarChange, movedText, type Change, type Raw, type RunPair } from './change.js';

/** Keys never compared: ids, timestamps, paging, guides, views. */
const IGNORED = /^(id|.*Id|.*Ids|.*At|.*Date|date|time|timestamp|.*Page|pagination|readingGuide|view|status|truncated|durationMs|.*DurationMs)$/i;

/** Most generic lines one run gives (the rest would be noise). */
const MAX_GENERIC = 20;

function flatten(value: unknown, path: string[], skip: (key: string) => boolean, out: Map<string, { path: string[]; value: Raw }>): void {
  if (Array.isArray(value)) {
    if (value.every((v) => !isRecord(v) && !Array.isArray(v))) {
      out.set(path.join('.'), { path, value: [...value].map(plain).sort() });
      return;
    }
    value.forEach((item, i) => {
      const name = isRecord(item) ? rowName(item) : null;
      flatten(item, [...path, name ?? `#${i + 1}`], skip, out);
    });
    return;
  }
  if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) if (!IGNORED.test(k) && !skip(k)) flatten(v, [...path, k], skip, out);
    return;
  }
  out.set(path.join('.'), { path, value });
}

const describe = (path: string[]) => path.map((p) => (p.startsWith('#') || p.includes('.') ? p : humanise(p))).join(' › ');

/** Changed values at the same path, beyond the keys `named` (the dimension's rules) covers. */
export function genericChanges({ previous, current }: RunPair, named: (key: string) => boolean): Change[] {
  const before = new Map<string, { path: string[]; value: Raw }>();
  const after = new Map<string, { path: string[]; value: Raw }>();
  flatten(previous, [], named, before);
  flatten(current, [], named, after);
  const out: Change[] = [];
  for (const [key, { path, value }] of after) {
    if (!before.has(key)) continue; // a field new to the payload is not a change in the world
    const move = scalarChange(before.get(key)?.value, value);
    if (!move) continue;
    out.push({ ...changeOf({ competitor: null, weight: 10, text: movedText(describe(path), move), before: move.before, after: move.after }), generic: true });
    if (out.length === MAX_GENERIC) break;
  }
  return out;
}

/** A key test from a list of names (case-insensitive) and patterns. */
export function namedKeys(names: readonly string[], patterns: readonly RegExp[] = []): (key: string) => boolean {
  const set = new Set(names.map((n) => n.toLowerCase()));
  return (key) => set.has(key.toLowerCase()) || patterns.some((p) => p.test(key));
}
