/**
 * The generic comparison (issue 16, rewritten for issue 27): fields the dimension's rules do not name
 * are compared too, and a changed value is said as a fact about whom it concerns, after the named
 * changes: "*pipedrift.com*: extra score 3 → 4", "market note: calm → busy". A path of keys
 * (`sites › #2 › urls › total`) is never shown: a row of a list is said by the competitor it names
 * (found where it is, `identityOf`), the value by its humanised field name (and the object holding
 * it, when that is not a row: "urls total"). Ids, timestamps, paging and reading guides are never
 * compared, so a run that differs from the one before only in those posts nothing. Rows are matched
 * by the competitor they name, else by their name-like text, else by position. The run is placed into
 * those leaves by the service's reading (`readRunLeaves`, src/service/read/runs.ts); this rule only
 * leaves out the fields the dimension's named rules read and compares the rest.
 */
import type { RunLeaf } from '../../../service/read/runs.js';
import { changeOf, movedText, scalarChange, type Change, type RunPair } from './change.js';

/** Most generic lines one run gives (the rest would be noise). */
const MAX_GENERIC = 20;

/** A run's leaves beyond the keys `named` covers (a leaf under a named field is the named rules' to tell), by place. */
function leavesBeyond(leaves: readonly RunLeaf[], named: (key: string) => boolean): Map<string, RunLeaf> {
  const out = new Map<string, RunLeaf>();
  for (const leaf of leaves) if (!leaf.keys.some(named)) out.set(leaf.key, leaf);
  return out;
}

/** Changed values at the same place, beyond the keys `named` (the dimension's rules) covers; said as facts, never as key paths. */
export function genericChanges({ previous, current }: RunPair, named: (key: string) => boolean): Change[] {
  const before = leavesBeyond(previous.leaves, named);
  const after = leavesBeyond(current.leaves, named);
  const out: Change[] = [];
  for (const [key, leaf] of after) {
    if (!before.has(key)) continue; // a field new to the payload is not a change in the world
    if (leaf.label === '') continue; // a bare value with no field name says nothing a reader can place
    const move = scalarChange(before.get(key)?.value, leaf.value);
    if (!move) continue;
    out.push({ ...changeOf({ kind: 'other', competitor: leaf.who, own: leaf.own, weight: 10, text: movedText(leaf.label, move), before: move.before, after: move.after }), generic: true });
    if (out.length === MAX_GENERIC) break;
  }
  return out;
}

/** A key test from a list of names (any case or style) and patterns. */
export function namedKeys(names: readonly string[], patterns: readonly RegExp[] = []): (key: string) => boolean {
  const stem = (k: string) => k.toLowerCase().replace(/[_\-\s]/g, '');
  const set = new Set(names.map(stem));
  return (key) => set.has(stem(key)) || patterns.some((p) => p.test(key));
}
