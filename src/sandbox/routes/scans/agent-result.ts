/** Agent-adoption scan results (spec 2.9): 25 checks in four categories, deterministic by domain. */
import { hashOf } from '../domain.js';

const CHECKS: Record<string, { id: string; description: string }[]> = {
  discoverability: [
    { id: 'robots-txt', description: 'robots.txt is served and parses' },
    { id: 'sitemap-xml', description: 'sitemap.xml is listed and reachable' },
    { id: 'link-headers', description: 'Link headers point agents to machine-readable resources' },
    { id: 'sitemap-freshness', description: 'Sitemap entries carry recent lastmod dates' },
    { id: 'canonical-links', description: 'Pages declare canonical URLs' },
  ],
  accessControl: [
    { id: 'ai-bot-rules', description: 'robots.txt states rules for AI crawlers' },
    { id: 'content-signals', description: 'Content-Signal directives declare allowed uses' },
    { id: 'web-bot-auth', description: 'Web Bot Auth signatures are accepted' },
    { id: 'robots-allow-all', description: 'Assistant crawlers are not blocked wholesale' },
    { id: 'crawl-delay', description: 'No crawl delay that starves agents' },
  ],
  contentReadability: [
    { id: 'llms-txt', description: 'llms.txt is published' },
    { id: 'markdown-negotiation', description: 'Accept: text/markdown returns markdown' },
    { id: 'rendering-strategy', description: 'Main content is in the server-rendered HTML' },
    { id: 'page-size', description: 'Homepage HTML is under 500 KB' },
    { id: 'redirects', description: 'At most one redirect to the final URL' },
    { id: 'agents-md', description: 'AGENTS.md is published' },
    { id: 'cache-headers', description: 'Responses carry cache validators' },
    { id: 'structured-data', description: 'Pages carry JSON-LD structured data' },
    { id: 'lang-attribute', description: 'The html element declares its language' },
  ],
  agentEndpoints: [
    { id: 'openapi-catalog', description: 'An OpenAPI catalog is discoverable' },
    { id: 'oauth-discovery', description: 'OAuth authorization server metadata is published' },
    { id: 'mcp-server-card', description: 'An MCP server card is published' },
    { id: 'a2a-agent-card', description: 'An A2A agent card is published' },
    { id: 'agent-skills', description: 'Agent skills are described' },
    { id: 'api-docs-link', description: 'The homepage links to API documentation' },
  ],
};

const CATEGORY_TEXT: Record<string, string> = {
  discoverability: 'Can agents find your content?',
  accessControl: 'Do your rules let agents in on purpose?',
  contentReadability: 'Can agents read what they find?',
  agentEndpoints: 'Can agents act on your service?',
};

const LEVEL_NAMES = ['Unprepared', 'Basic', 'Emerging', 'Capable', 'Agent-ready'];

type Outcome = 'pass' | 'fail' | 'neutral' | 'could_not_measure';

function outcome(domain: string, id: string): Outcome {
  const n = hashOf(`${domain}:${id}`) % 10;
  if (n < 5) return 'pass';
  if (n < 8) return 'fail';
  return n < 9 ? 'neutral' : 'could_not_measure';
}

export function agentAdoptionResult(domain: string, scannedAt: string, scanDurationMs: number, opts: { debugMode: boolean; includeFixPrompts: boolean }): Record<string, unknown> {
  let scoredWeight = 0;
  let passedWeight = 0;
  let skipped = 0;
  const categoryReports = Object.entries(CHECKS).map(([category, defs]) => {
    const counts = { passed: 0, failed: 0, neutral: 0, couldNotMeasure: 0 };
    const checks = defs.map((def, i) => {
      const o = outcome(domain, def.id);
      const weight = 1 + (i % 3);
      const scored = o === 'pass' || o === 'fail';
      if (scored) scoredWeight += weight;
      if (o === 'pass') passedWeight += weight;
      if (o === 'could_not_measure') skipped += 1;
      counts[o === 'pass' ? 'passed' : o === 'fail' ? 'failed' : o === 'neutral' ? 'neutral' : 'couldNotMeasure'] += 1;
      const check: Record<string, unknown> = {
        id: def.id,
        category,
        status: o === 'could_not_measure' ? 'neutral' : o,
        couldNotMeasure: o === 'could_not_measure',
        scored,
        weight,
        message: o === 'pass' ? `${def.description}.` : o === 'fail' ? `Not met: ${def.description.toLowerCase()}.` : 'Not applicable to this site.',
        description: def.description,
        durationMs: 120 + (hashOf(def.id) % 900),
        dependsOn: def.id === 'ai-bot-rules' ? ['robots-txt'] : [],
        specUrls: [`https://agent-adoption.example/spec/checks/${def.id}`],
      };
      if (opts.includeFixPrompts && o === 'fail' && scored) check.fixPrompt = `Make this true for https://${domain}/: ${def.description.toLowerCase()}.`;
      if (opts.debugMode) check.evidence = [{ request: { method: 'GET', url: `https://${domain}/` }, response: { status: o === 'could_not_measure' ? 403 : 200, durationMs: 180 } }];
      return check;
    });
    const score = Math.round((checks.filter((c) => c.status === 'pass').length / checks.length) * 100);
    return { category, description: CATEGORY_TEXT[category], score, ...counts, checks };
  });
  const score = scoredWeight === 0 ? 0 : Math.round((passedWeight / scoredWeight) * 100);
  const level = Math.max(1, Math.ceil(score / 20));
  const robotsFailed = outcome(domain, 'robots-txt') === 'fail';
  return {
    specVersion: '0.3',
    profile: 'website',
    scanner: { name: 'sandbox-agent-adoption', version: '1.4.0' },
    domain,
    finalUrl: `https://${domain}/`,
    scannedAt,
    score,
    level,
    levelName: LEVEL_NAMES[level - 1],
    categoryReports,
    clusters: [
      { name: 'no-robots-policy', kind: 'cap', triggered: robotsFailed, coefficient: null, appliesTo: ['discoverability', 'accessControl'], message: robotsFailed ? 'Without robots.txt the access-control score is capped.' : 'robots.txt present.' },
      { name: 'client-rendered', kind: 'coefficient', triggered: false, coefficient: 0.8, appliesTo: ['contentReadability'], message: 'Content is server-rendered.' },
    ],
    meta: {
      checksEvaluated: 25 - skipped,
      checksSkipped: skipped,
      scanDurationMs,
      counters: { fetches: { total: 31, success: 27 - skipped, wafBlocked: skipped, notFound: 4, failed: 0 }, heavyFetchCalls: { total: 2, success: 2, unavailable: 0 } },
    },
  };
}
