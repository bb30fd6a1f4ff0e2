/**
 * Tech and trust's charts and table (issue 29), from the tech-trust reader's facts only: the
 * security-header score per site and the trust signals found per site, a bar each (two charts, the
 * most a message holds); a score not measured (headers shielded, not reported) is a gap, never a
 * zero. The figures are the sites' lines below the charts.
 */
import type { TechTrustRow } from '../../../service/index.js';
import { CHART_LIMITS, shortLabel, type ChartFacts } from '../../../slack/charts/index.js';
import { techRowName } from '../../competitor-match/tech-words.js';

export const TECH_SECURITY_CHART = 'tech-security-scores';
export const TECH_TRUST_CHART = 'tech-trust-signals';

/** The sites as chart labels: the own site marked "(you)", each unique within 20 characters. */
function siteLabels(rows: readonly TechTrustRow[]): string[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const mark = row.isOwn ? ' (you)' : '';
    let label = `${shortLabel(techRowName(row), CHART_LIMITS.label - mark.length)}${mark}`;
    while (seen.has(label)) label = `${shortLabel(label, CHART_LIMITS.label - 1)}′`;
    seen.add(label);
    return label;
  });
}

const numberOf = (part: TechTrustRow['securityScore']) => (part.kind === 'value' && typeof part.value === 'number' ? part.value : null);

/** The two charts (security score, trust signals found), each null when no site has that figure or fewer than two sites are shown. */
export function techCharts(rows: readonly (TechTrustRow | null)[]): { security: ChartFacts | null; trust: ChartFacts | null } {
  const present = rows.filter((r): r is TechTrustRow => r !== null).slice(0, CHART_LIMITS.categories);
  if (present.length < 2) return { security: null, trust: null };
  const labels = siteLabels(present);
  const chart = (title: string, name: string, value: (row: TechTrustRow) => number | null, unit?: string): ChartFacts | null => {
    const points = present.map((row, i) => ({ label: labels[i] ?? '', value: value(row) }));
    if (points.every((p) => p.value === null)) return null;
    return { title, kind: 'bar', ...(unit ? { unit } : {}), series: [{ name, points }] };
  };
  const of = new Set(present.map((r) => r.trustSignalsOf));
  const scale = of.size === 1 ? ` (of ${[...of][0]})` : '';
  return {
    security: chart('Security header score by site', 'Security score', (r) => numberOf(r.securityScore)),
    trust: chart(`Trust signals found by site${scale}`, 'Trust signals found', (r) => numberOf(r.trustSignalsFound), scale ? `/${[...of][0]}` : undefined),
  };
}
