/** Finding the competitor `/radar competitor <domain or name>` asks about, and "did you mean" when none matches. */
import { normalDomain, type CompetitorRef } from './competitor-ref.js';

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j] ?? 0;
      row[j] = Math.min(here + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length] ?? 0;
}

const loose = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The competitor whose domain, name, or domain without its suffix equals `query` (loosely); null when none does. */
export function findCompetitor(refs: readonly CompetitorRef[], query: string): CompetitorRef | null {
  const q = normalDomain(query);
  const byDomain = refs.find((r) => normalDomain(r.domain) === q);
  if (byDomain) return byDomain;
  const lq = loose(query);
  if (lq === '') return null;
  return refs.find((r) => (r.name !== null && loose(r.name) === lq) || loose(normalDomain(r.domain).replace(/\.[a-z]+$/, '')) === lq) ?? null;
}

/** Up to three competitors close to `query` (a substring either way, or a small edit distance), best first. */
export function closestCompetitors(refs: readonly CompetitorRef[], query: string): CompetitorRef[] {
  const lq = loose(query);
  const scored = refs.map((r) => {
    const keys = [loose(r.domain), loose(normalDomain(r.domain).replace(/\.[a-z]+$/, '')), ...(r.name ? [loose(r.name)] : [])];
    const score = Math.min(...keys.map((k) => (lq && (k.includes(lq) || lq.includes(k)) ? 0 : distance(k, lq))));
    return { r, score };
  });
  return scored
    .filter((s) => s.score <= Math.max(2, Math.floor(lq.length / 3)))
    .sort((a, b) => a.score - b.score)
    .slice(0, 3)
    .map((s) => s.r);
}
