/**
 * Tech-and-trust dashboards (spec 2.5). Northwind's rows cover every null-contract case: a shielded
 * competitor (null security grade, real trust counts), robots.txt `exists: false` (a finding), an
 * unreadable robots.txt (AI-access verdict keys omitted), a row without `aiAccess`, and 0 trust signals.
 * Its history holds a run without a summary (404 `run_not_summarized`) and, oldest, a run whose gap
 * figures are null because no competitor was measured (no comparison, not a tie).
 */
import type { CompetitorSeed, DimensionSeed, Json } from './types.js';
import { daysAgo, hexId } from './ids.js';

/** Each crawler's facts, stated once; compact rows name crawlers by id (spec 2.5 `crawlerCatalog`). */
export const CRAWLER_CATALOG: Json[] = [
  { id: 'gptbot', userAgent: 'GPTBot', operator: 'OpenAI', purpose: 'model_training' },
  { id: 'oai-searchbot', userAgent: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'assistant_search' },
  { id: 'claudebot', userAgent: 'ClaudeBot', operator: 'Anthropic', purpose: 'model_training' },
  { id: 'perplexitybot', userAgent: 'PerplexityBot', operator: 'Perplexity', purpose: 'assistant_search' },
  { id: 'google-extended', userAgent: 'Google-Extended', operator: 'Google', purpose: 'model_training' },
];

type Robots = 'allows_all' | 'blocks_training' | 'no_robots' | 'unreadable';

interface RowFacts {
  grade: string | null;
  score: number | null;
  shielded?: boolean;
  trustSignals: number;
  stack: string[];
  robots: Robots;
  /** Leave `aiAccess` out entirely (the check carried no AI-access information). */
  noAiAccess?: boolean;
  dnsProvider: string;
}

const ALLOW_ALL = CRAWLER_CATALOG.map((c) => ({ crawler: c.id, allowed: true }));
const BLOCK_TRAINING = CRAWLER_CATALOG.map((c) => ({ crawler: c.id, allowed: c.purpose !== 'model_training' }));

function robotsTxt(robots: Robots): Json {
  switch (robots) {
    case 'no_robots':
      return { robotsTxt: { exists: false } };
    case 'unreadable':
      return { robotsTxt: null, robotsTxtAvailable: { available: false, reason: 'robots_txt_unreachable' } };
    default:
      return { robotsTxt: { exists: true, sitemapsListed: 2, disallowRules: robots === 'blocks_training' ? 3 : 0 } };
  }
}

function aiAccess(robots: Robots): Json {
  switch (robots) {
    case 'unreadable':
      return { measurement: { status: 'could_not_measure' } };
    case 'no_robots':
      return { measurement: { status: 'measured_no_policy_found' }, assistantAccess: 'allowed', modelTrainingAccess: 'allowed', crawlers: ALLOW_ALL };
    case 'blocks_training':
      return { measurement: { status: 'measured' }, assistantAccess: 'allowed', modelTrainingAccess: 'blocked', crawlers: BLOCK_TRAINING };
    case 'allows_all':
      return { measurement: { status: 'measured' }, assistantAccess: 'allowed', modelTrainingAccess: 'allowed', crawlers: ALLOW_ALL };
  }
}

function row(c: CompetitorSeed, f: RowFacts): Json {
  const securityHeaders: Json = { grade: f.grade, score: f.score };
  if (f.shielded) securityHeaders.headersAvailable = { available: false, reason: 'site_uses_behavioral_protection' };
  const out: Json = {
    competitorId: c.id,
    domain: c.domain,
    isOwn: c.isOwn,
    securityHeaders,
    trustSignals: { count: f.trustSignals, evaluated: 26 },
    techStack: f.stack,
    ...robotsTxt(f.robots),
    dns: { provider: f.dnsProvider, dnssec: f.dnsProvider === 'Cloudflare', mxProvider: 'Google Workspace' },
  };
  if (!f.noAiAccess) out.aiAccess = aiAccess(f.robots);
  return out;
}

const READING_GUIDE = {
  'competitors[].securityHeaders.grade': 'null when the site shields its response headers; trust and tech counts stay real',
  'competitors[].trustSignals.count': 'signals found out of a fixed set of 26; 0 means none was found',
  'competitors[].robotsTxt.exists': 'false is a finding: the site publishes no robots.txt',
  'competitors[].aiAccess': 'absent when the check carried no AI-access information',
  crawlerCatalog: 'each crawler stated once; rows name crawlers by id',
};

function techTrustDimension(projectKey: string, competitors: CompetitorSeed[], facts: Record<string, RowFacts>, history: (Json | null)[]): DimensionSeed {
  const rows = competitors.flatMap((c) => {
    const f = facts[c.id];
    return f ? [row(c, f)] : [];
  });
  return {
    latest: { readingGuide: READING_GUIDE, competitors: rows, crawlerCatalog: CRAWLER_CATALOG },
    runs: history.map((summary, i) => ({
      runId: hexId('run', `${projectKey}:tech-trust:${i}`),
      startedAt: daysAgo(i * 7 + 2, 1),
      completedAt: daysAgo(i * 7 + 2),
      summary,
    })),
  };
}

export function northwindTechTrust(competitors: CompetitorSeed[]): DimensionSeed {
  return techTrustDimension(
    'northwind',
    competitors,
    {
      cmp_nw_own: { grade: 'B', score: 72, trustSignals: 14, stack: ['Next.js', 'Vercel', 'Segment', 'Intercom'], robots: 'blocks_training', dnsProvider: 'Cloudflare' },
      cmp_nw_pipedrift: { grade: 'A', score: 91, trustSignals: 19, stack: ['React', 'AWS CloudFront', 'HubSpot'], robots: 'allows_all', dnsProvider: 'AWS Route 53' },
      cmp_nw_hubforge: { grade: null, score: null, shielded: true, trustSignals: 17, stack: ['Gatsby', 'Akamai', 'Marketo'], robots: 'allows_all', dnsProvider: 'Akamai' },
      cmp_nw_closewise: { grade: 'C', score: 55, trustSignals: 8, stack: ['WordPress', 'WP Engine'], robots: 'no_robots', dnsProvider: 'Cloudflare' },
      cmp_nw_salesloom: { grade: 'B', score: 68, trustSignals: 11, stack: ['Webflow', 'Fastly'], robots: 'unreadable', dnsProvider: 'NS1' },
      cmp_nw_dealstream: { grade: 'D', score: 38, trustSignals: 0, stack: ['Wix'], robots: 'allows_all', noAiAccess: true, dnsProvider: 'Wix DNS' },
      cmp_nw_relatekit: { grade: 'A', score: 88, trustSignals: 12, stack: ['Nuxt', 'Netlify'], robots: 'blocks_training', dnsProvider: 'Netlify DNS' },
    },
    [
      { securityScoreGap: -4.7, trustSignalGap: 1.2, competitorsMeasured: 5 },
      { securityScoreGap: -6.1, trustSignalGap: 0.4, competitorsMeasured: 5 },
      // A run that finished without a summary: its detail answers 404 run_not_summarized.
      null,
      { securityScoreGap: null, trustSignalGap: null, competitorsMeasured: 0 },
    ],
  );
}

export function simpleTechTrust(projectKey: string, competitors: CompetitorSeed[]): DimensionSeed {
  const facts: Record<string, RowFacts> = {};
  competitors.forEach((c, i) => {
    facts[c.id] = { grade: ['B', 'A', 'C', 'B'][i % 4] ?? 'B', score: 60 + i * 7, trustSignals: 6 + i * 3, stack: ['React', 'Cloudflare'], robots: 'allows_all', dnsProvider: 'Cloudflare' };
  });
  return techTrustDimension(projectKey, competitors, facts, [{ securityScoreGap: 3.5, trustSignalGap: -2, competitorsMeasured: competitors.length - 1 }]);
}
