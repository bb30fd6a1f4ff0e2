/**
 * Renders a payload whose structure the spec does not show ("not shown": a run's detail, a history
 * row's summary, a briefing section) as readable mrkdwn lines, without giving it a meaning: keys are
 * humanised, values shown as sent and escaped, null said by the caller's rule (never a zero), lists
 * of values joined, lists of objects one bullet per item, nesting indented, cut at a depth and a
 * number of items. Shared by `/radar run`, `/radar history` and `/radar briefing <dimension>`.
 */
import { isRecord } from '../../service/tolerant.js';
import { escapeMrkdwn, humanise, stampOf } from '../../slack/blocks/index.js';

/** An ISO 8601 date-time (spec 2.1: timestamps are ISO UTC), shown in Radar's one readable form. */
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)$/;

export interface JsonLinesOptions {
  /** How a null reads under `key` (spec 2.2: not measured; a history gap: no comparison). */
  nullText?: (key: string) => string;
  /** Keys left out (lower-case). */
  skip?: readonly string[];
  /** Levels rendered below the top (default 3). */
  maxDepth?: number;
  /** Items of one list rendered (default 10); the rest are counted. */
  maxItems?: number;
}

const NOT_MEASURED = '_not measured_';
const isPrimitive = (v: unknown): v is string | number | boolean | null => v === null || ['string', 'number', 'boolean'].includes(typeof v);

export const label = (key: string) => {
  const h = humanise(key);
  return escapeMrkdwn(h.charAt(0).toUpperCase() + h.slice(1));
};

export function primitiveText(value: string | number | boolean | null, key: string, options: JsonLinesOptions = {}): string {
  if (value === null) return options.nullText?.(key) ?? NOT_MEASURED;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value === '') return '_empty_';
  if (typeof value === 'string' && TIMESTAMP.test(value)) return stampOf(value);
  return escapeMrkdwn(String(value));
}

/** An object's primitive entries on one line: "Key value · Key value". */
export function inlineFacts(obj: Record<string, unknown>, options: JsonLinesOptions = {}): string {
  const skip = options.skip ?? [];
  return Object.entries(obj)
    .filter(([k, v]) => isPrimitive(v) && !skip.includes(k.toLowerCase()))
    .map(([k, v]) => `${label(k)} ${primitiveText(v as string | number | boolean | null, k, options)}`)
    .join(' · ');
}

function itemText(item: unknown, options: JsonLinesOptions): string {
  if (isPrimitive(item)) return primitiveText(item, '', options);
  if (Array.isArray(item)) return item.filter(isPrimitive).map((v) => primitiveText(v, '', options)).join(' | ');
  if (isRecord(item)) return inlineFacts(item, options) || '_an entry with nested parts_';
  return '';
}

/** Lines for `value` (an object's entries, a list's items), indented by `depth`. */
export function jsonLines(value: unknown, options: JsonLinesOptions = {}, depth = 0): string[] {
  const maxDepth = options.maxDepth ?? 3;
  const maxItems = options.maxItems ?? 10;
  const skip = options.skip ?? [];
  const pad = '    '.repeat(depth);
  if (!isRecord(value)) return Array.isArray(value) ? listLines(value, options, depth) : [`${pad}${itemText(value, options)}`];
  const lines: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (skip.includes(key.toLowerCase())) continue;
    if (isPrimitive(v)) {
      lines.push(`${pad}*${label(key)}:* ${primitiveText(v, key, options)}`);
    } else if (Array.isArray(v)) {
      if (v.length === 0) lines.push(`${pad}*${label(key)}:* _none_`);
      else if (v.every(isPrimitive)) lines.push(`${pad}*${label(key)}:* ${v.slice(0, maxItems * 3).map((x) => primitiveText(x, key, options)).join(', ')}${v.length > maxItems * 3 ? ` …and ${v.length - maxItems * 3} more` : ''}`);
      else if (depth >= maxDepth) lines.push(`${pad}*${label(key)}:* ${v.length} entries`);
      else lines.push(`${pad}*${label(key)}* (${v.length}):`, ...listLines(v, options, depth + 1));
    } else if (isRecord(v)) {
      if (depth >= maxDepth) lines.push(`${pad}*${label(key)}:* ${inlineFacts(v, options) || '_nested parts not shown_'}`);
      else lines.push(`${pad}*${label(key)}:*`, ...jsonLines(v, options, depth + 1));
    }
  }
  return lines;
}

function listLines(list: readonly unknown[], options: JsonLinesOptions, depth: number): string[] {
  const maxItems = options.maxItems ?? 10;
  const pad = '    '.repeat(Math.max(0, depth - 1));
  const lines = list.slice(0, maxItems).map((item) => `${pad}• ${itemText(item, options)}`);
  if (list.length > maxItems) lines.push(`${pad}…and ${list.length - maxItems} more`);
  return lines;
}
