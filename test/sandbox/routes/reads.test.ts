import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import { SEED } from '../../../src/sandbox/seed.js';
import { errorCode, sandboxClient } from '../client.js';

type Row = Record<string, unknown>;
let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
const nw = SEED.projects.northwind.id;

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  api = sandboxClient(sandbox, sandbox.keys.readOnly);
});
afterAll(() => sandbox.close());

const rowOf = (rows: Row[], id: string): Row => {
  const row = rows.find((r) => r.competitorId === id);
  if (!row) throw new Error(`no row ${id}`);
  return row;
};

describe('projects and competitors', () => {
  it('lists only the asking organisation’s projects with the list fields', async () => {
    const acme = await api.get<{ items: Row[] }>('/v1/projects');
    expect(acme.body.items.map((p) => p.id)).toEqual(['prj_northwind', 'prj_lumen', 'prj_quarry', 'prj_sprout']);
    expect(acme.body.items[0]).toMatchObject({ organizationId: 'org_acme', name: 'Northwind CRM', domain: 'northwindcrm.com', competitorCount: 6 });
    const other = await api.get<{ items: Row[] }>('/v1/projects', sandbox.keys.otherOrg);
    expect(other.body.items.map((p) => p.id)).toEqual(['prj_other']);
  });

  it('answers 404 project_not_found for another organisation’s project on every read', async () => {
    for (const path of ['', '/competitors', '/pricing', '/strategic-briefing', '/ai-visibility', '/content/changelog']) {
      const res = await api.get(`/v1/projects/${SEED.projects.other.id}${path}`);
      expect([res.status, errorCode(res)]).toEqual([404, 'project_not_found']);
    }
  });

  it('serves project detail with freshness and prompts; sprout has never been measured', async () => {
    const detail = await api.get<{ item: Row }>(`/v1/projects/${nw}`);
    expect(detail.body.item.aiMonitoringPrompts).toHaveLength(4);
    expect(detail.body.item.monitoringFreshness).toMatchObject({ pricing: expect.any(String) });
    const sprout = await api.get<{ item: Row }>(`/v1/projects/${SEED.projects.sprout.id}`);
    expect(sprout.body.item.lastMonitoredAt).toBeNull();
  });

  it('lists the own domain with isOwn and the competitors; detail carries page URLs', async () => {
    const list = await api.get<{ items: Row[] }>(`/v1/projects/${nw}/competitors`);
    expect(list.body.items).toHaveLength(7);
    expect(list.body.items.filter((c) => c.isOwn).map((c) => c.domain)).toEqual(['northwindcrm.com']);
    const one = await api.get<{ item: Row }>(`/v1/projects/${nw}/competitors/cmp_nw_hubforge`);
    expect(one.body.item.pages).toEqual({ homepage: 'https://hubforge.io/', pricing: 'https://hubforge.io/plans' });
    const missing = await api.get(`/v1/projects/${nw}/competitors/cmp_nope`);
    expect(missing.status).toBe(404);
  });
});

describe('pricing null contract', () => {
  it('keeps rows without pricing data with their reasons and mixes hasFreePlan true/false/null', async () => {
    const res = await api.get<{ item: { summary: Row; competitors: Row[] } }>(`/v1/projects/${nw}/pricing`);
    const rows = res.body.item.competitors;
    expect(rows).toHaveLength(7);
    expect(rowOf(rows, SEED.roles.noPricingPage).pricingDataAvailable).toEqual({ available: false, reason: 'no_pricing_page_found' });
    expect(rowOf(rows, SEED.roles.pricingNotResponding).pricingDataAvailable).toEqual({ available: false, reason: 'pricing_page_not_responding' });
    expect(rowOf(rows, SEED.roles.noPricingPage).lowestPrice).toBeNull();
    expect(rows.map((r) => r.hasFreePlan)).toEqual(expect.arrayContaining([true, false, null]));
    expect(rowOf(rows, 'cmp_nw_pipedrift')).not.toHaveProperty('pricingDataAvailable');
    expect(res.body.item.summary).toMatchObject({ marketAvgPrice: 39.25, marketPricingUnit: 'per_seat_month', gaps: { hasPriceGap: false, hasFreePlanGap: true, hasAnnualDiscountGap: false } });
  });

  it('nulls every own metric and the three gap flags when the own side is unmeasured (Lumen)', async () => {
    const res = await api.get<{ item: { summary: Row & { customer: Row } } }>(`/v1/projects/${SEED.projects.lumen.id}/pricing`);
    const summary = res.body.item.summary;
    expect(Object.values(summary.customer).every((v) => v === null)).toBe(true);
    expect(summary.pricingAnalysisAvailable).toEqual({ available: false, reason: 'own_pricing_page_not_found' });
    expect(summary.gaps).toEqual({ hasPriceGap: null, hasFreePlanGap: null, hasAnnualDiscountGap: null });
  });

  it('nulls the market figures and hasPriceGap below three comparable prices (Quarry)', async () => {
    const res = await api.get<{ item: { summary: Row } }>(`/v1/projects/${SEED.projects.quarry.id}/pricing`);
    expect(res.body.item.summary).toMatchObject({ marketAvgPrice: null, pricePositionPercent: null, gaps: { hasPriceGap: null, hasFreePlanGap: false, hasAnnualDiscountGap: true } });
  });

  it('answers no_data_available for a project never measured', async () => {
    for (const d of ['pricing', 'tech-trust', 'content', 'positioning']) {
      const res = await api.get(`/v1/projects/${SEED.projects.sprout.id}/${d}`);
      expect([res.status, errorCode(res)]).toEqual([404, 'no_data_available']);
    }
  });
});

describe('tech-trust null contract and views', () => {
  it('separates null, false, 0 and omitted keys', async () => {
    const res = await api.get<{ item: { competitors: Row[]; crawlerCatalog: Row[] } }>(`/v1/projects/${nw}/tech-trust`);
    const rows = res.body.item.competitors;
    const shielded = rowOf(rows, SEED.roles.shieldedHeaders);
    expect(shielded.securityHeaders).toMatchObject({ grade: null, score: null, headersAvailable: { available: false } });
    expect(shielded.trustSignals).toMatchObject({ count: 17 });
    expect(rowOf(rows, SEED.roles.robotsMissing).robotsTxt).toEqual({ exists: false });
    const unreadable = rowOf(rows, SEED.roles.robotsUnreadable).aiAccess as Row;
    expect(unreadable).toEqual({ measurement: { status: 'could_not_measure' } });
    expect(unreadable).not.toHaveProperty('assistantAccess');
    expect(rowOf(rows, SEED.roles.noAiAccess)).not.toHaveProperty('aiAccess');
    expect(rowOf(rows, SEED.roles.noAiAccess).trustSignals).toMatchObject({ count: 0 });
    expect(res.body.item.crawlerCatalog.length).toBeGreaterThan(0);
  });

  it('states crawler facts per row in the full view, without a catalog', async () => {
    const res = await api.get<{ item: { competitors: Row[] } & Row }>(`/v1/projects/${nw}/tech-trust?view=full`);
    expect(res.body.item).not.toHaveProperty('crawlerCatalog');
    const crawlers = (rowOf(res.body.item.competitors, 'cmp_nw_own').aiAccess as { crawlers: Row[] }).crawlers;
    expect(crawlers[0]).toMatchObject({ userAgent: 'GPTBot', operator: 'OpenAI', allowed: false });
    expect((await api.get(`/v1/projects/${nw}/tech-trust?view=wide`)).status).toBe(400);
  });

  it('reports a null history gap where no comparison ran', async () => {
    const res = await api.get<{ items: { summary: Row }[] }>(`/v1/projects/${nw}/tech-trust/history`);
    expect(res.body.items.at(-1)?.summary).toMatchObject({ securityScoreGap: null, competitorsMeasured: 0 });
  });
});

describe('content and positioning', () => {
  it('distinguishes an empty gap list from a null one', async () => {
    const res = await api.get<{ item: { gaps: Row } }>(`/v1/projects/${nw}/content`);
    expect(res.body.item.gaps.missingIntegrationPages).toEqual([]);
    expect(res.body.item.gaps.missingProgrammaticPages).toBeNull();
  });

  it('distinguishes an empty messaging string from a never-read null', async () => {
    const res = await api.get<{ item: { competitors: Row[] } }>(`/v1/projects/${nw}/positioning`);
    expect(rowOf(res.body.item.competitors, 'cmp_nw_hubforge').subheadline).toBe('');
    expect(rowOf(res.body.item.competitors, SEED.roles.positioningNeverRead).headline).toBeNull();
  });

  it('pages history and refuses out-of-range paging', async () => {
    const page = await api.get<{ items: Row[]; pagination: Row }>(`/v1/projects/${nw}/pricing/history?page=2&limit=3`);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.pagination).toEqual({ page: 2, limit: 3, total: 4, totalPages: 2, hasMore: false });
    for (const q of ['limit=0', 'limit=101', 'page=0', 'page=x']) {
      const res = await api.get(`/v1/projects/${nw}/pricing/history?${q}`);
      expect([res.status, errorCode(res)]).toEqual([400, 'invalid_parameters']);
    }
  });

  it('answers run detail, run_not_found and run_not_summarized', async () => {
    const [newest] = SEED.projects.northwind.runIds.pricing ?? [];
    const ok = await api.get<{ item: Row }>(`/v1/projects/${nw}/pricing/history/${newest}`);
    expect(ok.body.item.summary).toMatchObject({ marketAvgPrice: 39.25 });
    const unsummarized = await api.get(`/v1/projects/${nw}/pricing/history/${SEED.unsummarizedPricingRunId}`);
    expect([unsummarized.status, errorCode(unsummarized)]).toEqual([404, 'run_not_summarized']);
    const foreign = await api.get(`/v1/projects/${nw}/pricing/history/${SEED.projects.lumen.runIds.pricing?.[0]}`);
    expect([foreign.status, errorCode(foreign)]).toEqual([404, 'run_not_found']);
  });
});

describe('content changelog', () => {
  const path = `/v1/projects/${nw}/content/changelog`;
  type Item = { competitorId: string; categories: Record<string, { count: number; urls: string[] }> };

  it('returns counts with up to three sample URLs and never truncates in default mode', async () => {
    const res = await api.get<{ items: Item[]; truncated: boolean }>(path);
    const hub = res.body.items[0];
    expect(hub?.categories.programmatic).toMatchObject({ count: 60 });
    expect(hub?.categories.programmatic?.urls).toHaveLength(3);
    expect(res.body.truncated).toBe(false);
  });

  it('flags truncated when the verbose byte cap trims URLs', async () => {
    const res = await api.get<{ items: Item[]; truncated: boolean }>(`${path}?allUrlsPerCategory=true`);
    expect(res.body.truncated).toBe(true);
    const urls = res.body.items[0]?.categories.programmatic?.urls ?? [];
    expect(urls.length).toBeGreaterThan(3);
    expect(urls.length).toBeLessThan(60);
    const small = await api.get<{ truncated: boolean }>(`${path}?allUrlsPerCategory=true&competitorId=cmp_nw_closewise`);
    expect(small.body.truncated).toBe(false);
  });

  it('filters by category and refuses an unknown one', async () => {
    const res = await api.get<{ items: Item[] }>(`${path}?category=blog`);
    expect(res.body.items.map((i) => Object.keys(i.categories))).toEqual([['blog'], ['blog']]);
    expect((await api.get(`${path}?category=podcasts`)).status).toBe(400);
  });
});

describe('other reads', () => {
  it('serves ai-sources, alerts and schedules', async () => {
    const sources = await api.get<{ item: { summary: Row } }>(`/v1/projects/${nw}/ai-sources`);
    expect(sources.body.item.summary).toHaveProperty('pagesPage');
    expect((await api.get<{ items: Row[] }>(`/v1/projects/${nw}/alerts`)).body.items.length).toBeGreaterThan(0);
    expect((await api.get<{ items: Row[] }>(`/v1/projects/${nw}/schedules`)).body.items.length).toBeGreaterThan(0);
    expect(errorCode(await api.get(`/v1/projects/${SEED.projects.sprout.id}/ai-sources`))).toBe('no_data_available');
  });
});
