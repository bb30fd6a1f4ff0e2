/**
 * The service client's fact-returning methods for the figure areas (issue 27: pricing, tech-trust,
 * positioning, content and changelog, AI visibility, AI sources, run histories and runs), over real
 * HTTP against the sandbox in both house styles: each returns its reader's facts (names, numbers,
 * states), and the two styles, which dress the same data differently where the spec is silent, give
 * the same facts.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_STYLES } from '../../../src/sandbox/index.js';
import { SEED } from '../../../src/sandbox/seed.js';
import { labelOf, type ServiceClient } from '../../../src/service/index.js';
import type { Part } from '../../../src/service/tolerant.js';
import { clientsByStyle } from './support.js';

const NW = SEED.projects.northwind;
const P = NW.id;

const clients = clientsByStyle();

const value = <T>(part: Part<T>): T => {
  if (part.kind !== 'value') throw new Error(`expected a value, got ${part.kind}`);
  return part.value;
};
const sorted = (list: (string | null)[]) => [...list].sort();
/** Each sandbox seeds its times from its own start, so two sandboxes' timestamps differ by milliseconds: compare days. */
const day = (at: string | null | undefined) => (typeof at === 'string' ? at.slice(0, 10) : at);

/** Per method, the facts a consumer states (names, numbers, states), as plain data both styles must agree on. */
const FACTS: Record<string, (c: ServiceClient) => Promise<unknown>> = {
  async pricingFacts(c) {
    const f = await c.pricingFacts(P);
    const rows = value(f.competitors).flatMap((r) => (r ? [[r.name, r.isOwn, r.lowestPrice]] : []));
    return { rows: rows.sort(), gaps: value(f.gaps).map((g) => [g.label, g.value]), avg: f.marketAvgPrice };
  },
  async techTrustFacts(c) {
    const f = await c.techTrustFacts(P, 'full');
    return value(f.rows).flatMap((r) => (r ? [[labelOf(r.identity), r.isOwn, r.trustSignalsFound, r.securityGrade]] : [])).sort();
  },
  async positioningFacts(c) {
    const f = await c.positioningFacts(P);
    return value(f.rows).flatMap((r) => (r ? [[labelOf(r.identity), r.headline]] : [])).sort();
  },
  async contentFacts(c) {
    const f = await c.contentFacts(P);
    return sorted(value(f.rows).map((r) => (r ? labelOf(r.identity) : null)));
  },
  async changelogFacts(c) {
    const f = await c.changelogFacts(P, { page: 1, limit: 5 });
    return { total: f.total, rows: f.rows.length, days: f.rows.map((r) => day(r?.date)), oldest: f.reachesOldest };
  },
  async aiVisibilityFacts(c) {
    const f = await c.aiVisibilityFacts(P);
    return { check: f.checkId, brands: sorted(value(f.brands).map((b) => (b ? b.domainShown : null))), standing: f.standing.kind, total: f.totalEntries };
  },
  async aiAnswersFacts(c) {
    const { facts, answers } = await c.aiAnswersFacts(P, { includeAnswers: true, includeSummary: true });
    return { check: facts.checkId, hasSummary: facts.hasSummary, answers: answers.answers.kind };
  },
  async aiCheckFacts(c) {
    const f = await c.aiCheckFacts(P, NW.checkIds[0] ?? '');
    return { check: f.checkId, brands: value(f.brands).length };
  },
  async aiTrendFacts(c) {
    const f = await c.aiTrendFacts(P);
    return { points: value(f.points).map((p) => [day(value(p.date)), p.brands.length, p.standing.kind]), abandoned: f.latestCheck.unavailable };
  },
  async aiHistoryFacts(c) {
    const f = await c.aiHistoryFacts(P, { page: 1, limit: 10 });
    return { total: f.pagination.total, checks: f.items.map((r) => (r ? r.checkId : null)) };
  },
  async sourcesFacts(c) {
    const f = await c.sourcesFacts(P, { view: 'full' });
    return { check: f.checkId, pages: value(f.pages.rows).map((p) => p?.label ?? null), brands: value(f.brands.rows).map((b) => b?.domain ?? null) };
  },
  async sourcesCheckFacts(c) {
    const f = await c.sourcesCheckFacts(P, NW.sourcesCheckIds[0] ?? '');
    return { check: f.checkId };
  },
  async sourcesHistoryFacts(c) {
    const f = await c.sourcesHistoryFacts(P, { page: 1, limit: 10 });
    return { total: f.pagination.total, checks: f.items.map((r) => r.checkId) };
  },
  async historyFacts(c) {
    const f = await c.historyFacts(P, 'pricing', { page: 1, limit: 10 });
    return { total: f.pagination.total, runs: f.items.map((r) => [r?.ref?.runId ?? null, r?.summary.kind ?? null]) };
  },
  async runFacts(c) {
    const runId = NW.runIds.pricing?.[0] ?? '';
    const f = await c.runFacts(P, 'pricing', runId);
    if (f.area.dimension !== 'pricing' || f.area.facts === null) throw new Error('no pricing facts');
    return { runId: f.detail.runId, summary: f.detail.summary.kind, own: f.area.facts.customer.lowestPrice, gaps: value(f.area.facts.gaps).map((g) => [g.label, g.value]), rows: f.area.facts.competitors.kind };
  },
  async techRunFacts(c) {
    const runId = NW.runIds['tech-trust']?.[0] ?? '';
    const f = await c.runFacts(P, 'tech-trust', runId, { view: 'full' });
    if (f.area.dimension !== 'tech-trust') throw new Error('not a tech run');
    const summary = f.detail.summary;
    return { runId: f.detail.runId, summary: summary.kind === 'area' ? summary.area : summary.kind, rows: f.area.facts.rows.kind };
  },
};

describe.each(SANDBOX_STYLES)('figure facts in the %s style', (style) => {
  it('pricing: every tracked row named, the own row among them, prices and gap flags read', async () => {
    const f = await clients[style].pricingFacts(P);
    const rows = value(f.competitors).filter((r) => r !== null);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.some((r) => r.isOwn)).toBe(true);
    expect(rows.every((r) => r.name !== null)).toBe(true);
    expect(rows.some((r) => r.lowestPrice.kind === 'value' && typeof r.lowestPrice.value === 'number')).toBe(true);
    expect(value(f.gaps).length).toBeGreaterThan(0);
  });

  it('tech-trust: every row has an identity and its trust signals', async () => {
    const rows = value((await clients[style].techTrustFacts(P, 'full')).rows).filter((r) => r !== null);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => labelOf(r.identity) !== null && r.trustSignalsFound.kind !== 'unreadable')).toBe(true);
  });

  it('AI visibility: the market map de-duplicated by domain, the history and trend read', async () => {
    const c = clients[style];
    const brands = value((await c.aiVisibilityFacts(P)).brands).flatMap((b) => (b ? [b.domainShown] : []));
    expect(brands.length).toBeGreaterThan(1);
    expect(new Set(brands).size).toBe(brands.length);
    const history = await c.aiHistoryFacts(P, { page: 1, limit: 10 });
    expect(history.items.length).toBeGreaterThan(0);
    expect(history.items.every((r) => r !== null && r.checkId.kind === 'value')).toBe(true);
    expect(value((await c.aiTrendFacts(P)).points).length).toBeGreaterThan(0);
  });

  it('runs: history rows name their run and summary; a past run is read by its area reader', async () => {
    const c = clients[style];
    const history = await c.historyFacts(P, 'pricing', { page: 1, limit: 10 });
    expect(history.items.map((r) => r?.ref?.runId)).toEqual(expect.arrayContaining([NW.runIds.pricing?.[0]]));
    const run = await c.runFacts(P, 'pricing', NW.runIds.pricing?.[0] ?? '');
    expect(run.detail.runId).toBe(NW.runIds.pricing?.[0]);
    expect(run.area.dimension).toBe('pricing');
    expect(run.area.facts).not.toBeNull();
  });

  it('content and sources: rows with identities, a changelog page with its counts, cited pages', async () => {
    const c = clients[style];
    const content = value((await c.contentFacts(P)).rows);
    expect(content.length).toBeGreaterThan(1);
    expect(content.every((r) => r !== null && labelOf(r.identity) !== null)).toBe(true);
    const log = await c.changelogFacts(P, { page: 1, limit: 5 });
    expect(log.total).toBeGreaterThan(0);
    expect(log.rows.length).toBe(Math.min(5, log.total));
    const sources = await c.sourcesFacts(P);
    expect(value(sources.pages.rows).length).toBeGreaterThan(0);
  });
});

describe('both house styles give the same facts', () => {
  it.each(Object.keys(FACTS))('%s', async (method) => {
    const read = FACTS[method]!;
    const [base, ...others] = await Promise.all(SANDBOX_STYLES.map((style) => read(clients[style])));
    for (const other of others) expect(other).toEqual(base);
  });
});
