/** The sandbox's AI sources reads: compact lists longer than a page, paging, the full view, history and one check. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import { SEED } from '../../../src/sandbox/seed.js';
import { errorCode, sandboxClient } from '../client.js';

type Row = Record<string, unknown>;
interface Page {
  offset: number;
  limit: number;
  total: number;
  hasMore: boolean;
}
interface Summary {
  pages: Row[];
  brands: Row[];
  pagesPage?: Page;
  brandsPage?: Page;
}

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
const base = `/v1/projects/${SEED.projects.northwind.id}/ai-sources`;

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  api = sandboxClient(sandbox, sandbox.keys.readOnly);
});
afterAll(() => sandbox.close());

const summaryOf = async (path: string) => (await api.get<{ item: { summary: Summary; readingGuide: Row } }>(path)).body.item;

describe('AI sources', () => {
  it('compact lists longer than one page, the own row on every page, core hosts with pageUrls, a brand never named', async () => {
    const first = await summaryOf(base);
    expect(first.readingGuide).toBeTypeOf('object');
    const { pagesPage, brandsPage } = first.summary;
    expect(pagesPage).toMatchObject({ offset: 0, limit: 10, hasMore: true });
    expect(pagesPage!.total).toBeGreaterThan(10);
    expect(brandsPage!.total).toBeGreaterThan(10);
    expect(first.summary.pages.some((p) => Array.isArray(p.pageUrls) && p.coreHost === true)).toBe(true);
    const second = await summaryOf(`${base}?offset=10&limit=10`);
    expect(second.summary.pagesPage).toMatchObject({ offset: 10, limit: 10 });
    expect(second.summary.brands.some((b) => b.isOwn === true)).toBe(true);
    const full = await summaryOf(`${base}?view=full`);
    expect(full.summary.pagesPage).toBeUndefined();
    expect(full.summary.pages).toHaveLength(pagesPage!.total);
    const never = full.summary.brands.find((b) => b.domain === SEED.roles.neverNamedInSources);
    expect(never).toMatchObject({ answersNaming: 0, rankByPresence: null });
  });

  it('paging with the full view is refused', async () => {
    expect(errorCode(await api.get(`${base}?view=full&offset=10`))).toBe('paging_requires_compact_view');
  });

  it('history lists several checks newest first; each check reads on its own, paged like the dashboard', async () => {
    const history = await api.get<{ items: Row[]; pagination: { total: number } }>(`${base}/history`);
    const ids = SEED.projects.northwind.sourcesCheckIds;
    expect(ids.length).toBeGreaterThan(2);
    expect(history.body.items.map((r) => r.checkId)).toEqual(ids);
    expect(history.body.pagination.total).toBe(ids.length);
    const check = await summaryOf(`${base}/history/${ids[1]}?offset=10`);
    expect(check.summary.brandsPage).toMatchObject({ offset: 10 });
    expect(errorCode(await api.get(`${base}/history/nonsense`))).toBe('invalid_check_id');
    expect(errorCode(await api.get(`${base}/history/chk_000000000000`))).toBe('run_not_found');
  });

  it('is described in the OpenAPI document with its paging parameters', async () => {
    const doc = (await api.anonymous<{ paths: Record<string, { get?: { parameters?: { name: string }[] } }> }>('GET', '/v1/docs/openapi.json')).body;
    const path = Object.keys(doc.paths).find((p) => p.endsWith('/ai-sources'));
    const names = doc.paths[path ?? '']?.get?.parameters?.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['view', 'offset', 'limit']));
  });
});
