import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { errorCode, sandboxClient } from './client.js';

const P = '/v1/projects/prj_northwind';
const TICKETS = `${P}/tickets`;
const DAY = 86_400_000;

interface Ticket {
  id: string;
  number: number;
  origin: string;
  author: unknown;
  status: string;
  statusChangedAt: string;
  description: string;
  labels: { id: string; name: string; color: string }[];
  assignee: { userId: string; fullName: string } | null;
  dueDate: string | null;
  effort: string | null;
  impact: number | null;
  deletable: boolean;
  commentCount: number;
  updatedAt: string;
}
interface List {
  items: Ticket[];
  total: number;
  hasMore: boolean;
}

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimitPerMinute: 10_000 });
  api = sandboxClient(sandbox);
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.control.reset());

const column = async (status: string): Promise<string[]> =>
  (await api.get<List>(`${TICKETS}?status=${status}&closed=all`)).body.items.map((t) => t.id);
const create = async (body: Record<string, unknown>): Promise<Ticket> => {
  const res = await api.post<{ item: Ticket }>(TICKETS, body);
  expect(res.status).toBe(200);
  return res.body.item;
};
const move = (id: string, body: Record<string, unknown>) => api.patch<{ item: Ticket }>(`${TICKETS}/${id}/move`, body);

describe('create', () => {
  it('lands on top of its column, origin api, author null, next number, full fields', async () => {
    const before = await api.get<List>(`${TICKETS}?closed=all`);
    const highest = Math.max(...before.body.items.map((t) => t.number));
    const labels = (await api.get<{ items: { id: string }[] }>(`${TICKETS}/labels`)).body.items;
    const ticket = await create({
      title: 'Watch Copper CRM pricing',
      status: 'todo',
      description: 'Body **markdown**',
      labelIds: [labels[0]?.id],
      assigneeUserId: 'usr_tom_okafor',
      dueDate: '2026-12-31',
      effort: 'low',
      impact: 2,
    });
    expect(ticket).toMatchObject({
      number: highest + 1,
      origin: 'api',
      author: null,
      briefing: null,
      status: 'todo',
      description: 'Body **markdown**',
      assignee: { userId: 'usr_tom_okafor', fullName: 'Tom Okafor' },
      dueDate: '2026-12-31',
      effort: 'low',
      impact: 2,
      deletable: true,
      commentCount: 0,
    });
    expect(ticket.labels).toEqual([labels[0]]);
    expect((await column('todo'))[0]).toBe(ticket.id);
  });

  it.each([
    [{ status: 'todo' }, 'title required'],
    [{ title: '', status: 'todo' }, 'empty title'],
    [{ title: 'x' }, 'status required'],
    [{ title: 'x', status: 'backlog' }, 'unknown status'],
    [{ title: 'x', status: 'todo', description: 'a'.repeat(20_001) }, 'description too long'],
    [{ title: 'x', status: 'todo', labelIds: ['lbl_999999'] }, 'unknown label'],
    [{ title: 'x', status: 'todo', assigneeUserId: 'usr_sam_invited' }, 'invited, not joined'],
    [{ title: 'x', status: 'todo', assigneeUserId: 'usr_jonas_berg' }, 'departed'],
    [{ title: 'x', status: 'todo', assigneeUserId: 'usr_kim_park' }, 'member of another org'],
    [{ title: 'x', status: 'todo', dueDate: '2026-02-30' }, 'impossible day'],
    [{ title: 'x', status: 'todo', dueDate: '31/12/2026' }, 'wrong day format'],
    [{ title: 'x', status: 'todo', effort: 'huge' }, 'effort'],
    [{ title: 'x', status: 'todo', impact: 5 }, 'impact'],
    [{ title: 'x', status: 'todo', impact: 1.5 }, 'fractional impact'],
    [[], 'not an object'],
  ] as [unknown, string][])('refuses %j (%s) with 400 invalid_parameters', async (body) => {
    const res = await api.post(TICKETS, body);
    expect([res.status, errorCode(res)]).toEqual([400, 'invalid_parameters']);
  });

  it('accepts a description of exactly 20,000 characters', async () => {
    const ticket = await create({ title: 'Long', status: 'todo', description: 'a'.repeat(20_000) });
    expect(ticket.description).toHaveLength(20_000);
  });

  it('checks labels: at most 10, each once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api.post<{ items: { id: string; name: string }[] }>(`${TICKETS}/labels`, { name: `Extra ${i}`, color: '#123456' });
      ids.push(...res.body.items.map((l) => l.id));
    }
    const unique = [...new Set(ids)];
    expect(unique.length).toBeGreaterThan(10);
    expect((await api.post(TICKETS, { title: 'x', status: 'todo', labelIds: unique.slice(0, 11) })).status).toBe(400);
    expect((await api.post(TICKETS, { title: 'x', status: 'todo', labelIds: [unique[0], unique[0]] })).status).toBe(400);
    expect((await api.post(TICKETS, { title: 'x', status: 'todo', labelIds: unique.slice(0, 10) })).status).toBe(200);
  });
});

describe('read, update, delete', () => {
  it('reads one ticket with its description; unknown ids and other projects answer 404 project_not_found', async () => {
    const ticket = await create({ title: 'Read me', status: 'triage', description: 'Full text' });
    expect((await api.get<{ item: Ticket }>(`${TICKETS}/${ticket.id}`)).body.item.description).toBe('Full text');
    for (const path of [`${TICKETS}/tkt_999999`, `/v1/projects/prj_lumen/tickets/${ticket.id}`, `/v1/projects/prj_nowhere/tickets`]) {
      const res = await api.get(path);
      expect([res.status, errorCode(res)]).toEqual([404, 'project_not_found']);
    }
  });

  it('update: omit leaves, a value replaces, null clears, "" clears the description', async () => {
    const ticket = await create({ title: 'Edit me', status: 'todo', description: 'Old', effort: 'high', impact: 3, dueDate: '2026-10-01', assigneeUserId: 'usr_maya_chen' });
    const res = await api.patch<{ item: Ticket }>(`${TICKETS}/${ticket.id}`, { title: 'Edited', description: '', effort: null, impact: 1 });
    expect(res.body.item).toMatchObject({ title: 'Edited', description: '', effort: null, impact: 1, dueDate: '2026-10-01', status: 'todo' });
    expect(res.body.item.assignee?.userId).toBe('usr_maya_chen');
    const cleared = await api.patch<{ item: Ticket }>(`${TICKETS}/${ticket.id}`, { assigneeUserId: null, dueDate: null, labelIds: [] });
    expect(cleared.body.item).toMatchObject({ assignee: null, dueDate: null, labels: [], impact: 1 });
  });

  it('update cannot change the column or place', async () => {
    const ticket = await create({ title: 'Stay', status: 'todo' });
    for (const body of [{ status: 'done' }, { beforeId: 'tkt_000001' }, { title: null }]) {
      const res = await api.patch(`${TICKETS}/${ticket.id}`, body);
      expect([res.status, errorCode(res)]).toEqual([400, 'invalid_parameters']);
    }
  });

  it('deletes a ticket, but refuses a briefing ticket with 400 bad_request', async () => {
    const ticket = await create({ title: 'Delete me', status: 'todo' });
    const res = await api.delete(`${TICKETS}/${ticket.id}`);
    expect(res.body).toEqual({ item: { success: true, id: ticket.id } });
    expect((await api.get(`${TICKETS}/${ticket.id}`)).status).toBe(404);

    const briefing = (await api.get<List>(`${TICKETS}?origin=briefing`)).body.items[0] as Ticket;
    expect(briefing.deletable).toBe(false);
    const refused = await api.delete(`${TICKETS}/${briefing.id}`);
    expect([refused.status, errorCode(refused)]).toEqual([400, 'bad_request']);
  });

  it('puts briefing tickets on top of triage through BoardApi', async () => {
    const id = sandbox.state.board.openBriefingTicket('prj_northwind', {
      title: 'Answer Pipedrive price cut',
      description: 'From the edition',
      dimension: 'pricing',
      runId: 'run_000000000001',
      estimatedMinutes: null,
      impact: 4,
      effort: null,
    });
    const [first] = (await api.get<List>(`${TICKETS}?status=triage`)).body.items;
    expect(first).toMatchObject({ id, origin: 'briefing', author: null, deletable: false, briefing: { runId: 'run_000000000001', dimension: 'pricing', estimatedMinutes: null } });
    expect(sandbox.state.board.ticketStatus('prj_northwind', id)).toBe('triage');
    expect(sandbox.state.board.countsByStatus('prj_northwind').triage).toBe((await column('triage')).length);
  });
});

describe('move', () => {
  it('both neighbours omitted: bottom of the column; into an empty column: its first card', async () => {
    const todo = await column('todo');
    const id = todo[0] as string;
    await move(id, { status: 'todo' });
    expect(await column('todo')).toEqual([...todo.slice(1), id]);

    const sprout = '/v1/projects/prj_sprout/tickets';
    const lone = (await api.post<{ item: Ticket }>(sprout, { title: 'Only', status: 'triage' })).body.item;
    const moved = await api.patch<{ item: Ticket }>(`${sprout}/${lone.id}/move`, { status: 'done' });
    expect(moved.body.item.status).toBe('done');
  });

  it('top: the current first as afterId; between: beforeId and afterId; below beforeId alone', async () => {
    const [a, b, c, d] = await column('todo');
    const mover = (await column('triage'))[0] as string;
    await move(mover, { status: 'todo', afterId: a });
    expect((await column('todo')).slice(0, 2)).toEqual([mover, a]);
    await move(mover, { status: 'todo', beforeId: b, afterId: c });
    expect((await column('todo')).slice(0, 4)).toEqual([a, b, mover, c]);
    await move(mover, { status: 'todo', beforeId: d });
    expect((await column('todo')).slice(0, 5)).toEqual([a, b, c, d, mover]);
  });

  it('ignores stale neighbours (moved elsewhere or deleted) and lands at the nearest valid place', async () => {
    const [a, b, c] = await column('todo');
    const mover = (await column('triage'))[0] as string;
    await move(a as string, { status: 'done' }); // a moved elsewhere
    await api.delete(`${TICKETS}/${c}`); // c deleted
    const res = await move(mover, { status: 'todo', beforeId: a, afterId: b });
    expect(res.status).toBe(200);
    expect((await column('todo'))[0]).toBe(mover);
    expect((await column('todo'))[1]).toBe(b);
    await move(mover, { status: 'todo', beforeId: c, afterId: 'tkt_999999' });
    expect((await column('todo')).at(-1)).toBe(mover);
  });

  it('statusChangedAt changes on a column change only', async () => {
    const id = (await column('todo'))[0] as string;
    const original = (await api.get<{ item: Ticket }>(`${TICKETS}/${id}`)).body.item;
    sandbox.control.advanceClock(DAY);
    const reordered = (await move(id, { status: 'todo' })).body.item;
    expect(reordered.statusChangedAt).toBe(original.statusChangedAt);
    expect(Date.parse(reordered.updatedAt)).toBeGreaterThan(Date.parse(original.updatedAt));
    sandbox.control.advanceClock(DAY);
    const moved = (await move(id, { status: 'in_progress' })).body.item;
    expect(Date.parse(moved.statusChangedAt) - Date.parse(original.statusChangedAt)).toBeGreaterThanOrEqual(2 * DAY);
  });

  it('requires a valid status, also when only reordering', async () => {
    const id = (await column('todo'))[0] as string;
    for (const body of [{}, { status: 'archive' }, { status: 'todo', afterId: 7 }]) {
      const res = await move(id, body);
      expect([res.status, errorCode(res)]).toEqual([400, 'invalid_parameters']);
    }
  });
});
