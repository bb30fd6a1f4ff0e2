/**
 * Finds the competitor a person means in `/radar positioning|content|changes <competitor>`: its
 * domain (as typed, a URL, or Slack's `<http://x.com|x.com>`), its name, its id, or the first label
 * of its domain (`hubforge` for hubforge.io), all case-insensitively. No match gets "did you mean".
 * A shared module (no Feature): the market features use it.
 */
import { escapeMrkdwn, truncate } from '../../slack/blocks/index.js';
import { suggest } from '../../slack/commands/suggest.js';
import { UserError } from '../../slack/error-text.js';
import type { RowIdentity } from '../../service/index.js';

export type CompetitorMatch<T> = { kind: 'one'; match: T } | { kind: 'many'; candidates: T[] } | { kind: 'none'; suggestion: string | null };

/** Lower-cases and strips Slack's link markup, scheme, `www.`, path, port and a trailing dot. */
export function normaliseDomain(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/^<[^|>]*\|([^>]*)>$/, '$1')
    .replace(/^<|>$/g, '')
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

const lower = (s: string | null) => (s === null ? null : s.trim().toLowerCase());

export function matchCompetitor<T>(items: readonly T[], identityOf: (item: T) => RowIdentity, typed: string): CompetitorMatch<T> {
  const text = typed.trim().toLowerCase().replace(/^<[^|>]*\|([^>]*)>$/, '$1');
  const domain = normaliseDomain(text);
  const tests: ((id: RowIdentity) => boolean)[] = [
    (id) => lower(id.competitorId) === text,
    (id) => id.domain !== null && normaliseDomain(id.domain) === domain,
    (id) => lower(id.name) === text,
    (id) => id.domain !== null && normaliseDomain(id.domain).split('.')[0] === domain,
  ];
  for (const test of tests) {
    const hits = items.filter((item) => test(identityOf(item)));
    if (hits.length === 1) return { kind: 'one', match: hits[0] as T };
    if (hits.length > 1) return { kind: 'many', candidates: hits };
  }
  const words = items.flatMap((item) => {
    const id = identityOf(item);
    return [id.domain, id.name].filter((w): w is string => w !== null).map((w) => w.toLowerCase());
  });
  return { kind: 'none', suggestion: text ? suggest(text, words) : null };
}

/** The sentence for a competitor no row matched: "did you mean", else the competitors there are. */
export function noCompetitorError(typed: string, suggestion: string | null, known: readonly string[]): UserError {
  const shown = escapeMrkdwn(truncate(typed, 80));
  if (suggestion) return new UserError(`No competitor matches “${shown}”. Did you mean *${escapeMrkdwn(suggestion)}*?`);
  const list = known.slice(0, 20).map((k) => `*${escapeMrkdwn(k)}*`).join(', ');
  return new UserError(`No competitor matches “${shown}”.${known.length ? ` The competitors are: ${list}${known.length > 20 ? `, …and ${known.length - 20} more` : ''}.` : ''}`);
}

export function manyCompetitorsError(typed: string, names: readonly string[]): UserError {
  return new UserError(`“${escapeMrkdwn(truncate(typed, 80))}” matches several competitors: ${names.map((n) => `*${escapeMrkdwn(n)}*`).join(', ')}. Type the domain to choose one.`);
}
