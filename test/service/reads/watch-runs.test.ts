/**
 * The service client's watch reads (issue 27): `watchHistoryFacts` (a watched area's history as the runs
 * it lists) and `watchRunFacts` (one run as a watch compares it: its area's facts, its summary's, the
 * generic leaves), over real HTTP against the sandbox in both house styles. Each area's run gives its
 * reader's facts, and the two styles, which dress the same data differently, give the same facts.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_STYLES } from '../../../src/sandbox/index.js';
import { SEED } from '../../../src/sandbox/seed.js';
import { labelOf } from '../../../src/service/index.js';
import type { WatchArea, WatchRunFacts } from '../../../src/service/read/runs.js';
import type { Part } from '../../../src/service/tolerant.js';
import { clientsByStyle } from './support.js';

const P = SEED.projects.northwind.id;
const PAGE = { page: 1, limit: 20 } as const;
const AREAS: WatchArea[] = ['pricing', 'tech-trust', 'content', 'positioning', 'ai-visibility', 'ai-sources'];

const clients = clientsByStyle();

const rowsOf = <T>(part: Part<(T | null)[]> | undefined): T[] => (part?.kind === 'value' ? part.value.filter((r): r is T => r !== null) : []);

/** What a watch compares in a run, as plain data both styles must agree on: who the rows are and the figures told. */
function stated(run: WatchRunFacts): unknown {
  switch (run.dimension) {
    case 'pricing':
      return { rows: rowsOf(run.pricing?.competitors).map((r) => [r.name, r.isOwn, r.lowestPrice]).sort(), avg: run.pricing?.marketAvgPrice, own: run.pricing?.customer.lowestPrice };
    case 'tech-trust':
      return { rows: rowsOf(run.tech?.rows).map((r) => [labelOf(r.identity), r.securityScore, r.trustSignalsFound]).sort(), measured: run.techSummary?.competitorsMeasured, gap: run.techSummary?.securityScoreGap };
    case 'content':
      return { rows: rowsOf(run.content?.rows).map((r) => [labelOf(r.identity), r.urlCount]).sort(), added: run.contentSummary?.urlsAdded };
    case 'positioning':
      // The seeded runs carry only a summary: no rows for the named rules, its figures for the generic comparison.
      return { rows: rowsOf(run.positioning?.rows).map((r) => [labelOf(r.identity), r.headline]).sort(), leaves: run.leaves.map((l) => [l.who, l.label, l.value]) };
    case 'ai-visibility':
      return { customer: run.ai?.facts.customer.kind, brands: rowsOf(run.ai?.facts.brands).map((r) => [r.domain, r.presence.kind]).sort() };
    case 'ai-sources':
      return rowsOf(run.sources?.brands.rows).map((r) => r.domain ?? r.name).sort();
  }
}

/** How much the area's reading found (rows of competitors or brands, a summary its reader read; positioning: the summary's values): the seeded runs have some in each. */
function found(run: WatchRunFacts): number {
  switch (run.dimension) {
    case 'pricing':
      return run.pricing ? 1 + rowsOf(run.pricing.competitors).length : 0;
    case 'tech-trust':
      return (run.techSummary ? 1 : 0) + rowsOf(run.tech?.rows).length;
    case 'content':
      return (run.contentSummary ? 1 : 0) + rowsOf(run.content?.rows).length;
    case 'positioning':
      return run.leaves.length;
    case 'ai-visibility':
      return rowsOf(run.ai?.facts.brands).length;
    case 'ai-sources':
      return rowsOf(run.sources?.brands.rows).length;
  }
}

describe('watch reads (watchHistoryFacts, watchRunFacts)', () => {
  for (const area of AREAS) {
    it(`${area}: the history's runs newest first, and the newest run read as the area's facts, the same in both styles`, async () => {
      const seen: Record<string, unknown> = {};
      for (const style of SANDBOX_STYLES) {
        const c = clients[style];
        const history = await c.watchHistoryFacts(P, area, PAGE);
        expect(history.length).toBeGreaterThan(0);
        for (const row of history) expect(row.runId).toMatch(/\S/);
        // Only the AI checks' rows are read as run facts (the noise band's earlier check).
        expect(history.every((r) => (r.facts !== undefined) === (area === 'ai-visibility'))).toBe(true);
        const run = await c.watchRunFacts(P, area, history[0]!.runId);
        expect(run.dimension).toBe(area);
        expect(run.leaves.length).toBeGreaterThan(0);
        expect(run.leaves.every((l) => l.keys.length > 0 && !l.keys.some((k) => /^(id|runId|run_id)$/i.test(k)))).toBe(true);
        expect(found(run)).toBeGreaterThan(0);
        const facts = stated(run);
        seen[style] = facts;
      }
      expect(seen['alt']).toEqual(seen[SANDBOX_STYLES[0]!]);
    });
  }
});
