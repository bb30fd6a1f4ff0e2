/**
 * Positioning values under the null contract (spec 2.2, 2.5): an empty string or list is a finding
 * (the page was read and has no such element), null means the page was never read, and an omitted
 * key is a third state ("not reported"). None of them is ever shown as another.
 */
import type { JsonRecord, Part } from '../../service/tolerant.js';
import { extraText } from '../../service/extras.js';
import { isRecord, UNREADABLE_VALUE } from '../../service/tolerant.js';
import { escapeMrkdwn, humanise } from '../../slack/blocks/index.js';

export const HAS_NONE = '_the page has none_';
export const NEVER_READ = '_never read_';
export const NOT_REPORTED = '_not reported_';

/** A part that is not a value: omitted "not reported", unreadable said so; null for a value. */
function absent(part: Part<unknown>): string | null {
  if (part.kind === 'omitted') return NOT_REPORTED;
  if (part.kind === 'unreadable') return UNREADABLE_VALUE;
  return null;
}

/** A messaging string: “text”, "" the page has none, null never read. */
export function messagingText(part: Part<string | string[] | null>): string {
  const missing = absent(part);
  if (missing !== null || part.kind !== 'value') return missing ?? UNREADABLE_VALUE;
  const v = part.value;
  if (v === null) return NEVER_READ;
  if (Array.isArray(v)) return v.length === 0 ? HAS_NONE : v.map((s) => (s === '' ? HAS_NONE : `“${escapeMrkdwn(s)}”`)).join(', ');
  return v === '' ? HAS_NONE : `“${escapeMrkdwn(v)}”`;
}

/** A messaging list as bullet lines, or one inline state ([] the page has none, null never read). */
export function messagingList(part: Part<string[] | null>): { inline: string } | { lines: string[] } {
  const missing = absent(part);
  if (missing !== null || part.kind !== 'value') return { inline: missing ?? UNREADABLE_VALUE };
  if (part.value === null) return { inline: NEVER_READ };
  if (part.value.length === 0) return { inline: HAS_NONE };
  return { lines: part.value.map((s) => `• ${s === '' ? HAS_NONE : escapeMrkdwn(s)}`) };
}

/** Any other value as sent: null "not measured", a list joined (empty: "none"), an object as JSON. */
export function looseValueText(value: unknown): string {
  if (value === null) return '_not measured_';
  if (value === undefined) return NOT_REPORTED;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? '_none_' : value.map((v) => looseValueText(v)).join(', ');
  if (isRecord(value)) return escapeMrkdwn(extraText(value));
  return escapeMrkdwn(String(value));
}

/** The lines of an object the spec does not shape: "*Humanised key:* value", in the order received. */
export function looseLines(record: JsonRecord): string[] {
  return Object.entries(record).map(([k, v]) => `*${escapeMrkdwn(capitalise(humanise(k)))}:* ${looseValueText(v)}`);
}

export const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
