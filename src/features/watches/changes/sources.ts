/**
 * AI sources changes (issue 16): pages or brands entering or leaving the top of the cited lists
 * (the first ten of each list as sent, after the reader's de-duplication; the service's order is its
 * ranking). Both runs are compared on the AI sources reader's facts (`src/service/schemas/ai-sources.ts`),
 * the one `/radar sources` and the card use.
 */
import type { CitedBrand, CitedPage } from '../../../service/index.js';
import type { WatchRunFacts } from '../../../service/read/runs.js';
import { changeOf, type Change, type RunPair } from './change.js';

/** The fields the AI sources reader names: the generic comparison leaves them alone. */
export const SOURCES_KEYS = [
  'pages', 'brands', 'pagesPage', 'brandsPage', 'pageUrls', 'citations', 'rankByPresence', 'answersNaming',
  'citedPages', 'citedBrands', 'sourcePages', 'sources', 'brandList', 'namedBrands', 'domain', 'name', 'host', 'url', 'isOwn',
];

/** How far down a cited list counts as its top. */
export const TOP = 10;

function pageName(row: CitedPage): string | null {
  const first = row.pageUrls?.[0];
  return (first ?? row.label ?? row.host)?.toLowerCase() ?? null;
}

const brandName = (row: CitedBrand): string | null => (row.domain ?? row.name)?.toLowerCase() ?? null;

function top(run: WatchRunFacts, key: 'pages' | 'brands'): string[] {
  const facts = run.sources;
  const list = key === 'pages' ? facts?.pages.rows : facts?.brands.rows;
  if (list?.kind !== 'value') return [];
  const names: string[] = [];
  for (const row of list.value) {
    if (row === null) continue;
    const name = key === 'pages' ? pageName(row as CitedPage) : brandName(row as CitedBrand);
    if (name && !names.includes(name)) names.push(name);
    if (names.length === TOP) break;
  }
  return names;
}

const hostOf = (name: string) => {
  try {
    return new URL(name).hostname.toLowerCase();
  } catch {
    return name.toLowerCase();
  }
};

export function sourcesChanges({ previous, current }: RunPair): Change[] {
  const out: Change[] = [];
  for (const key of ['brands', 'pages'] as const) {
    const before = top(previous, key);
    const after = top(current, key);
    const noun = key === 'brands' ? 'cited brands' : 'cited pages';
    for (const [i, name] of after.entries()) {
      if (!before.includes(name)) out.push(changeOf({ kind: key === 'brands' ? 'cited-brands' : 'cited-pages', competitor: hostOf(name), weight: key === 'brands' ? 80 : 70, text: `${key === 'pages' && hostOf(name) !== name ? `page ${name} ` : ''}entered the top ${TOP} ${noun} (#${i + 1})`, before: 'not in the top', after: `#${i + 1}` }));
    }
    for (const [i, name] of before.entries()) {
      if (!after.includes(name)) out.push(changeOf({ kind: key === 'brands' ? 'cited-brands' : 'cited-pages', competitor: hostOf(name), weight: key === 'brands' ? 78 : 68, text: `${key === 'pages' && hostOf(name) !== name ? `page ${name} ` : ''}left the top ${TOP} ${noun} (was #${i + 1})`, before: `#${i + 1}`, after: 'not in the top' }));
    }
  }
  return out;
}
