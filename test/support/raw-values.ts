/**
 * What a person must never read in an answer (issue 29, item 4): an ISO timestamp or a UTC stamp
 * where a date token belongs, an internal id, a payload key, `null`/`undefined` (or `_null_`), a
 * repository path. Code spans and blocks (what a person is meant to type or copy) and URLs are left
 * out of the scan; everything else of the rendered text is scanned line by line.
 */

export interface RawValue {
  /** What was found: `iso timestamp`, `utc stamp`, `internal id`, `payload key`, `null`, `undefined`, `repository path`. */
  kind: string;
  /** The offending text. */
  found: string;
  /** The whole line it is on, as rendered. */
  line: string;
}

const RULES: readonly { kind: string; pattern: RegExp }[] = [
  { kind: 'iso timestamp', pattern: /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g },
  // A calendar day as the service wrote it (2026-11-25): a date token says it in the reader's words and zone.
  { kind: 'iso day', pattern: /(?<![\w/.-])\d{4}-\d{2}-\d{2}(?![\w/-])/g },
  // A time said in UTC: a date token renders in the reader's zone, so this is a stamp built by hand.
  { kind: 'utc stamp', pattern: /\b\d{1,2}:\d{2}(?::\d{2})? UTC\b/g },
  { kind: 'internal id', pattern: /\b(?:cmp|prj|org|usr|lbl|alr|sch|chk|run|scan|tkt|cmt|mem|chg)_[A-Za-z0-9_]+/g },
  // snake_case (a payload key or an enum value as sent): words joined by `_` (an id is said once, above).
  { kind: 'payload key', pattern: /\b(?!(?:cmp|prj|org|usr|lbl|alr|sch|chk|run|scan|tkt|cmt|mem|chg)_)[a-z0-9]+(?:_[a-z0-9]+)+\b/g },
  // `null` alone or in mrkdwn italics (`_null_`); never a word's part.
  { kind: 'null', pattern: /(?<![A-Za-z])null(?![A-Za-z])/gi },
  { kind: 'undefined', pattern: /(?<![A-Za-z])undefined(?![A-Za-z])/gi },
  // A unit as a key read aloud ("$24.00 per seat month"), not as words ("per seat a month"); an
  // amount Radar formats (a currency sign), so a service's own sentence is not held against it.
  { kind: 'unit as a key', pattern: /[$€£¥]\d[\d,.]* per (?:seat|user|member|license) (?:month|year|week|day)\b/g },
  // A signed change with no direction in words ("rank change +8": which way is better?).
  { kind: 'signed change', pattern: /\brank change [+−-]\d+/g },
  { kind: 'broken phrase', pattern: /\b(?:at|on) (?:in|ago) \d|\bat in\b/g },
  // An emoji shortcode the console did not turn into its character.
  { kind: 'emoji shortcode', pattern: /(?<![\w:]):[a-z][a-z0-9_+-]*:(?![\w:])/g },
  { kind: 'NaN', pattern: /\bNaN\b/g },
  { kind: 'object', pattern: /\[object Object\]/g },
  { kind: 'repository path', pattern: /(?<![\w/.])(?:src|test|docs|dist|bench|scripts)\/[\w./-]+/g },
];

/** The rendered text with code blocks, code spans and URLs blanked out (they are not read as prose). */
export function prose(text: string): string {
  return text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\bhttps?:\/\/[^\s)>,]+/g, ' ');
}

/** Every raw value in `text` (rendered answers), with its line. */
export function rawValuesIn(text: string): RawValue[] {
  const found: RawValue[] = [];
  // Code blocks span lines: blank them before splitting.
  const lines = text.replace(/```[\s\S]*?```/g, '```…```').split('\n');
  for (const line of lines) {
    const scanned = prose(line);
    for (const { kind, pattern } of RULES) {
      for (const match of new Set([...scanned.matchAll(pattern)].map((m) => m[0]))) found.push({ kind, found: match, line: line.trim() });
    }
  }
  return found;
}

/**
 * Method notes said more than once in one answer ("Rates are shares of the answers counted…" under
 * every part): a sentence of 40 characters or more, not a list item, repeated within one message.
 * Lines are split at ` · ` (notes share a context line).
 */
export function repeatedNotes(answer: string): string[] {
  // One message at a time: an update of a message (a scan's progress) says its first line again.
  return answer.split(/^(?=\[(?:only you|posted in|updated in|to the channel|your Home tab|modal:)[^\n]*\]$)/m).flatMap(notesOfMessage);
}

function notesOfMessage(message: string): string[] {
  const counts = new Map<string, number>();
  for (const line of message.split('\n')) {
    const trimmed = line.trim();
    if (/^([•◦>\d]|\[|\*[^*]+\*\s*[·:(]|`|==)/.test(trimmed)) continue;
    for (const part of trimmed.split(/\s+·\s+/)) {
      if (part.length >= 40 && /[.!?]_?$/.test(part)) counts.set(part, (counts.get(part) ?? 0) + 1);
    }
  }
  return [...counts].filter(([, n]) => n > 1).map(([note, n]) => `${n}× ${note}`);
}
