/**
 * The generic comparison (issue 16, rewritten for issue 27): fields the dimension's rules do not name
 * are compared too, and a changed value is said as a fact about whom it concerns, after the named
 * changes: "*pipedrift.com*: extra score 3 → 4", "market note: calm → busy". A path of keys
 * (`sites › #2 › urls › total`) is never shown: a row of a list is said by the competitor it names
 * (found where it is, `identityOf`), the value by its humanised field name (and the object holding
 * it, when that is not a row: "urls total"). Ids, timestamps, paging and reading guides are never
 * compared, so a run that differs from the one before only in those posts nothing. Rows are matched
 * by the competitor they name, else by their name-like text, else by position.
 */
import { extraText, humaniseKey } from '../../../service/extras.js';
import { elementText, identityOf, labelOf as identityLabel } from '../../../service/schemas/competitor-row.js';
import { isRecord, type JsonRecord } from '../../../service/tolerant.js';
import { changeOf, movedText, scalarChange, type Change, type Raw, type RunPair } from './change.js';

/** Keys never compared: ids, timestamps, paging, guides, views. */
const IGNORED = /^(id|.*Id|.*_id|.*Ids|.*At|.*_at|.*Date|date|time|timestamp|.*Page|.*_page|pagination|readingGuide|reading_guide|view|status|truncated|durationMs|.*DurationMs|.*_duration_ms)$/i;

/** Objects whose name says nothing to a reader: their fields are labelled by themselves. */
const TRANSPARENT = /^(summary|item|data|result|results|details?|metrics|stats)$/i;

/** Most generic lines one run gives (the rest would be noise). */
const MAX_GENERIC = 20;

interface Leaf {
  /** Whom it concerns: a row's competitor (lower case), or null for the answer as a whole. */
  who: string | null;
  own: boolean;
  /** Humanised, without separators: "extra score", "urls total". */
  label: string;
  value: Raw;
}

interface Where {
  /** Internal key for matching the same place in both runs; never shown. */
  key: string;
  who: string | null;
  own: boolean;
  /** The humanised names of the non-row objects between the row (or the answer) and the value. */
  words: string[];
}

const labelWords = (key: string): string => humaniseKey(key).toLowerCase();

/** A list element's match key and whom it names. */
function elementPlace(item: unknown, index: number, at: Where): { key: string; who: string | null; own: boolean } {
  if (!isRecord(item)) return { key: `${at.key}[${index}]`, who: at.who, own: at.own };
  const identity = identityOf(item);
  const name = identity.domain ?? identity.name;
  if (name !== null) return { key: `${at.key}[${(identityLabel(identity) ?? name).toLowerCase()}]`, who: name.toLowerCase(), own: identity.isOwn };
  const text = elementText(item);
  return { key: `${at.key}[${text.startsWith('{') ? index : text}]`, who: at.who, own: at.own };
}

function flatten(value: unknown, at: Where, listWords: string[], skip: (key: string) => boolean, out: Map<string, Leaf>): void {
  if (Array.isArray(value)) {
    if (value.every((v) => !isRecord(v) && !Array.isArray(v))) {
      out.set(at.key, { who: at.who, own: at.own, label: at.words.join(' '), value: value.map((v) => extraText(v)).sort() });
      return;
    }
    value.forEach((item, i) => {
      const place = elementPlace(item, i, at);
      // A row that names a competitor starts its own words; an unnamed entry keeps the list's.
      const named = place.who !== at.who || place.own !== at.own;
      flatten(item, { key: place.key, who: place.who, own: place.own, words: named ? [] : listWords }, listWords, skip, out);
    });
    return;
  }
  if (isRecord(value)) {
    for (const [k, v] of Object.entries(value as JsonRecord)) {
      if (IGNORED.test(k) || skip(k)) continue;
      const words = TRANSPARENT.test(k) ? at.words : [...at.words, labelWords(k)];
      flatten(v, { key: `${at.key}.${k}`, who: at.who, own: at.own, words }, words, skip, out);
    }
    return;
  }
  out.set(at.key, { who: at.who, own: at.own, label: at.words.join(' '), value });
}

/** Changed values at the same place, beyond the keys `named` (the dimension's rules) covers; said as facts, never as key paths. */
export function genericChanges({ previous, current }: RunPair, named: (key: string) => boolean): Change[] {
  const before = new Map<string, Leaf>();
  const after = new Map<string, Leaf>();
  const root: Where = { key: '', who: null, own: false, words: [] };
  flatten(previous, root, [], named, before);
  flatten(current, root, [], named, after);
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
