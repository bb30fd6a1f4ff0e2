/**
 * The generic reading of a payload part no area reader gives a meaning to (issue 27): a run's own
 * fields beside what its area reader reads, a history row's summary, a deep-dive section's fields.
 * Every field becomes a plain fact with a humanised label (never the raw key); values keep their kind
 * (text, number, flag, time, not measured), so a view formats them (times as date tokens, null as "not
 * measured" or, under a gap figure, "no comparison": spec 2.2, 2.5). Ids are left out by default (a
 * person reads names, not ids); nesting and list length are bounded, and what is cut is counted.
 */
import { extraText, humaniseKey } from '../extras.js';
import { isRecord, keyStem } from '../tolerant.js';

/** An ISO 8601 date-time (spec 2.1: timestamps are ISO UTC). */
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)$/;

export type FieldValue =
  | { kind: 'text'; text: string }
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  | { kind: 'flag'; value: boolean }
  | { kind: 'time'; iso: string }
  | { kind: 'not-measured' }
  /** Null under a gap figure: either side unmeasured, or nothing to compare (spec 2.5); never a tie. */
  | { kind: 'no-comparison' };

/** One entry of a list of objects or values. */
export type EntryFact = { kind: 'value'; value: FieldValue } | { kind: 'values'; values: FieldValue[] } | { kind: 'fields'; fields: { label: string; value: FieldValue }[] };

export type FieldFact =
  /** A single value. */
  | { kind: 'value'; label: string; value: FieldValue }
  /** A list of values (empty: "none"); `more` counts those left out. */
  | { kind: 'values'; label: string; values: FieldValue[]; more: number }
  /** A nested object: its fields; `inline` when the depth bound was reached (its plain values only, on one line). */
  | { kind: 'group'; label: string; fields: FieldFact[]; inline: boolean }
  /** A list of objects: its entries (plain values of each), `more` left out; `entries` null past the depth bound (only counted). */
  | { kind: 'entries'; label: string; entries: EntryFact[] | null; total: number; more: number };

export interface ReadFieldsOptions {
  /** Keys left out (any case or style). */
  skip?: readonly string[];
  /** Keep id fields (`id`, `runId`, `competitorId`…); default false: a person reads names, not ids. */
  ids?: boolean;
  /** Levels read below the top (default 3). */
  maxDepth?: number;
  /** Entries of one list read (default 10); values of a plain list three times that. */
  maxItems?: number;
}

const isPrimitive = (v: unknown): v is string | number | boolean | null => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const isIdKey = (key: string) => /(^id$|Id$|_id$|-id$|^ID$)/.test(key) || keyStem(key) === 'id';
/** A list of ids (`competitorIds`, `comparable_competitor_ids`): left out with the ids themselves. */
const isIdListKey = (key: string) => /(Ids$|_ids$|-ids$|^ids$)/i.test(key);
/** An enum value as the service spells it (`per_seat_month`, `30_days`): said as words. */
const ENUM_VALUE = /^[a-z0-9]+(?:_[a-z0-9]+)+$/;

/** A primitive as a fact; `key` decides what its null means. */
export function fieldValueOf(value: string | number | boolean | null, key = ''): FieldValue {
  if (value === null) return /gap/i.test(key) ? { kind: 'no-comparison' } : { kind: 'not-measured' };
  if (typeof value === 'boolean') return { kind: 'flag', value };
  if (typeof value === 'number') return { kind: 'number', value };
  if (value === '') return { kind: 'empty' };
  if (TIMESTAMP.test(value)) return { kind: 'time', iso: value };
  if (ENUM_VALUE.test(value)) return { kind: 'text', text: value.replace(/_/g, ' ') };
  return { kind: 'text', text: value };
}

/** Any value as one fact: a primitive as itself, a list or object as readable text (never JSON braces). */
export function cellOf(value: unknown, key = ''): FieldValue {
  return isPrimitive(value) ? fieldValueOf(value, key) : { kind: 'text', text: extraText(value) };
}

function entryOf(item: unknown, skip: ReadonlySet<string>, ids: boolean): EntryFact {
  if (isPrimitive(item)) return { kind: 'value', value: fieldValueOf(item) };
  if (Array.isArray(item)) return { kind: 'values', values: item.filter(isPrimitive).map((v) => fieldValueOf(v)) };
  const fields = isRecord(item)
    ? Object.entries(item)
        .filter(([k, v]) => isPrimitive(v) && !skip.has(keyStem(k)) && (ids || !isIdKey(k)))
        .map(([k, v]) => ({ label: humaniseKey(k), value: fieldValueOf(v as string | number | boolean | null, k) }))
    : [];
  return { kind: 'fields', fields };
}

/** The fields of `value` (an object) as facts, in the order sent; a value that is not an object reads as no fields. */
export function readFields(value: unknown, options: ReadFieldsOptions = {}, depth = 0): FieldFact[] {
  if (!isRecord(value)) return [];
  const maxDepth = options.maxDepth ?? 3;
  const maxItems = options.maxItems ?? 10;
  const ids = options.ids ?? false;
  const skip = new Set((options.skip ?? []).map(keyStem));
  const facts: FieldFact[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || skip.has(keyStem(key)) || (!ids && ((isIdKey(key) && isPrimitive(v)) || (isIdListKey(key) && Array.isArray(v))))) continue;
    const label = humaniseKey(key);
    if (isPrimitive(v)) {
      facts.push({ kind: 'value', label, value: fieldValueOf(v, key) });
    } else if (Array.isArray(v)) {
      if (v.every(isPrimitive)) {
        const cap = maxItems * 3;
        facts.push({ kind: 'values', label, values: v.slice(0, cap).map((x) => fieldValueOf(x, key)), more: Math.max(0, v.length - cap) });
      } else {
        const entries = depth >= maxDepth ? null : v.slice(0, maxItems).map((item) => entryOf(item, skip, ids));
        facts.push({ kind: 'entries', label, entries, total: v.length, more: entries === null ? 0 : Math.max(0, v.length - maxItems) });
      }
    } else if (isRecord(v)) {
      if (depth >= maxDepth) {
        const entry = entryOf(v, skip, ids);
        const fields = entry.kind === 'fields' ? entry.fields.map((f): FieldFact => ({ kind: 'value', label: f.label, value: f.value })) : [];
        facts.push({ kind: 'group', label, fields, inline: true });
      } else {
        facts.push({ kind: 'group', label, fields: readFields(v, options, depth + 1), inline: false });
      }
    }
  }
  return facts;
}
