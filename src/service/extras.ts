/**
 * What a reader does not know is still said (issue 27, "nothing the service sends is silently dropped").
 *
 * `extrasOf(obj, known)` lists the fields of `obj` that are not among `known` (compared without case or
 * style), each as a plain fact: a humanised label and the value as readable text, bounded in length
 * and count. Views escape both and show them after the named facts. Text fields come first (a
 * diagnosis row's finding, a section's summary), then numbers and flags, then lists and objects in
 * short form. Null is said as "not measured" (spec 2.2), never dropped or turned into a zero.
 */
import { isRecord, keyStem } from './tolerant.js';

export interface Extra {
  /** Humanised key: `marketShareNote` -> "Market share note". Service text: escape before showing. */
  label: string;
  /** The value as text, at most `MAX_EXTRA_TEXT` characters. Service text: escape before showing. */
  text: string;
  /** True when the value is a string (the service's words), shown above numbers and structures. */
  prose: boolean;
}

export const MAX_EXTRA_TEXT = 600;
export const MAX_EXTRAS = 12;

/** `marketShareNote`, `market_share_note` -> "Market share note". */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return words.length === 0 ? key : words[0]!.toUpperCase() + words.slice(1);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Built once: `toLocaleString` with options builds a new formatter per call (~15 µs against 0.4). */
const DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A value as one readable line (no JSON braces for flat objects). */
export function extraText(value: unknown, depth = 0): string {
  if (value === null) return 'not measured';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? DECIMAL.format(value) : String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    if (depth > 1) return `${value.length} entries`;
    const shown = value.slice(0, 5).map((v) => extraText(v, depth + 1));
    return shown.join('; ') + (value.length > 5 ? `; and ${value.length - 5} more` : '');
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return 'none';
    if (depth > 1) return `${entries.length} fields`;
    return entries
      .slice(0, 6)
      .map(([k, v]) => `${humaniseKey(k).toLowerCase()}: ${extraText(v, depth + 1)}`)
      .join(', ') + (entries.length > 6 ? `, and ${entries.length - 6} more` : '');
  }
  return String(value);
}

/**
 * The fields of `obj` not among `known` (any case or style), as facts: prose first, in the order
 * received; undefined values skipped. Bounded: at most `max` extras, each at most `MAX_EXTRA_TEXT`
 * characters; `more` counts the rest so a view can say "and N more fields".
 */
export function extrasOf(obj: unknown, known: readonly string[], max = MAX_EXTRAS): { extras: Extra[]; more: number } {
  if (!isRecord(obj)) return { extras: [], more: 0 };
  const skip = new Set(known.map(keyStem));
  const all: Extra[] = [];
  for (const [key, value] of Object.entries(obj)) {
    if (value === undefined || skip.has(keyStem(key))) continue;
    all.push({ label: clip(humaniseKey(key), 80), text: clip(extraText(value), MAX_EXTRA_TEXT), prose: typeof value === 'string' });
  }
  const ordered = [...all.filter((e) => e.prose), ...all.filter((e) => !e.prose)];
  return { extras: ordered.slice(0, max), more: Math.max(0, ordered.length - max) };
}
