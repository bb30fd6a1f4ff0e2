import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { TicketBoards } from '../../src/sandbox/tickets/boards.js';
import { TICKET_STATUSES } from '../../src/sandbox/tickets/model.js';
import type { TicketStatus } from '../../src/sandbox/tickets/model.js';
import { errorCode, sandboxClient } from './client.js';

describe('board limit', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  it('refuses a create past 5,000 tickets with 400 bad_request', async () => {
    const api = sandboxClient(sandbox);
    const board = sandbox.state.board as TicketBoards;
    const projectBoard = board.board('prj_sprout');
    while (projectBoard.size < 5_000) projectBoard.create({ title: `Filler ${projectBoard.size}`, status: 'todo' });
    const res = await api.post('/v1/projects/prj_sprout/tickets', { title: 'One too many', status: 'triage' });
    expect([res.status, errorCode(res)]).toEqual([400, 'bad_request']);
    await api.delete(`/v1/projects/prj_sprout/tickets/${board.ticketIds('prj_sprout')[0]}`);
    expect((await api.post('/v1/projects/prj_sprout/tickets', { title: 'Fits again', status: 'triage' })).status).toBe(200);
  });
});

type Op =
  | { kind: 'create'; status: TicketStatus }
  | { kind: 'delete'; pick: number }
  | { kind: 'move'; pick: number; status: TicketStatus; before: number | null; after: number | null };

const status = fc.constantFrom(...TICKET_STATUSES);
/** Neighbours are picked from every id ever issued, so deleted and moved-away ones come up often. */
const neighbour = fc.option(fc.nat(), { nil: null });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), status }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), status, before: neighbour, after: neighbour }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), status, before: neighbour, after: neighbour }),
);

/** Runs the ops on a fresh board; returns the board order and the ids that should be on it. */
function run(ops: readonly Op[]): { order: string[]; live: Set<string>; columnsMatch: boolean } {
  const boards = new TicketBoards(() => 0);
  boards.addProject('prj_p', 'org_o');
  const board = boards.board('prj_p');
  const issued: string[] = [];
  const live = new Set<string>();
  const at = (n: number): string | undefined => issued[n % Math.max(issued.length, 1)];
  for (const o of ops) {
    if (o.kind === 'create') {
      const id = board.create({ title: 't', status: o.status }).id;
      issued.push(id);
      live.add(id);
    } else if (o.kind === 'delete') {
      const id = at(o.pick);
      if (id && live.has(id)) {
        board.remove(id);
        live.delete(id);
      }
    } else {
      const id = at(o.pick);
      if (!id || !live.has(id)) continue;
      const before = o.before === null ? undefined : at(o.before);
      const after = o.after === null ? undefined : at(o.after);
      board.move(id, { status: o.status, beforeId: before, afterId: after });
      expect(board.ticket(id).status).toBe(o.status);
      // Placement: below a valid beforeId, else above a valid afterId, else at the bottom.
      const column = board.column(o.status);
      const valid = (n: string | undefined): boolean => n !== undefined && n !== id && column.includes(n);
      const index = column.indexOf(id);
      if (valid(before)) expect(column[index - 1]).toBe(before);
      else if (valid(after)) expect(column[index + 1]).toBe(after);
      else expect(index).toBe(column.length - 1);
    }
  }
  const columnsMatch = TICKET_STATUSES.every((s) => board.column(s).every((id) => board.ticket(id).status === s));
  return { order: boards.ticketIds('prj_p'), live, columnsMatch };
}

describe('board ordering (property)', () => {
  it('keeps every live ticket exactly once, each in its own column, whatever the moves', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), (ops) => {
        const { order, live, columnsMatch } = run(ops);
        expect(order).toHaveLength(new Set(order).size);
        expect(new Set(order)).toEqual(live);
        expect(columnsMatch).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same order for two identical sequences', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), (ops) => {
        expect(run(ops).order).toEqual(run(ops).order);
      }),
      { numRuns: 200 },
    );
  });
});
