/**
 * The card's AI sources: the pages of the competitor's domain that AI answers cite, from one read
 * of the full view (every row as stored, so the count is not a page's length), and its row on the
 * brand list (rank by presence, or "not named in any answer"). Read through the AI sources reader
 * (`src/service/schemas/ai-sources.ts`), the one `/radar sources` and the sources watch use.
 */
import { normaliseDomain } from '../../competitor-match/match-competitor.js';
import type { CitedBrand, SourcesFacts } from '../../../service/index.js';
import { escapeMrkdwn, plural, truncate } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';
import { hostOf, type CompetitorRef } from '../competitor-ref.js';
import type { CardPart } from './parts.js';

const URLS_SHOWN = 3;

export function sourcesFactLines(facts: SourcesFacts, ref: CompetitorRef): string[] {
  const lines: string[] = [];
  if (facts.pages.rows.kind !== 'value') {
    lines.push("_The cited pages couldn't be read._");
  } else {
    const urls: string[] = [];
    for (const p of facts.pages.rows.value) {
      if (p === null) continue;
      if (p.pageUrls !== null && p.host !== null && hostOf(ref.domain, p.host)) urls.push(...p.pageUrls);
      else if (p.pageUrls === null && p.label !== null && p.label !== p.host && hostOf(ref.domain, p.host ?? hostText(p.label))) urls.push(p.label);
    }
    if (urls.length === 0) lines.push('No page of its domain is cited.');
    else {
      const shown = urls.slice(0, URLS_SHOWN).map((u) => escapeMrkdwn(truncate(u, 200)));
      const rest = urls.length > URLS_SHOWN ? ` …and ${urls.length - URLS_SHOWN} more (\`${COMMAND} sources\` lists them)` : '';
      lines.push(`${plural(urls.length, 'page')} of its domain cited: ${shown.join(', ')}${rest}`);
    }
  }
  const brands = facts.brands.rows.kind === 'value' ? facts.brands.rows.value : [];
  const brand = brands.find((b): b is CitedBrand => b !== null && b.domain !== null && normaliseDomain(b.domain) === normaliseDomain(ref.domain));
  if (brand) {
    const rank = brand.rankByPresence;
    const naming = brand.answersNaming;
    if (rank.kind === 'value' && rank.value !== null) lines.push(`As a brand: #${rank.value} by presence among the brands answers name`);
    else if (rank.kind === 'value' && naming.kind === 'value' && naming.value === 0) lines.push('As a brand: not named in any answer');
  }
  return lines;
}

/** The host of a URL, or the text itself. */
function hostText(text: string): string {
  try {
    return new URL(text).hostname;
  } catch {
    return text;
  }
}

export const sourcesPart: CardPart = {
  title: 'AI sources',
  command: 'sources',
  async read(service, projectId, ref) {
    return sourcesFactLines(await service.sourcesFacts(projectId, { view: 'full' }), ref);
  },
};
