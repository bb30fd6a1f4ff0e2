/**
 * AI sources changes (issue 16): pages or brands entering or leaving the top of the cited lists
 * (the first ten of each list as sent; the service's order is its ranking).
 */
import { arrayAt, isRecord } from '../../../service/tolerant.js';
import { changeOf, rowName, summaryOf, type Change, type RunPair } from './change.js';

export const SOURCES_KEYS = ['pages', 'brands', 'pagesPage', 'brandsPage', 'pageUrls', 'citations', 'rankByPresence'];

/** How far down a cited list counts as its top. */
export const TOP = 10;

function top(run: unknown, key: 'pages' | 'brands'): string[] {
  const list = arrayAt(summaryOf(run), key) ?? arrayAt(run, key) ?? [];
  const names: string[] = [];
  for (const row of list) {
    if (!isRecord(row)) continue;
    const urls = arrayAt(row, 'pageUrls');
    const name = key === 'pages' && urls && typeof urls[0] === 'string' ? urls[0] : rowName(row);
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
      if (!before.includes(name)) out.push(changeOf({ competitor: hostOf(name), weight: key === 'brands' ? 80 : 70, text: `entered the top ${TOP} ${noun} (#${i + 1})`, before: 'not in the top', after: `#${i + 1}` }));
    }
    for (const [i, name] of before.entries()) {
      if (!after.includes(name)) out.push(changeOf({ competitor: hostOf(name), weight: key === 'brands' ? 78 : 68, text: `left the top ${TOP} ${noun} (was #${i + 1})`, before: `#${i + 1}`, after: 'not in the top' }));
    }
  }
  return out;
}
