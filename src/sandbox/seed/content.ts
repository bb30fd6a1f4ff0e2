/**
 * Content dashboards and the sitemap changelog (spec 2.5). Northwind's gap lists hold all three states:
 * a list with findings, an empty list (compared, none found) and null (no comparison ran).
 */
import type { ChangelogEntrySeed, CompetitorSeed, DimensionSeed, Json } from './types.js';
import { daysAgo, hexId } from './ids.js';

export const CONTENT_CATEGORIES = [
  'blog', 'docs', 'tools', 'landing', 'caseStudies', 'comparison', 'integrations', 'changelog', 'webinars', 'legal', 'programmatic', 'other',
] as const;

function counts(urlCount: number, mix: Partial<Record<(typeof CONTENT_CATEGORIES)[number], number>>): Json {
  const categories: Record<string, number> = {};
  for (const k of CONTENT_CATEGORIES) categories[k] = mix[k] ?? 0;
  return { urlCount, categories };
}

function contentDimension(projectKey: string, competitors: CompetitorSeed[], rowCounts: Json[], gaps: Json, history: (Json | null)[]): DimensionSeed {
  const rows = competitors.map((c, i) => ({ competitorId: c.id, domain: c.domain, isOwn: c.isOwn, ...(rowCounts[i] ?? counts(0, {})) }));
  return {
    latest: {
      competitors: rows,
      strategicUrls: rows
        .filter((r) => !r.isOwn)
        .slice(0, 3)
        .map((r) => ({ competitorId: r.competitorId, url: `https://${r.domain}/compare`, category: 'comparison', why: 'Head-to-head comparison page targeting your brand name' })),
      gaps,
    },
    runs: history.map((summary, i) => ({
      runId: hexId('run', `${projectKey}:content:${i}`),
      startedAt: daysAgo(i * 7 + 3, 2),
      completedAt: daysAgo(i * 7 + 3),
      summary,
    })),
  };
}

export function northwindContent(competitors: CompetitorSeed[]): DimensionSeed {
  return contentDimension(
    'northwind',
    competitors,
    [
      counts(412, { blog: 180, docs: 140, landing: 40, integrations: 30, legal: 6, changelog: 16 }),
      counts(1380, { blog: 420, docs: 300, comparison: 24, integrations: 210, programmatic: 380, caseStudies: 46 }),
      counts(2210, { blog: 900, docs: 520, tools: 35, webinars: 60, programmatic: 600, landing: 95 }),
      counts(290, { blog: 160, landing: 70, caseStudies: 22, legal: 8, other: 30 }),
      counts(640, { blog: 250, docs: 210, comparison: 12, integrations: 90, changelog: 78 }),
      counts(0, {}),
      counts(188, { blog: 90, docs: 60, landing: 20, legal: 5, other: 13 }),
    ],
    {
      missingCategories: ['comparison', 'caseStudies', 'webinars'],
      missingComparisonPages: ['northwind-vs-pipedrift', 'northwind-vs-hubforge'],
      missingIntegrationPages: [],
      missingProgrammaticPages: null,
    },
    [
      { urlsAddedByCompetitors: 146, gapCount: 5, competitorsCompared: 5 },
      { urlsAddedByCompetitors: 98, gapCount: 6, competitorsCompared: 5 },
      null,
      { urlsAddedByCompetitors: 0, gapCount: 0, competitorsCompared: 4 },
    ],
  );
}

export function simpleContent(projectKey: string, competitors: CompetitorSeed[]): DimensionSeed {
  return contentDimension(
    projectKey,
    competitors,
    competitors.map((_, i) => counts(120 + i * 40, { blog: 60 + i * 10, docs: 40 + i * 20, landing: 20 + i * 10 })),
    { missingCategories: [], missingComparisonPages: [], missingIntegrationPages: [], missingProgrammaticPages: [] },
    [{ urlsAddedByCompetitors: 12, gapCount: 0, competitorsCompared: competitors.length - 1 }],
  );
}

function urls(domain: string, path: string, slugs: string[]): string[] {
  return slugs.map((s) => `https://${domain}/${path}/${s}`);
}

/**
 * Northwind's changelog (13 entries: two pages at ten a page): one entry carries 60 programmatic pages
 * so the verbose byte cap trims it; comparison pages from pipedrift, salesloom and hubforge.
 */
export function northwindChangelog(): ChangelogEntrySeed[] {
  const cities = Array.from({ length: 60 }, (_, i) => `crm-for-agencies-in-city-${String(i + 1).padStart(2, '0')}`);
  const entries: [string, number, ChangelogEntrySeed['urls']][] = [
    ['cmp_nw_hubforge', 1, { programmatic: urls('hubforge.io', 'solutions', cities), blog: urls('hubforge.io', 'blog', ['ai-forecasting-launch', 'pipeline-hygiene-checklist']) }],
    ['cmp_nw_pipedrift', 2, { comparison: urls('pipedrift.com', 'compare', ['pipedrift-vs-northwind', 'pipedrift-vs-salesloom']), blog: urls('pipedrift.com', 'blog', ['q4-release-notes', 'deal-rooms', 'sales-email-templates', 'territory-planning']) }],
    ['cmp_nw_salesloom', 4, { changelog: urls('salesloom.com', 'changelog', ['2026-11-12', '2026-11-05']), integrations: urls('salesloom.com', 'integrations', ['zoom', 'gong', 'outreach']) }],
    ['cmp_nw_closewise', 6, { caseStudies: urls('closewise.com', 'customers', ['brightlane-logistics']), webinars: urls('closewise.com', 'webinars', ['revops-in-2027']) }],
    ['cmp_nw_relatekit', 9, { docs: urls('relatekit.com', 'docs', ['api/webhooks', 'api/contacts', 'api/rate-limits', 'sso/okta']), tools: urls('relatekit.com', 'tools', ['quota-calculator']) }],
  ];
  return [...entries, ...olderChanges()].map(([competitorId, days, u], i) => ({ id: hexId('chg', `northwind:${i}`), competitorId, detectedAt: daysAgo(days), urls: u }));
}

/**
 * Older changes (none in `blog`), so the changelog runs to a second page at ten a page and carries
 * comparison pages from three competitors, one of them aimed at Northwind by name.
 */
function olderChanges(): [string, number, ChangelogEntrySeed['urls']][] {
  const industries = ['saas', 'agencies', 'real-estate', 'insurance', 'logistics', 'healthcare', 'fintech', 'education'];
  return [
    ['cmp_nw_salesloom', 12, { comparison: urls('salesloom.com', 'compare', ['salesloom-vs-northwind', 'salesloom-vs-pipedrift', 'salesloom-vs-closewise', 'salesloom-alternatives']) }],
    ['cmp_nw_hubforge', 15, { comparison: urls('hubforge.io', 'compare', ['hubforge-vs-northwind']), landing: urls('hubforge.io', 'lp', ['crm-for-startups']) }],
    ['cmp_nw_pipedrift', 18, { caseStudies: urls('pipedrift.com', 'customers', ['acme-logistics', 'brightpath-saas']), integrations: urls('pipedrift.com', 'integrations', ['slack', 'hubspot-import']) }],
    ['cmp_nw_dealstream', 21, { landing: urls('dealstream.io', 'lp', ['pricing-2027']), legal: urls('dealstream.io', 'legal', ['dpa', 'subprocessors']) }],
    ['cmp_nw_closewise', 24, { webinars: urls('closewise.com', 'webinars', ['cold-calling-in-2027', 'inside-sales-metrics']) }],
    ['cmp_nw_relatekit', 27, { changelog: urls('relatekit.com', 'changelog', ['v3-2', 'v3-1']), docs: urls('relatekit.com', 'docs', ['sdk/python']) }],
    ['cmp_nw_salesloom', 30, { programmatic: urls('salesloom.com', 'playbooks', industries.map((i) => `sales-playbook-for-${i}`)), other: urls('salesloom.com', 'about', ['careers']) }],
    ['cmp_nw_hubforge', 33, { tools: urls('hubforge.io', 'tools', ['roi-calculator']), webinars: urls('hubforge.io', 'webinars', ['state-of-crm-2027']) }],
  ];
}
