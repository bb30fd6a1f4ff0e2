/** AI sources checks: the spec shows no payloads, so these stay small and loose (alerts and schedules: alerts-schedules.ts). */
import type { AiSourcesCheckSeed, CompetitorSeed } from './types.js';
import { daysAgo, hexId } from './ids.js';

export function aiSources(projectKey: string, competitors: CompetitorSeed[]): AiSourcesCheckSeed[] {
  return [0, 1].map((i) => {
    const brands = competitors.map((c, k) => ({ domain: c.domain, name: c.name, isOwn: c.isOwn, citations: Math.max(0, 14 - k * 3 - i), rankByPresence: 14 - k * 3 - i > 0 ? k + 1 : null }));
    const pages = competitors.flatMap((c) => [
      { host: c.domain, coreHost: true, pageUrls: [`https://${c.domain}/`, `https://${c.domain}/blog/`], citations: 6 },
    ]);
    pages.push({ host: 'g2.com', coreHost: false, pageUrls: [`https://g2.com/categories/${projectKey}`], citations: 9 });
    return { checkId: hexId('chk', `${projectKey}:ai-sources:${i}`), checkedAt: daysAgo(i * 7 + 1, 5), summary: { pages, brands, totalCitations: 60 - i * 4 } };
  });
}
