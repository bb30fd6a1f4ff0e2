import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import { publishEdition } from '../../../src/sandbox/routes/index.js';
import { SEED } from '../../../src/sandbox/seed.js';
import { errorCode, sandboxClient } from '../client.js';

type Row = Record<string, unknown>;
interface Briefing {
  meta: Row;
  item: Record<string, { kind: string; blocks?: Row[] } & Row> | null;
  coverage: Row | null;
  contains: string[] | null;
  tickets: { total: number; byStatus: Record<string, number>; opened: string[]; alreadyOnBoard: Row[] } | null;
}
let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
const path = (projectId: string) => `/v1/projects/${projectId}/strategic-briefing`;

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  api = sandboxClient(sandbox, sandbox.keys.readWrite);
});
afterAll(() => sandbox.close());

describe('strategic briefing reads', () => {
  it('serves a done edition with hub, coverage, contains and real tickets', async () => {
    const res = await api.get<Briefing>(path(SEED.projects.northwind.id));
    const { meta, item, coverage, contains, tickets } = res.body;
    expect(meta).toMatchObject({ runId: SEED.projects.northwind.briefingRunIds[0], status: 'done', editionNumber: 3 });
    expect(Object.keys(item ?? {})).toEqual(['hub']);
    const [headline, diagnosis] = item?.hub?.blocks ?? [];
    expect(headline).toMatchObject({ type: 'headline', verdict: expect.any(String) });
    const rows = (diagnosis?.rows ?? []) as Row[];
    expect(rows.filter((r) => !('deepDive' in r)).every((r) => String(r.note).startsWith('No deep-dive'))).toBe(true);
    expect(coverage).toMatchObject({ type: 'coverage' });
    expect(contains).toEqual(['hub', 'competitors', 'deep-ai-visibility', 'deep-pricing', 'deep-content']);
    expect(tickets?.opened).toHaveLength(3);
    const board = await api.get<{ items: Row[] }>(`/v1/projects/${SEED.projects.northwind.id}/tickets?origin=briefing&briefingRunId=${meta.runId as string}`);
    expect(board.body.items.map((t) => t.id).sort()).toEqual([...(tickets?.opened ?? [])].sort());
    expect(board.body.items.find((t) => t.id === tickets?.opened[0])?.impact).toBe(4);
    expect(tickets?.alreadyOnBoard[0]).toMatchObject({ status: 'triage' });
  });

  it('validates sections and serves every held section for all', async () => {
    const all = await api.get<Briefing>(`${path(SEED.projects.northwind.id)}?sections=all`);
    expect(Object.keys(all.body.item ?? {})).toEqual(all.body.contains);
    const bad = await api.get(`${path(SEED.projects.northwind.id)}?sections=hub,deep-weather`);
    expect([bad.status, errorCode(bad)]).toEqual([400, 'invalid_parameters']);
  });

  it('serves running, failed and never-run states with item null', async () => {
    const running = await api.get<Briefing>(path(SEED.projects.lumen.id));
    expect(running.body.meta).toMatchObject({ status: 'running', editionNumber: null, progress: { step: expect.any(String) } });
    expect([running.body.item, running.body.coverage, running.body.contains, running.body.tickets]).toEqual([null, null, null, null]);
    expect((await api.get<Briefing>(path(SEED.projects.quarry.id))).body.meta.status).toBe('failed');
    const never = await api.get<Briefing>(path(SEED.projects.sprout.id));
    expect(never.status).toBe(200);
    expect(never.body.meta.status).toBeNull();
  });

  it('lists history newest first with failed runs and null edition numbers', async () => {
    const res = await api.get<{ items: Row[]; pagination: Row }>(`${path(SEED.projects.northwind.id)}/history`);
    expect(res.body.items.map((r) => r.runId)).toEqual(SEED.projects.northwind.briefingRunIds);
    expect(res.body.items.map((r) => [r.status, r.editionNumber])).toEqual([['done', 3], ['done', 2], ['failed', null], ['done', 1]]);
    expect(res.body.items[2]).toMatchObject({ headline: null, briefingDate: null, documentDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('reads one run: malformed 400, foreign 404, failed 200 with item null', async () => {
    const base = `${path(SEED.projects.northwind.id)}/history`;
    expect(errorCode(await api.get(`${base}/run_XYZ`))).toBe('invalid_run_id');
    expect(errorCode(await api.get(`${base}/${SEED.projects.quarry.briefingRunIds[0]}`))).toBe('run_not_found');
    const failed = await api.get<Briefing>(`${base}/${SEED.projects.northwind.briefingRunIds[2]}`);
    expect([failed.status, failed.body.meta.status, failed.body.item]).toEqual([200, 'failed', null]);
  });
});

describe('publishing editions', () => {
  it('publishes a done edition over HTTP that opens real briefing tickets on top of triage', async () => {
    const id = SEED.projects.northwind.id;
    const res = await api.post<{ item: { runId: string; editionNumber: number; opened: string[] } }>(`/__sandbox/projects/${id}/briefings`, { headline: 'New edition', opened: 2 });
    expect(res.body.item.editionNumber).toBe(4);
    expect(res.body.item.runId).toMatch(/^run_[0-9a-f]{12}$/);
    const latest = await api.get<Briefing>(path(id));
    expect(latest.body.tickets?.opened).toEqual(res.body.item.opened);
    const triage = await api.get<{ items: Row[] }>(`/v1/projects/${id}/tickets?status=triage`);
    expect(triage.body.items.slice(0, 2).map((t) => t.id)).toEqual(res.body.item.opened);
    expect(triage.body.items[0]).toMatchObject({ origin: 'briefing', deletable: false, briefing: { runId: res.body.item.runId } });
  });

  it('starts a running run and finishes it as the next edition', async () => {
    const id = SEED.projects.quarry.id;
    const started = await api.post<{ item: { runId: string } }>(`/__sandbox/projects/${id}/briefings`, { status: 'running' });
    expect((await api.get<Briefing>(path(id))).body.meta.status).toBe('running');
    const done = await api.post<{ item: { editionNumber: number; opened: string[] } }>(`/__sandbox/projects/${id}/briefings/${started.body.item.runId}/finish`, { status: 'done' });
    expect(done.body.item).toMatchObject({ editionNumber: 3 });
    expect(done.body.item.opened).toHaveLength(3);
    const again = await api.post(`/__sandbox/projects/${id}/briefings/${started.body.item.runId}/finish`, { status: 'failed' });
    expect(again.status).toBe(400);
  });

  it('works in process too', () => {
    const published = publishEdition(sandbox.state, SEED.projects.lumen.id, { status: 'failed' });
    expect(published).toMatchObject({ status: 'failed', editionNumber: null, opened: [] });
  });
});
