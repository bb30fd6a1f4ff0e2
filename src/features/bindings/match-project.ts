/**
 * Finds the project a person means by an id, a name or a domain. Exact matches win (id, then
 * name, then domain, case-insensitively); otherwise a name or domain containing the words.
 */
export interface ProjectLike {
  id: string;
  name: string;
  domain: string;
}

export type ProjectMatch<P extends ProjectLike> = { kind: 'one'; project: P } | { kind: 'many'; candidates: P[] } | { kind: 'none' };

/** Lower-cases and strips scheme, `www.`, path and port, as the service normalises domains. */
export function normaliseDomain(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/^<|>$/g, '')
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
}

export function matchProject<P extends ProjectLike>(projects: readonly P[], query: string): ProjectMatch<P> {
  const q = query.trim().toLowerCase();
  if (!q) return { kind: 'none' };
  // Slack turns typed links into <http://x.com|x.com>; read the label.
  const text = q.replace(/^<[^|>]*\|([^>]*)>$/, '$1');
  const domain = normaliseDomain(text).replace(/^www\./, '');

  const exact = projects.filter((p) => p.id.toLowerCase() === text);
  if (exact.length === 1) return { kind: 'one', project: exact[0] as P };
  const byName = projects.filter((p) => p.name.toLowerCase() === text);
  if (byName.length === 1) return { kind: 'one', project: byName[0] as P };
  const byDomain = projects.filter((p) => normaliseDomain(p.domain).replace(/^www\./, '') === domain);
  if (byDomain.length === 1) return { kind: 'one', project: byDomain[0] as P };
  const exactMany = [...new Set([...byName, ...byDomain])];
  if (exactMany.length > 1) return { kind: 'many', candidates: exactMany };

  const partial = projects.filter((p) => p.name.toLowerCase().includes(text) || p.domain.toLowerCase().includes(domain));
  if (partial.length === 1) return { kind: 'one', project: partial[0] as P };
  if (partial.length > 1) return { kind: 'many', candidates: partial };
  return { kind: 'none' };
}
