/**
 * Finds the competitor a person named among tech-and-trust rows: by domain, name or id, ignoring case
 * and a leading `www.` or scheme; then a domain that starts with the word (`hubforge` finds
 * `hubforge.io`). No match is one sentence with "did you mean" when a name is close.
 */
import type { TechTrustRow } from '../../service/index.js';
import { escapeMrkdwn, truncate } from '../../slack/blocks/index.js';
import { suggest } from '../../slack/commands/suggest.js';
import { UserError } from '../../slack/error-text.js';

const bare = (s: string) => s.toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/\/.*$/, '');
const stem = (domain: string) => bare(domain).split('.')[0] ?? '';

export function matchCompetitor(rows: readonly (TechTrustRow | null)[], typed: string): (TechTrustRow | null)[] {
  const want = bare(typed);
  const known = rows.filter((r): r is TechTrustRow => r !== null);
  const names = (r: TechTrustRow) => [r.domain, r.name, r.competitorId].filter((n): n is string => n !== null).map(bare);
  const exact = known.filter((r) => names(r).includes(want));
  if (exact.length > 0) return exact;
  const prefix = known.filter((r) => names(r).some((n) => n.startsWith(want)));
  if (prefix.length > 0 && want.length >= 2) return prefix;
  const candidates = [...new Set(known.flatMap((r) => (r.domain ? [bare(r.domain), stem(r.domain)] : [])))];
  const guess = suggest(want, candidates);
  const typedText = escapeMrkdwn(truncate(typed, 60));
  const listed = known.map((r) => escapeMrkdwn(r.domain ?? r.name ?? '')).filter(Boolean).join(', ');
  throw new UserError(
    guess
      ? `No tracked competitor matches “${typedText}”. Did you mean \`${escapeMrkdwn(guess)}\`?`
      : `No tracked competitor matches “${typedText}”; tracked: ${listed || 'none'}.`,
  );
}
