/**
 * AI sources checks (spec 2.5 "Compact and full views", 4.4). The spec shows no payload beyond the
 * compact lists `summary.pages` and `summary.brands`, their `...Page` objects and a core host's
 * `pageUrls`; everything else here is the sandbox's pick (docs/assumptions.md, "AI sources").
 *
 * Every list is longer than one compact page (10 rows) on the projects with data, every tracked
 * competitor's site is a core host with its cited `pageUrls`, third-party pages are single rows
 * with a `url`, and one tracked brand is never named (`answersNaming: 0`, `rankByPresence: null`).
 */
import type { AiSourcesCheckSeed, CompetitorSeed, Json } from './types.js';
import { daysAgo, hexId } from './ids.js';

/** Third-party hosts AI answers cite, each with a few pages (slugs) of its own. */
const THIRD_PARTY: [string, string[]][] = [
  ['g2.com', ['categories/{key}', 'compare/{key}-tools']],
  ['capterra.com', ['{key}-software', 'reviews/{key}']],
  ['reddit.com', ['r/saas/comments/best_{key}_tool', 'r/startups/comments/{key}_recommendations']],
  ['techradar.com', ['best/{key}-software']],
  ['forbes.com', ['advisor/business/software/best-{key}']],
  ['zapier.com', ['blog/best-{key}-apps']],
  ['producthunt.com', ['topics/{key}']],
  ['medium.com', ['@reviews/top-{key}-tools-2026']],
];

/** Brands answers name besides the tracked ones (never tracked, so never pinned to a page). */
const OTHER_BRANDS: { name: string; domain: string }[] = [
  { name: 'Zenlead', domain: 'zenlead.com' },
  { name: 'FunnelBee', domain: 'funnelbee.io' },
  { name: 'Crmly', domain: 'crmly.com' },
  { name: 'OpenDeal', domain: 'opendeal.app' },
  { name: 'LeadHaven', domain: 'leadhaven.com' },
  { name: 'TallyForce', domain: 'tallyforce.com' },
  { name: 'Brightdesk', domain: 'brightdesk.com' },
  { name: 'Quotaly', domain: 'quotaly.io' },
];

const CORE_PATHS = ['', 'pricing', 'blog/buyers-guide', 'compare', 'customers', 'integrations'];

interface SourcesInput {
  projectKey: string;
  competitors: CompetitorSeed[];
  /** How many checks to seed, newest first. */
  checks: number;
  /** Tracked domains no answer names. */
  unnamed: string[];
}

function corePages(c: CompetitorSeed, index: number, shift: number): Json {
  const n = Math.max(1, 5 - (index % 4) - (shift % 2));
  const pageUrls = CORE_PATHS.slice(0, n).map((p) => `https://${c.domain}/${p}`);
  return { host: c.domain, coreHost: true, isOwn: c.isOwn, pageUrls, citations: 4 * n + shift };
}

function thirdPartyPages(projectKey: string, shift: number): Json[] {
  return THIRD_PARTY.flatMap(([host, slugs], h) =>
    slugs.map((slug, s) => ({ url: `https://${host}/${slug.replaceAll('{key}', projectKey)}`, host, coreHost: false, citations: Math.max(1, 12 - h - s * 2 - shift) })),
  );
}

function brandsOf(input: SourcesInput, shift: number): Json[] {
  const tracked = input.competitors.map((c) => ({ name: c.name, domain: c.domain, isOwn: c.isOwn, tracked: true }));
  const others = OTHER_BRANDS.slice(0, Math.max(3, 14 - tracked.length)).map((b) => ({ ...b, isOwn: false, tracked: false }));
  const rows = [...tracked, ...others].map((b, i) => {
    const answersNaming = input.unnamed.includes(b.domain) ? 0 : Math.max(1, 18 - ((i * 5 + shift * 3) % 17));
    return { domain: b.domain, name: b.name, isOwn: b.isOwn, tracked: b.tracked, answersNaming, citations: answersNaming === 0 ? 0 : answersNaming + 2, rankByPresence: null as number | null };
  });
  const named = rows.filter((r) => r.answersNaming > 0).sort((a, b) => b.answersNaming - a.answersNaming || a.domain.localeCompare(b.domain));
  named.forEach((r, i) => (r.rankByPresence = i + 1));
  return [...named, ...rows.filter((r) => r.answersNaming === 0)];
}

export function aiSourcesChecks(input: SourcesInput): AiSourcesCheckSeed[] {
  return Array.from({ length: input.checks }, (_, i) => {
    const pages = [...input.competitors.map((c, k) => corePages(c, k, i)), ...thirdPartyPages(input.projectKey, i)].sort(
      (a, b) => Number(b.citations) - Number(a.citations),
    );
    const brands = brandsOf(input, i);
    const totalCitations = pages.reduce((sum, p) => sum + Number(p.citations), 0);
    return {
      checkId: hexId('chk', `${input.projectKey}:ai-sources:${i}`),
      checkedAt: daysAgo(i * 7 + 1, 5),
      summary: { pages, brands, totalCitations, answersAnalysed: 60 - i * 5 },
    };
  });
}
