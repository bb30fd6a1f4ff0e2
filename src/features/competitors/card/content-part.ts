/**
 * The card's content: the content dashboard row's URL counts (total and the largest categories),
 * and, as its own read, the latest changelog entries for this competitor (`competitorId` filter),
 * counted from `pagination.total`. Both are read through the content reader
 * (`src/service/schemas/content.ts`), the one `/radar content`, `/radar changes` and the content watch
 * use, so the card states the same facts whatever shape the service answers in.
 */
import { categoryLabel, labelOf, matchIdentity, type ChangeCategory, type ChangelogFacts, type CategoryCount, type ContentFacts, type ContentRow, type RowIdentity } from '../../../service/index.js';
import { UNREADABLE_VALUE } from '../../../service/tolerant.js';
import { dayText, escapeMrkdwn, plural } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import type { CompetitorRef } from '../competitor-ref.js';
import { NOT_MEASURED, NOT_REPORTED } from './format.js';
import type { CardPart } from './parts.js';

/** Changelog entries shown on the card. */
export const CHANGELOG_SHOWN = 3;
const CATEGORIES_SHOWN = 4;

/** The competitor as a row identity, to match rows with `matchIdentity` (id, then domain, then name). */
export function refIdentity(ref: CompetitorRef): RowIdentity {
  return { competitorId: ref.id, domain: ref.domain, name: ref.name, isOwn: ref.isOwn };
}

/** True when the row is about `ref`. */
export function rowIsRef(identity: RowIdentity, ref: CompetitorRef): boolean {
  return matchIdentity(identity, [refIdentity(ref)]) !== undefined;
}

/** A category's count as a number (a list of URLs sent in place of a count counts its URLs); null when there is none. */
function countOf(c: CategoryCount): number | null {
  if (c.count.kind === 'value') return c.count.value;
  if (c.count.kind === 'omitted' && c.urls.kind === 'value') return c.urls.value.length;
  return null;
}

export function contentFactLines(facts: ContentFacts, ref: CompetitorRef): string[] {
  if (facts.rows.kind !== 'value') return ["_The content rows couldn't be read._"];
  const row = facts.rows.value.find((r): r is ContentRow => r !== null && rowIsRef(r.identity, ref));
  if (!row) return ['_Not among the rows of the content read._'];
  const total = row.urlCount;
  const totalText = total.kind === 'omitted' ? NOT_REPORTED : total.kind === 'unreadable' ? UNREADABLE_VALUE : total.value === null ? NOT_MEASURED : String(total.value);
  const categories =
    row.categories.kind === 'value'
      ? row.categories.value
          .map((c): [string, number | null] => [c.key, countOf(c)])
          .filter((e): e is [string, number] => e[1] !== null && e[1] > 0)
          .sort((a, b) => b[1] - a[1])
          .slice(0, CATEGORIES_SHOWN)
          .map(([k, n]) => `${escapeMrkdwn(categoryLabel(k))} ${n}`)
      : [];
  return [`URLs in its sitemap: ${totalText}${categories.length ? ` (${categories.join(', ')})` : ''}`];
}

/** A change's count: the count sent, else the URLs sent with it; null when neither. */
function changeCount(c: ChangeCategory): number | null {
  if (c.count.kind === 'value') return c.count.value;
  if (c.urls.kind === 'value') return c.urls.value.length;
  return null;
}

/** "60 programmatic, 2 blog": new comparison pages first, then the largest counts. */
function changeWords(categories: readonly ChangeCategory[]): string[] {
  return categories
    .map((c) => ({ c, n: changeCount(c) }))
    .filter((e): e is { c: ChangeCategory; n: number } => e.n !== null)
    .sort((a, b) => Number(b.c.category === 'comparison') - Number(a.c.category === 'comparison') || b.n - a.n)
    .map(({ c, n }) => `${n} ${escapeMrkdwn(categoryLabel(c.key))}`);
}

/** `ref` (optional, so the signature stays compatible) names the competitor in the command that lists the rest. */
export function changelogFactLines(facts: ChangelogFacts, ref?: CompetitorRef): string[] {
  if (facts.total === 0) return ['Changelog: no URL change detected.'];
  const entries = facts.rows.slice(0, CHANGELOG_SHOWN).map((row) => {
    if (row === null) return "      _an entry Radar couldn't read_";
    const day = row.date ? dayText(row.date) : '_date not reported_';
    const counts = row.categories.kind === 'value' ? changeWords(row.categories.value) : [];
    return `      ${day}: ${counts.length ? `${counts.join(', ')} URLs added` : '_changes Radar couldn’t read_'}`;
  });
  const shown = Math.min(facts.rows.length, CHANGELOG_SHOWN);
  const who = ref?.domain ?? labelOf(facts.rows.find((r) => r !== null)?.identity ?? { competitorId: null, domain: null, name: null, isOwn: false });
  const more = facts.total > shown ? [`      _${shown} of ${facts.total.toLocaleString('en-US')} shown; \`${COMMAND} changes${who ? ` ${escapeMrkdwn(who)}` : ''}\` lists them all_`] : [];
  return [`Changelog: ${plural(facts.total, 'entry', 'entries')}, latest:`, ...entries, ...more];
}

export const contentPart: CardPart = {
  title: 'Content',
  command: 'content',
  async read(service, projectId, ref) {
    return contentFactLines(await service.contentFacts(projectId), ref);
  },
};

export const changelogPart: CardPart = {
  title: 'Content changelog',
  command: 'content',
  async read(service, projectId, ref) {
    if (ref.id === null) return ["_Changelog: the competitor list gave no id to filter the changelog by._"];
    return changelogFactLines(await service.changelogFacts(projectId, { competitorId: ref.id, limit: CHANGELOG_SHOWN }), ref);
  },
};
