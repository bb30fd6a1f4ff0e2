/**
 * Any JSON the service sends under names the spec does not show (project detail, alerts, schedules),
 * as lines a person can read, interpreting nothing: keys humanised, strings escaped (a code-like
 * value such as `pricing_change` or `30_days` humanised), timestamps as "3 days ago (<date token>)"
 * (a `…At` key said without its "at": "created 3 months ago", the next run as "next run on Monday at
 * 06:00"), booleans as yes/no, null as "not given" (under the null contract it asserts nothing),
 * internal ids left out (nobody types an alert's id), nested objects indented, long lists cut with a
 * count of what was left out.
 */
import { parseISO } from 'date-fns/parseISO';
import { isRecord } from '../../../service/tolerant.js';
import { escapeMrkdwn, humanise, nextRunText, relativeAndAbsolute, truncate } from '../../../slack/blocks/index.js';

const MAX_DEPTH = 3;
const LIST_MAX = 10;
const STRING_MAX = 300;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const CODE = /^[a-z0-9]+([_-][a-z0-9]+)+$/;
/** Null under names the spec does not show: it asserts nothing, so it is said as nothing given. */
export const NULL_TEXT = '_not given_';
/** Keys that hold an internal id (the entry's own or another's): never shown. */
const ID_KEY = /(^id$|[a-z]Id$|_id$|^ids?_|Ids$|_ids$)/;

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A key as a label: `nextRunAt` -> "Next run at". */
export function keyLabel(key: string): string {
  return escapeMrkdwn(capitalise(humanise(key)));
}

/** Keys whose values are identifiers or addresses: shown verbatim, never humanised. */
const VERBATIM_KEY = /(^id$|Id$|_id$|url$|domain$|host$|email$)/i;

/** One value that holds no structure, as mrkdwn; `key` (its name) keeps identifiers verbatim. */
export function scalarText(value: unknown, now: Date, key = ''): string {
  if (value === null) return NULL_TEXT;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return escapeMrkdwn(String(value));
  if (typeof value === 'string') {
    if (value === '') return '_empty_';
    if (ISO.test(value)) return relativeAndAbsolute(value, now);
    if (CODE.test(value) && !VERBATIM_KEY.test(key)) return escapeMrkdwn(humanise(value));
    return escapeMrkdwn(truncate(value, STRING_MAX));
  }
  return escapeMrkdwn(truncate(JSON.stringify(value) ?? String(value), STRING_MAX));
}

const isScalar = (v: unknown) => v === null || typeof v !== 'object';

/** The words that name an entry of a list of objects, when it has them. */
const NAME_KEYS = ['name', 'title', 'label', 'kind', 'type', 'dimension'];

/**
 * A key and its value as words: "enabled yes", "created 3 months ago (<token>)" (a timestamp under
 * a `…At` key loses the "at"), "next run on Monday at 06:00" (a future next run as people say it).
 */
export function labelled(key: string, value: unknown, now: Date, label = keyLabel(key).toLowerCase()): string {
  if (value === null && /[a-z]At$|_at$/.test(key)) return `${label.replace(/ at$/, '')} ${NULL_TEXT}`;
  if (typeof value === 'string' && ISO.test(value)) {
    const bare = label.replace(/ at$/, '');
    const date = parseISO(value);
    if (/^next run\b/.test(bare) && date.getTime() > now.getTime()) return `${nextRunText(date, now)}${bare === 'next run' ? '' : ` (${escapeMrkdwn(bare)})`}`;
    return `${bare} ${scalarText(value, now, key)}`;
  }
  return `${label} ${scalarText(value, now, key)}`;
}

/** An object in one line: its naming value first, then its other plain values (ids left out). */
export function entryLine(entry: Record<string, unknown>, now: Date): string {
  const nameKey = NAME_KEYS.find((k) => typeof entry[k] === 'string');
  const parts = Object.entries(entry)
    .filter(([k, v]) => k !== nameKey && isScalar(v) && !ID_KEY.test(k))
    .map(([k, v]) => labelled(k, v, now));
  const name = nameKey ? `*${scalarText(entry[nameKey], now, nameKey)}*` : '';
  return [name, parts.join(' · ')].filter(Boolean).join(' · ') || '_an empty entry_';
}

/** Lines for `value` under its key, indented by depth. */
export function passthroughLines(value: unknown, now: Date, depth = 0): string[] {
  const pad = '    '.repeat(depth);
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([k]) => !ID_KEY.test(k));
    if (entries.length === 0) return [`${pad}_nothing_`];
    return entries.flatMap(([k, v]) => fieldLines(k, v, now, depth));
  }
  if (Array.isArray(value)) return listLines(value, now, depth);
  return [`${pad}${scalarText(value, now)}`];
}

function fieldLines(key: string, value: unknown, now: Date, depth: number): string[] {
  const pad = '    '.repeat(depth);
  const label = `${pad}• *${keyLabel(key)}:*`;
  if (isScalar(value)) return typeof value === 'string' && ISO.test(value) ? [`${pad}• ${capitalise(labelled(key, value, now))}`] : [`${label} ${scalarText(value, now, key)}`];
  if (Array.isArray(value) && value.every(isScalar)) {
    if (value.length === 0) return [`${label} _none_`];
    const shown = value.slice(0, LIST_MAX).map((v) => scalarText(v, now, key));
    return [`${label} ${shown.join(', ')}${value.length > LIST_MAX ? `, …and ${value.length - LIST_MAX} more` : ''}`];
  }
  if (depth >= MAX_DEPTH) return [`${label} _more detail than Radar shows here_`];
  return [label, ...passthroughLines(value, now, depth + 1)];
}

function listLines(items: readonly unknown[], now: Date, depth: number): string[] {
  const pad = '    '.repeat(depth);
  if (items.length === 0) return [`${pad}_none_`];
  const lines = items.slice(0, LIST_MAX).map((item) => `${pad}◦ ${isRecord(item) ? entryLine(item, now) : isScalar(item) ? scalarText(item, now) : `_a list of ${(item as unknown[]).length}_`}`);
  if (items.length > LIST_MAX) lines.push(`${pad}_…and ${items.length - LIST_MAX} more_`);
  return lines;
}
