import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, TICKET_SEED } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { errorCode, sandboxClient } from './client.js';

const TICKETS = '/v1/projects/prj_northwind/tickets';
const COLUMNS = ['triage', 'todo', 'in_progress', 'done', 'dismissed'];
const DAY = 86_400_000;

interface Ticket {
  id: string;
  number: number;
  title: string;
  origin: string;
  status: string;
  statusChangedAt: string;
  description: string;
  labels: { id: string; name: string }[];
  assignee: { userId: string } | null;
  briefing: { runId: string; dimension: string } | null;
}
interface List {
  items: Ticket[];
  total: number;
  hasMore: boolean;
}

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
const list = async (query = ''): Promise<List> => {
  const res = await api.get<List>(`${TICKETS}${query}`);
  expect(res.status).toBe(200);
  return res.body;
};
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimitPerMinute: 10_000 });
  api = sandboxClient(sandbox);
});
afterAll(() => sandbox.close());

describe('the seeded board', () => {
  it('has 30+ tickets in all five columns, in board order, with descriptions held back', async () => {
    const all = await list('?closed=all');
    expect(all.items.length).toBeGreaterThanOrEqual(30);
    expect(all.total).toBe(all.items.length);
    expect(all.hasMore).toBe(false);
    const order = all.items.map((t) => COLUMNS.indexOf(t.status));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBe(5);
    expect(all.items.every((t) => t.description === '')).toBe(true);
    const withBodies = await list('?closed=all&include=description');
    expect(withBodies.items.some((t) => t.description.length > 0)).toBe(true);
  });

  it('has 6+ labels (colours lower-case) and lists current members only as assignees', async () => {
    const labels = (await api.get<{ items: { color: string }[] }>(`${TICKETS}/labels`)).body.items;
    expect(labels.length).toBeGreaterThanOrEqual(6);
    expect(labels.every((l) => /^#[0-9a-f]{6}$/.test(l.color))).toBe(true);
    const assignees = (await api.get<{ items: { userId: string; fullName: string }[] }>(`${TICKETS}/assignees`)).body.items;
    expect(assignees.length).toBeGreaterThanOrEqual(5);
    const ids = assignees.map((a) => a.userId);
    expect(ids).not.toContain(TICKET_SEED.members.sam);
    expect(ids).not.toContain(TICKET_SEED.members.jonas);
    expect(Object.keys(assignees[0] ?? {}).sort()).toEqual(['fullName', 'userId']);
  });
});

describe('closed=recent', () => {
  it('holds back done and dismissed tickets older than 30 days; total counts them and hasMore says so', async () => {
    const recent = await list();
    const all = await list('?closed=all');
    expect(recent.total).toBe(all.total);
    expect(recent.hasMore).toBe(true);
    expect(recent.items.length).toBeLessThan(all.items.length);
    const cutoff = Date.now() - 30 * DAY;
    for (const t of recent.items) {
      if (t.status === 'done' || t.status === 'dismissed') expect(Date.parse(t.statusChangedAt)).toBeGreaterThanOrEqual(cutoff - 60_000);
    }
    const open = await list('?status=triage,todo,in_progress');
    expect(open.hasMore).toBe(false);
    expect(open.items.every((t) => ['triage', 'todo', 'in_progress'].includes(t.status))).toBe(true);
  });

  it('follows the sandbox clock', async () => {
    const lab = await startSandbox();
    try {
      const client = sandboxClient(lab);
      const recentDone = async () => (await client.get<List>(`${TICKETS}?status=done`)).body.items.length;
      const before = await recentDone();
      lab.control.advanceClock(10 * DAY);
      expect(await recentDone()).toBeLessThan(before);
    } finally {
      await lab.close();
    }
  });
});

describe('filters', () => {
  it('status keeps board order whatever order it is given in', async () => {
    const res = await list('?status=done,triage&closed=all');
    const statuses = res.items.map((t) => t.status);
    expect(statuses.indexOf('done')).toBeGreaterThan(statuses.lastIndexOf('triage'));
    expect(new Set(statuses)).toEqual(new Set(['triage', 'done']));
  });

  it('origin, dimension and briefingRunId (whole regardless of closed)', async () => {
    const briefing = await list('?origin=briefing&closed=all');
    expect(briefing.items.length).toBeGreaterThan(0);
    expect(briefing.items.every((t) => t.origin === 'briefing')).toBe(true);
    expect((await list('?dimension=pricing&closed=all')).items.every((t) => t.briefing?.dimension === 'pricing')).toBe(true);
    const run = await list('?origin=briefing&briefingRunId=run_8c21d04f9e13');
    expect(run.items.map((t) => t.status).sort()).toEqual(['dismissed', 'done', 'in_progress']);
    expect(run.hasMore).toBe(false);
    expect(run.total).toBe(3);
  });

  it('assignee by id (a departed owner still found, read as unassigned) and none', async () => {
    const jonas = await list(`?assignee=${TICKET_SEED.members.jonas}&closed=all`);
    expect(jonas.items.length).toBeGreaterThan(0);
    expect(jonas.items.every((t) => t.assignee === null)).toBe(true);
    const none = await list('?assignee=none&closed=all');
    expect(none.items.every((t) => t.assignee === null)).toBe(true);
    expect(none.items.map((t) => t.id)).toEqual(expect.arrayContaining(jonas.items.map((t) => t.id)));
    const maya = await list(`?assignee=${TICKET_SEED.members.maya}&closed=all`);
    expect(maya.items.every((t) => t.assignee?.userId === TICKET_SEED.members.maya)).toBe(true);
  });

  it('labelId, number, and q (case-insensitive literal title substring)', async () => {
    const labels = (await api.get<{ items: { id: string; name: string }[] }>(`${TICKETS}/labels`)).body.items;
    const pricing = labels.find((l) => l.name === 'Pricing');
    const byLabel = await list(`?labelId=${pricing?.id}&closed=all`);
    expect(byLabel.items.length).toBeGreaterThan(0);
    expect(byLabel.items.every((t) => t.labels.some((l) => l.id === pricing?.id))).toBe(true);
    const one = await list('?number=3&closed=all');
    expect(one.items.map((t) => t.number)).toEqual([3]);
    const q = await list(`?q=${encodeURIComponent('PIPEDRIFT')}&closed=all`);
    expect(q.items.length).toBeGreaterThan(1);
    expect(q.items.every((t) => t.title.toLowerCase().includes('pipedrift'))).toBe(true);
    expect((await list(`?q=${encodeURIComponent('.*')}`)).items).toEqual([]);
    expect((await list('?q=pipedrift&status=todo&closed=all')).total).toBe(1);
  });

  it.each(['status=open', 'closed=some', 'origin=robot', 'number=0', 'number=two', 'include=comments'])('refuses %s with 400', async (query) => {
    const res = await api.get(`${TICKETS}?${query}`);
    expect([res.status, errorCode(res)]).toEqual([400, 'invalid_parameters']);
  });
});
