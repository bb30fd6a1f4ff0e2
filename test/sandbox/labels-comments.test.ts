import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import type { TicketBoards } from '../../src/sandbox/tickets/boards.js';
import { errorCode, sandboxClient } from './client.js';

const TICKETS = '/v1/projects/prj_northwind/tickets';
const LABELS = `${TICKETS}/labels`;

interface Label {
  id: string;
  name: string;
  color: string;
}
interface Comment {
  id: string;
  ticketId: string;
  origin: string;
  author: unknown;
  body: string;
  edited: boolean;
}

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimitPerMinute: 10_000 });
  api = sandboxClient(sandbox);
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.control.reset());

const labels = async (): Promise<Label[]> => (await api.get<{ items: Label[] }>(LABELS)).body.items;

describe('labels', () => {
  it('create, rename and delete each return the whole list in project order; colour stored lower-case', async () => {
    const before = await labels();
    const created = await api.post<{ items: Label[] }>(LABELS, { name: 'Churn risk', color: '#AABBCC' });
    expect(created.body.items.slice(0, -1)).toEqual(before);
    const label = created.body.items.at(-1) as Label;
    expect(label).toMatchObject({ name: 'Churn risk', color: '#aabbcc' });
    const renamed = await api.patch<{ items: Label[] }>(`${LABELS}/${label.id}`, { name: 'Churn' });
    expect(renamed.body.items.at(-1)).toEqual({ ...label, name: 'Churn' });
    const recoloured = await api.patch<{ items: Label[] }>(`${LABELS}/${label.id}`, { color: '#000000' });
    expect(recoloured.body.items.at(-1)).toEqual({ ...label, name: 'Churn', color: '#000000' });
    const deleted = await api.delete<{ items: Label[] }>(`${LABELS}/${label.id}`);
    expect(deleted.body.items).toEqual(before);
  });

  it('refuses duplicates case-insensitively, long names, bad colours, empty patches', async () => {
    const [first] = await labels();
    for (const body of [
      { name: first?.name.toUpperCase(), color: '#111111' },
      { name: 'x'.repeat(41), color: '#111111' },
      { name: 'Fine', color: 'red' },
      { name: 'Fine', color: '#12345' },
      { name: 'Fine' },
    ]) {
      const res = await api.post(LABELS, body);
      expect([res.status, errorCode(res)]).toEqual([400, 'invalid_parameters']);
    }
    expect((await api.post(LABELS, { name: 'x'.repeat(40), color: '#111111' })).status).toBe(200);
    expect((await api.patch(`${LABELS}/${first?.id}`, {})).status).toBe(400);
  });

  it('caps a project at 50 labels', async () => {
    const start = (await labels()).length;
    for (let i = start; i < 50; i++) expect((await api.post(LABELS, { name: `L${i}`, color: '#222222' })).status).toBe(200);
    const res = await api.post(LABELS, { name: 'One too many', color: '#222222' });
    expect([res.status, errorCode(res)]).toEqual([400, 'bad_request']);
  });

  it('deleting a label strips it from every ticket; renaming touches none', async () => {
    const [label] = await labels();
    const carrying = async () =>
      (await api.get<{ items: { labels: Label[] }[] }>(`${TICKETS}?closed=all&labelId=${label?.id}`)).body.items;
    const before = await carrying();
    expect(before.length).toBeGreaterThan(0);
    await api.patch(`${LABELS}/${label?.id}`, { name: 'Renamed' });
    expect((await carrying()).map((t) => t.labels.find((l) => l.id === label?.id)?.name)).toEqual(before.map(() => 'Renamed'));
    await api.delete(`${LABELS}/${label?.id}`);
    expect(await carrying()).toEqual([]);
    const all = (await api.get<{ items: { labels: Label[] }[] }>(`${TICKETS}?closed=all`)).body.items;
    expect(all.flatMap((t) => t.labels).some((l) => l.id === label?.id)).toBe(false);
  });

  it('answers 404 project_not_found for an unknown label id', async () => {
    const res = await api.patch(`${LABELS}/lbl_999999`, { name: 'x' });
    expect([res.status, errorCode(res)]).toEqual([404, 'project_not_found']);
  });
});

describe('comments', () => {
  const seededThread = async () => {
    const tickets = (await api.get<{ items: { id: string; commentCount: number }[] }>(`${TICKETS}?closed=all`)).body.items;
    const ticket = tickets.find((t) => t.commentCount >= 2) as { id: string; commentCount: number };
    return { ticket, comments: (await api.get<{ items: Comment[] }>(`${TICKETS}/${ticket.id}/comments`)).body.items };
  };

  it('lists a thread oldest first; an API comment is origin api, stored exactly as sent, counted on the ticket', async () => {
    const { ticket, comments } = await seededThread();
    expect(comments).toHaveLength(ticket.commentCount);
    const body = '  **Heads up**: _exactly_ as sent\n';
    const res = await api.post<{ item: Comment }>(`${TICKETS}/${ticket.id}/comments`, { body });
    expect(res.body.item).toMatchObject({ ticketId: ticket.id, origin: 'api', body, edited: false });
    const after = (await api.get<{ items: Comment[] }>(`${TICKETS}/${ticket.id}/comments`)).body.items;
    expect(after.map((c) => c.id)).toEqual([...comments.map((c) => c.id), res.body.item.id]);
    expect((await api.get<{ item: { commentCount: number } }>(`${TICKETS}/${ticket.id}`)).body.item.commentCount).toBe(ticket.commentCount + 1);
  });

  it('edits API comments only (403 forbidden for a person’s) and deletes any', async () => {
    const { ticket, comments } = await seededThread();
    const person = comments.find((c) => c.origin === 'user') as Comment;
    const refused = await api.patch(`${TICKETS}/${ticket.id}/comments/${person.id}`, { body: 'rewritten' });
    expect([refused.status, errorCode(refused)]).toEqual([403, 'forbidden']);
    const mine = comments.find((c) => c.origin === 'api') as Comment;
    const edited = await api.patch<{ item: Comment }>(`${TICKETS}/${ticket.id}/comments/${mine.id}`, { body: 'Updated' });
    expect(edited.body.item).toMatchObject({ body: 'Updated', edited: true, origin: 'api' });
    expect((await api.delete(`${TICKETS}/${ticket.id}/comments/${person.id}`)).body).toEqual({ item: { success: true, id: person.id } });
    const left = (await api.get<{ items: Comment[] }>(`${TICKETS}/${ticket.id}/comments`)).body.items;
    expect(left.map((c) => c.id)).not.toContain(person.id);
  });

  it('refuses bodies over 20,000 characters and unknown comment ids', async () => {
    const { ticket, comments } = await seededThread();
    const long = await api.post(`${TICKETS}/${ticket.id}/comments`, { body: 'a'.repeat(20_001) });
    expect([long.status, errorCode(long)]).toEqual([400, 'invalid_parameters']);
    expect((await api.post(`${TICKETS}/${ticket.id}/comments`, { body: 'a'.repeat(20_000) })).status).toBe(200);
    const unknown = await api.delete(`${TICKETS}/${ticket.id}/comments/cmt_999999`);
    expect([unknown.status, errorCode(unknown)]).toEqual([404, 'project_not_found']);
    const elsewhere = await api.get<{ items: { id: string }[] }>(`${TICKETS}?status=triage`);
    const other = elsewhere.body.items.find((t) => t.id !== ticket.id)?.id;
    const wrongTicket = await api.delete(`${TICKETS}/${other}/comments/${comments[0]?.id}`);
    expect(wrongTicket.status).toBe(404);
  });

  it('caps a thread at 500 comments', async () => {
    const ticket = (await api.post<{ item: { id: string } }>(TICKETS, { title: 'Chatty', status: 'todo' })).body.item;
    // 499 written in-process (cheap), the 500th and 501st over HTTP.
    const board = (sandbox.state.board as TicketBoards).board('prj_northwind');
    for (let i = 0; i < 499; i++) board.addComment(ticket.id, `#${i}`, { origin: 'api', author: null });
    expect((await api.post(`${TICKETS}/${ticket.id}/comments`, { body: 'the 500th' })).status).toBe(200);
    const res = await api.post(`${TICKETS}/${ticket.id}/comments`, { body: 'one more' });
    expect([res.status, errorCode(res)]).toEqual([400, 'bad_request']);
  });
});
