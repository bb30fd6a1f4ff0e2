import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import { SEED } from '../../../src/sandbox/seed.js';
import { errorCode, sandboxClient } from '../client.js';

type Row = Record<string, unknown>;
interface Item {
  summary?: Row & { marketMap: { brands: Row[]; brandsPage?: Row } };
  answers?: { provider: string; promptIndex: number; brands: Row[] }[];
  providerStatus?: Row;
}
let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
const base = `/v1/projects/${SEED.projects.northwind.id}/ai-visibility`;

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  api = sandboxClient(sandbox, sandbox.keys.readOnly);
});
afterAll(() => sandbox.close());

describe('AI visibility reads', () => {
  it('serves a compact summary page with own and tracked rows pinned, and rank null beside answersNaming 0', async () => {
    const res = await api.get<{ item: Item }>(`${base}?offset=10&limit=2`);
    const { brands, brandsPage } = res.body.item.summary?.marketMap ?? { brands: [] };
    expect(brandsPage).toMatchObject({ offset: 10, limit: 2, total: 15 });
    expect(brands.some((b) => b.isOwn === true)).toBe(true);
    expect(brands.filter((b) => b.tracked === true)).toHaveLength(7);
    const never = brands.find((b) => b.domain === SEED.roles.neverNamedInAi);
    expect(never).toMatchObject({ answersNaming: 0, mentionRate: 0, rankByPresence: null });
    expect(res.body.item).not.toHaveProperty('answers');
  });

  it('refuses provider, brand and promptIndex without includeAnswers', async () => {
    for (const q of ['provider=claude', 'brand=hubforge.io', 'promptIndex=0']) {
      const res = await api.get(`${base}?${q}`);
      expect([res.status, errorCode(res)]).toEqual([400, 'invalid_parameters']);
    }
  });

  it('refuses the three paging combinations with their codes', async () => {
    const cases: [string, string][] = [
      ['view=full&offset=0', 'paging_requires_compact_view'],
      ['includeAnswers=true&includeSummary=false&limit=5', 'paging_requires_summary'],
      ['includeSummary=false', 'nothing_to_return'],
    ];
    for (const [q, code] of cases) {
      const res = await api.get(`${base}?${q}`);
      expect([res.status, errorCode(res)]).toEqual([400, code]);
    }
  });

  it('omits the summary with includeAnswers unless asked, and narrows answers by provider and prompt', async () => {
    const res = await api.get<{ item: Item }>(`${base}?includeAnswers=true&provider=claude&promptIndex=1`);
    expect(res.body.item).not.toHaveProperty('summary');
    expect(res.body.item.answers?.map((a) => [a.provider, a.promptIndex])).toEqual([['claude', 1]]);
    const withSummary = await api.get<{ item: Item }>(`${base}?includeAnswers=true&includeSummary=true`);
    expect(withSummary.body.item.summary).toBeDefined();
    expect(withSummary.body.item.answers).toHaveLength(20);
  });

  it('keeps every answer under a brand filter and empties brands where that domain was not named', async () => {
    const res = await api.get<{ item: Item }>(`${base}?includeAnswers=true&brand=HubForge.io`);
    const answers = res.body.item.answers ?? [];
    expect(answers).toHaveLength(20);
    const naming = answers.filter((a) => a.brands.length > 0);
    expect(naming.length).toBeGreaterThan(0);
    expect(naming.length).toBeLessThan(20);
    expect(naming.every((a) => a.brands.some((b) => b.domain === 'hubforge.io'))).toBe(true);
  });

  it('pages history and reads a check with providerStatus; malformed and foreign ids refused', async () => {
    const history = await api.get<{ items: { checkId: string; summary: Row }[]; truncated: boolean }>(`${base}/history`);
    expect(history.body.items.map((i) => i.checkId)).toEqual(SEED.projects.northwind.checkIds);
    expect(history.body.items[0]?.summary).toHaveProperty('competitorRankingsPage');
    expect(history.body.truncated).toBe(false);
    const detail = await api.get<{ item: Item }>(`${base}/history/${SEED.projects.northwind.checkIds[1]}?includeAnswers=true`);
    expect(Object.keys(detail.body.item.providerStatus ?? {})).toHaveLength(5);
    expect(errorCode(await api.get(`${base}/history/not-a-check`))).toBe('invalid_check_id');
    expect(errorCode(await api.get(`${base}/history/${SEED.projects.lumen.checkIds[0]}`))).toBe('run_not_found');
  });

  it('flags an abandoned latest check and answers no_data_available without a scored check', async () => {
    const lumen = await api.get<{ item: Row }>(`/v1/projects/${SEED.projects.lumen.id}/ai-visibility`);
    expect(lumen.body.item.latestCheckDataAvailable).toEqual({ available: false, reason: 'latest_check_incomplete' });
    const sprout = await api.get(`/v1/projects/${SEED.projects.sprout.id}/ai-visibility`);
    expect([sprout.status, errorCode(sprout)]).toEqual([404, 'no_data_available']);
  });
});
