/**
 * The card's AI sources: the pages of the competitor's domain that AI answers cite, from one read
 * of the full view (every row as stored, so the count is not a page's length), and its row on the
 * brand list (rank by presence, or "not named in any answer").
 */
import { normaliseDomain } from '../../competitor-match/match-competitor.js';
import { arrayAt, isRecord, lookup, recordAt, type JsonRecord } from '../../../service/tolerant.js';
import { escapeMrkdwn, plural, truncate } from '../../../slack/blocks/index.js';
import { hostOf, type CompetitorRef } from '../competitor-ref.js';
import type { CardPart } from './parts.js';

const URLS_SHOWN = 3;

function str(obj: unknown, key: string): string | null {
  const hit = lookup(obj, key, { down: false });
  return hit.found && typeof hit.value === 'string' && hit.value !== '' ? hit.value : null;
}

export function sourcesLines(item: JsonRecord, ref: CompetitorRef): string[] {
  const summary = recordAt(item, 'summary', { down: false }) ?? item;
  const lines: string[] = [];
  const pages = arrayAt(summary, 'pages', { up: item });
  if (pages === null) {
    lines.push("_The cited pages couldn't be read._");
  } else {
    const urls: string[] = [];
    for (const p of pages) {
      if (!isRecord(p)) continue;
      const host = str(p, 'host') ?? str(p, 'domain');
      const url = str(p, 'url');
      const pageUrls = arrayAt(p, 'pageUrls', { down: false });
      if (pageUrls !== null && host !== null && hostOf(ref.domain, host)) urls.push(...pageUrls.filter((u): u is string => typeof u === 'string'));
      else if (url !== null && hostOf(ref.domain, host ?? url)) urls.push(url);
    }
    if (urls.length === 0) lines.push('No page of its domain is cited.');
    else {
      const shown = urls.slice(0, URLS_SHOWN).map((u) => escapeMrkdwn(truncate(u, 200)));
      lines.push(`${plural(urls.length, 'page')} of its domain cited: ${shown.join(', ')}${urls.length > URLS_SHOWN ? ` …and ${urls.length - URLS_SHOWN} more` : ''}`);
    }
  }
  const brands = arrayAt(summary, 'brands', { up: item });
  const brand = brands?.find((b) => {
    const d = str(b, 'domain');
    return d !== null && normaliseDomain(d) === normaliseDomain(ref.domain);
  });
  if (isRecord(brand)) {
    const rank = lookup(brand, 'rankByPresence', { down: false });
    const naming = lookup(brand, 'answersNaming', { down: false });
    if (rank.found && typeof rank.value === 'number') lines.push(`As a brand: #${rank.value} by presence among the brands answers name`);
    else if (rank.found && rank.value === null && naming.found && naming.value === 0) lines.push('As a brand: not named in any answer');
  }
  return lines;
}

export const sourcesPart: CardPart = {
  title: 'AI sources',
  command: 'sources',
  async read(service, projectId, ref) {
    return sourcesLines(await service.getAiSources(projectId, { view: 'full' }), ref);
  },
};
