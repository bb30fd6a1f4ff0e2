/**
 * Issue 17, the sandbox's demo data: laid out relative to the sandbox clock (a running briefing
 * started minutes ago), edition tickets on the board from the start (reading a briefing never
 * changes the board), and facts that agree with each other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { seedProjects } from '../../src/sandbox/seed.js';

const NOW = Date.UTC(2031, 4, 6, 7, 30, 0);

describe('seed data', () => {
  let sandbox: Sandbox;
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${sandbox.url}${path}`, { headers: { 'SVC-API-Key': sandbox.keys.readWrite } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
  type Read = { meta: { runId: string; status: string; startedAt: string; progress?: { startedAt: string; updatedAt: string } }; item: { hub: { blocks: { rows?: { note: string; dimension: string }[] }[] } } | null; tickets: { opened: string[] } | null };
  type List = { items: { id: string; title: string; description: string }[]; total: number };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, now: NOW });
  });
  afterAll(() => sandbox?.close());

  it('is laid out before the sandbox clock: the running briefing started minutes ago, editions days ago', async () => {
    const lumen = await get<Read>('/v1/projects/prj_lumen/strategic-briefing');
    expect(lumen.meta.status).toBe('running');
    const started = Date.parse(lumen.meta.progress?.startedAt ?? lumen.meta.startedAt);
    expect(started).toBeLessThan(NOW);
    expect(NOW - started).toBeLessThan(60 * 60 * 1000); // under an hour: a run under way, not days old
    const updated = Date.parse(lumen.meta.progress?.updatedAt ?? '');
    expect(updated).toBeGreaterThanOrEqual(started);
    const northwind = await get<{ items: { lastMonitoredAt: string | null; id: string }[] }>('/v1/projects');
    const lastMonitored = Date.parse(northwind.items.find((p) => p.id === 'prj_northwind')?.lastMonitoredAt ?? '');
    expect(NOW - lastMonitored).toBeGreaterThan(0);
    expect(NOW - lastMonitored).toBeLessThan(7 * 86_400_000);
  });

  it("every edition's tickets are on the board from the start; reading a briefing changes nothing there", async () => {
    const before = await get<List>('/v1/projects/prj_northwind/tickets?closed=all');
    const history = await get<{ items: { runId: string; status: string }[] }>('/v1/projects/prj_northwind/strategic-briefing/history');
    const latest = history.items.find((r) => r.status === 'done');
    const ofEdition = await get<List>(`/v1/projects/prj_northwind/tickets?origin=briefing&briefingRunId=${latest?.runId}`);
    expect(ofEdition.total).toBeGreaterThan(0);
    const read = await get<Read>('/v1/projects/prj_northwind/strategic-briefing');
    expect(new Set(read.tickets?.opened)).toEqual(new Set(ofEdition.items.map((t) => t.id)));
    const after = await get<List>('/v1/projects/prj_northwind/tickets?closed=all');
    expect(after.total).toBe(before.total);
    expect(after.items.map((t) => t.id)).toEqual(before.items.map((t) => t.id));
  });

  it('facts agree: an unmeasured own price is never "under the market"; texts name only the project’s own competitors', async () => {
    const projects = seedProjects(NOW);
    const namesOf = (id: string) => new Set(projects.find((p) => p.id === id)?.competitors.filter((c) => !c.isOwn).map((c) => c.name));
    const everyName = new Set(projects.flatMap((p) => p.competitors.filter((c) => !c.isOwn).map((c) => c.name)));
    for (const id of ['prj_northwind', 'prj_lumen', 'prj_quarry']) {
      const own = namesOf(id);
      const foreign = [...everyName].filter((n) => !own.has(n));
      const history = await get<{ items: { runId: string; status: string }[] }>(`/v1/projects/${id}/strategic-briefing/history`);
      const done = history.items.find((r) => r.status === 'done');
      const edition = await get<Read>(`/v1/projects/${id}/strategic-briefing/history/${done?.runId}`);
      const notes = edition.item?.hub.blocks.flatMap((b) => b.rows ?? []) ?? [];
      const tickets = await get<List>(`/v1/projects/${id}/tickets?closed=all&include=description`);
      const texts = [...notes.map((r) => r.note), ...tickets.items.flatMap((t) => [t.title, t.description])];
      for (const text of texts) for (const name of foreign) expect(text, `${id}: “${text}” names ${name}`).not.toContain(name);
      const pricing = await get<{ item: { summary: { pricePositionPercent: number | null } } }>(`/v1/projects/${id}/pricing`);
      const pricingNote = notes.find((r) => r.dimension === 'pricing')?.note ?? '';
      if (pricing.item.summary.pricePositionPercent === null) expect(pricingNote, id).not.toMatch(/\d+% (under|over|above|below)/);
      else expect(pricingNote, id).toContain(`${Math.round(Math.abs(pricing.item.summary.pricePositionPercent))}%`);
    }
  });
});
