/**
 * The sandbox's two house styles (SANDBOX_STYLE): `alt` answers every read with other choices where the spec
 * is silent, carrying the same facts, and keeps every key the spec names exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { sandboxClient, type Answer } from './client.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const P = '/v1/projects/prj_northwind';
const READS = [
  '/v1/projects',
  P,
  `${P}/competitors`,
  `${P}/competitors/cmp_nw_hubforge`,
  `${P}/pricing`,
  `${P}/pricing/history`,
  `${P}/tech-trust`,
  `${P}/tech-trust?view=full`,
  `${P}/tech-trust/history`,
  `${P}/content`,
  `${P}/content/changelog?limit=5`,
  `${P}/positioning`,
  `${P}/ai-visibility`,
  `${P}/ai-visibility?view=full`,
  `${P}/ai-visibility/history`,
  `${P}/ai-visibility/trend`,
  `${P}/ai-sources`,
  `${P}/ai-sources/history`,
  `${P}/strategic-briefing?sections=all`,
  `${P}/strategic-briefing/history`,
  `${P}/alerts`,
  `${P}/schedules`,
  '/v1/projects/prj_quarry/pricing',
  '/v1/projects/prj_lumen/strategic-briefing',
  '/v1/projects/prj_sprout/ai-visibility',
];

/** Every scalar the answer carries (timestamps folded, as the two sandboxes' clocks differ by milliseconds), counted. */
function leaves(value: Json, out = new Map<string, number>()): Map<string, number> {
  if (Array.isArray(value)) value.forEach((v) => leaves(v, out));
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((v) => leaves(v, out));
  else {
    const key = typeof value === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(value) ? '<time>' : JSON.stringify(value);
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

function keyPaths(value: Json, prefix = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keyPaths(v, `${prefix}[]`, out));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(`${prefix}.${k}`);
      keyPaths(v, `${prefix}.${k}`, out);
    }
  }
  return out;
}

const at = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((v, step) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[step] : undefined), value);

describe('sandbox house styles', () => {
  let plain: Sandbox;
  let alt: Sandbox;
  beforeAll(async () => {
    plain = await startSandbox({ speed: 1000 });
    alt = await startSandbox({ speed: 1000, style: 'alt' });
  });
  afterAll(async () => {
    await plain?.close();
    await alt?.close();
  });
  const both = async (path: string): Promise<[Answer<Json>, Answer<Json>]> =>
    Promise.all([sandboxClient(plain).get<Json>(path), sandboxClient(alt).get<Json>(path)]);

  it('says which style it answers in; default unless asked', () => {
    expect(plain.style).toBe('default');
    expect(alt.style).toBe('alt');
  });

  it.each(READS)('%s: the same status and every fact of the default answer, each at least as often', async (path) => {
    const [a, b] = await both(path);
    expect(b.status).toBe(a.status);
    const want = leaves(a.body);
    const got = leaves(b.body);
    for (const [fact, count] of want) expect(got.get(fact) ?? 0, `${fact} in ${path}`).toBeGreaterThanOrEqual(count);
    // Anything more is a repeated row's facts or the text the alt style adds (a finding, a section summary).
    for (const fact of got.keys()) {
      if (!want.has(fact)) expect(fact, `${fact} only in the alt answer to ${path}`).toMatch(/is rated \w+ in this edition|dimensions read|^"Section |^"From [\d.]+ [A-Z]{3} /);
    }
  });

  it('answers in another shape where the spec is silent: keys in snake_case, identities nested, lists under other keys', async () => {
    const [a, b] = await both(`${P}/pricing`);
    expect(keyPaths(b.body)).not.toEqual(keyPaths(a.body));
    expect(at(a.body, 'item', 'competitors', 1)).toMatchObject({ competitorId: 'cmp_nw_pipedrift', domain: 'pipedrift.com', isOwn: false, lowestPrice: 24 });
    expect(at(b.body, 'item', 'competitors')).toBeUndefined();
    const row = at(b.body, 'item', 'by_competitor', 1) as Record<string, unknown>;
    expect(row.competitor).toEqual({ id: 'cmp_nw_pipedrift', domain: 'pipedrift.com', is_own: false });
    expect(row).toMatchObject({ starting_price: 24, plan_count: 4, has_annual_discount: true, hasFreePlan: false, plan_summary: 'From 24 USD per seat month across 4 plans.' });
    expect(row).not.toHaveProperty('competitorId');
    expect(row).not.toHaveProperty('lowestPrice');
    // Spec-named pricing keys stay as written.
    expect(at(b.body, 'item', 'summary')).toMatchObject({ marketAvgPrice: 39.25, marketPricingUnit: 'per_seat_month', pricePositionPercent: -26.1 });
    expect(at(b.body, 'item', 'by_competitor', 5, 'pricingDataAvailable')).toEqual(at(a.body, 'item', 'competitors', 5, 'pricingDataAvailable'));

    const [tech] = await Promise.all([sandboxClient(alt).get<Json>(`${P}/tech-trust`)]);
    const techRow = at(tech.body, 'item', 'by_competitor', 2) as Record<string, unknown>;
    expect(techRow.competitor).toMatchObject({ id: 'cmp_nw_hubforge', domain: 'hubforge.io' });
    expect(techRow).toHaveProperty('security_headers');
    expect(techRow).toHaveProperty('trust_signals');
    expect(techRow).toHaveProperty('technologies');
    expect(techRow).toHaveProperty('aiAccess');
    // The reading guide's paths name the alt style's fields.
    expect(Object.keys(at(tech.body, 'item', 'readingGuide') as object)).toContain('by_competitor[].security_headers.grade');
  });

  it('keeps the competitor list and the project list as the spec names them (isOwn, id, name, domain)', async () => {
    const [a, b] = await both(`${P}/competitors`);
    expect((b.body as { items: Json[] }).items.map((row) => at(row, 'isOwn'))).toEqual((a.body as { items: Json[] }).items.map((row) => at(row, 'isOwn')));
    expect(at(b.body, 'items', 0)).toMatchObject({ id: 'cmp_nw_own', name: 'Northwind CRM', domain: 'northwindcrm.com', isOwn: true, added_at: expect.any(String) });
    const [pa, pb] = await both('/v1/projects');
    expect(keyPaths(pb.body)).toEqual(keyPaths(pa.body));
  });

  it('adds a finding to each hub diagnosis row and a summary to each section; meta, coverage, contains and tickets as the spec names them', async () => {
    const [a, b] = await both(`${P}/strategic-briefing`);
    const timeless = (v: unknown) => JSON.stringify(v).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 't');
    for (const key of ['meta', 'coverage', 'contains', 'tickets']) expect(timeless(at(b.body, key))).toBe(timeless(at(a.body, key)));
    expect(Object.keys(at(b.body, 'meta') as object)).toEqual(['runId', 'status', 'editionNumber', 'startedAt', 'briefingDate']);
    const rowsA = at(a.body, 'item', 'hub', 'blocks', 1, 'rows') as Record<string, unknown>[];
    const rowsB = at(b.body, 'item', 'hub', 'blocks', 1, 'entries') as Record<string, unknown>[];
    expect(rowsB).toHaveLength(rowsA.length);
    expect(rowsB[0]).toMatchObject({ dimension: 'ai-visibility', status: 'watch', deepDive: 'ai-visibility', note: rowsA[0]?.note, finding: 'AI visibility is rated watch in this edition.' });
    expect(at(b.body, 'item', 'hub', 'summary')).toBe('5 dimensions read in edition 3: 2 strong, 2 to watch, 1 weak.');
    expect(at(b.body, 'item', 'hub', 'blocks', 0)).toEqual(at(a.body, 'item', 'hub', 'blocks', 0));
  });

  it('repeats the own and tracked rows on compact AI visibility pages; de-duplicated by domain, the same rows; the page total unchanged', async () => {
    const [a, b] = await both(`${P}/ai-visibility`);
    const domains = (body: Json, nested: boolean) =>
      (at(body, 'item', 'summary', 'marketMap', 'brands') as Json[]).map((row) => String(nested ? at(row, 'competitor', 'domain') : at(row, 'domain')));
    const plainDomains = domains(a.body, false);
    const altDomains = domains(b.body, true);
    expect(new Set(plainDomains).size).toBe(plainDomains.length);
    expect(altDomains.length).toBeGreaterThan(plainDomains.length);
    expect([...new Set(altDomains)].sort()).toEqual([...plainDomains].sort());
    expect(altDomains[0]).toBe('northwindcrm.com');
    expect(at(b.body, 'item', 'summary', 'marketMap', 'brandsPage')).toEqual(at(a.body, 'item', 'summary', 'marketMap', 'brandsPage'));
    // The full view holds every row once, in both styles.
    const [fa, fb] = await both(`${P}/ai-visibility?view=full`);
    expect(domains(fb.body, true)).toEqual(domains(fa.body, false));
  });

  it('repeats the own row on a compact AI sources brand page; the page total unchanged', async () => {
    const [a, b] = await both(`${P}/ai-sources`);
    const own = (body: Json, nested: boolean) =>
      (at(body, 'item', 'summary', 'brands') as Json[]).filter((row) => (nested ? at(row, 'competitor', 'is_own') : at(row, 'isOwn')) === true).length;
    expect(own(a.body, false)).toBe(1);
    expect(own(b.body, true)).toBe(2);
    expect(at(b.body, 'item', 'summary', 'brandsPage')).toEqual(at(a.body, 'item', 'summary', 'brandsPage'));
  });

  it('keeps raw answers as the spec names them (brands[].domain flat)', async () => {
    const [, b] = await both(`${P}/ai-visibility/history/${String(at((await sandboxClient(plain).get<Json>(`${P}/ai-visibility`)).body, 'item', 'checkId'))}?includeAnswers=true&includeSummary=false`);
    const brand = at(b.body, 'item', 'answers', 0, 'brands', 0) as Record<string, unknown>;
    expect(brand).toHaveProperty('domain');
    expect(brand).not.toHaveProperty('competitor');
  });

  it('answers tickets, scans, errors and the docs the same in both styles', async () => {
    for (const path of [`${P}/tickets?limit=5`, `${P}/tickets/labels`, `${P}/nope`, '/v1/projects/prj_nope/pricing', '/v1/projects/prj_sprout/pricing']) {
      const [a, b] = await both(path);
      expect(b.status, path).toBe(a.status);
      expect(JSON.stringify(b.body).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 't'), path).toBe(JSON.stringify(a.body).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 't'));
    }
    const scanA = await sandboxClient(plain).post<Json>('/v1/tools/trust-signals/scans', { domain: 'example.com' });
    const scanB = await sandboxClient(alt).post<Json>('/v1/tools/trust-signals/scans', { domain: 'example.com' });
    expect(scanB.status).toBe(scanA.status);
    expect(keyPaths(scanB.body)).toEqual(keyPaths(scanA.body));
  });
});
