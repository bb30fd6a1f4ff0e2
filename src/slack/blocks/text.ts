/**
 * Text helpers for Slack: escaping for mrkdwn and cutting to a limit.
 *
 * Slack's mrkdwn gives `<…>` a meaning (`<!channel>`, `<@U123>`, `<https://…|label>`), so every
 * string from the service or from a user goes through `escapeMrkdwn` before it is placed in text:
 * `&`, `<` and `>` become entities, which Slack shows as the characters and never acts on.
 */
export function escapeMrkdwn(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  // Most text has none of the three: one scan, and the string itself back.
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ENTITIES[c as '&' | '<' | '>']) : text;
}

const SPECIAL = /[&<>]/;
const SPECIALS = /[&<>]/g;
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;' } as const;

/**
 * Text as the person typed it: Slack sends command text and message text with `&`, `<` and `>`
 * as `&amp;`, `&lt;` and `&gt;` (its markup stays `<…>`). Decoded once before parsing or
 * prefilling, so output escapes it exactly once (`escapeMrkdwn`). `&amp;` goes last, so a typed
 * `&lt;` (sent as `&amp;lt;`) stays `&lt;`.
 */
export function decodeSlackEntities(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Typed text as Slack sends it (the console's stand-in for Slack): the inverse of `decodeSlackEntities`, the same three entities `escapeMrkdwn` writes. */
export const encodeSlackEntities = (text: string): string => escapeMrkdwn(text);

/** Cuts `text` to at most `max` characters, ending in `…` when cut; never splits a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  // Do not leave half an entity (&amp; &lt; &gt;) at the end.
  cut = cut.replace(/&[a-z]{0,3}$/, '');
  return `${cut}…`;
}

/** Cuts at a word boundary when one is near, else like `truncate`. */
export function truncateWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return space >= max * 0.6 ? `${cut.slice(0, space).trimEnd()}…` : truncate(text, max);
}

/** A mrkdwn link whose label is escaped; the URL must be one we trust (built by us or from Slack). */
export function mrkdwnLink(url: string, label: string): string {
  const safeUrl = url.replace(/[<>|]/g, encodeURIComponent);
  return `<${safeUrl}|${escapeMrkdwn(label).replace(/\|/g, '¦')}>`;
}

/** Humanises a snake_case or camelCase code for display: `no_pricing_page_found` -> `no pricing page found`. */
export function humanise(code: string): string {
  return code
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

/** "1 ticket", "3 tickets". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
