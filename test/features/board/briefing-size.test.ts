/**
 * "unsized" on every line that shows a briefing ticket whose `briefing.estimatedMinutes` is null
 * (spec 2.6, issue 27): the ticket list, one ticket, the edition's opened tickets (`/radar briefing`),
 * the digest's ticket rows and the Home tab all say it from one reading (`briefingSizeOf`). The
 * tickets are the sandbox's own, read over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, TICKET_SEED, type Sandbox } from '../../../src/sandbox/index.js';
import { createServiceClient, type ServiceClient, type Ticket, type TicketFacts } from '../../../src/service/index.js';
import { briefingSizeOf, ticketFactsOf } from '../../../src/service/schemas/tickets.js';
import { readable, Unreadable } from '../../../src/service/tolerant.js';
import { ticketLine } from '../../../src/features/board/views/ticket-format.js';
import { ticketListView } from '../../../src/features/tickets/views/ticket-list-view.js';
import { ticketView } from '../../../src/features/tickets/views/ticket-view.js';
import { openedTicketLine } from '../../../src/features/editions/views/edition-summary.js';
import { ticketRowBlocks } from '../../../src/features/digest/views/digest-view.js';
import { homeView } from '../../../src/features/home/views/home-view.js';
import type { HomeModel } from '../../../src/features/home/home-data.js';
import { renderBlocksText } from '../../../src/slack/blocks/render-text.js';
import { homeText } from '../../support/view-checks.js';

const NORTHWIND = TICKET_SEED.projects.northwind;

describe('a briefing ticket without an estimate is "unsized" on every line', () => {
  let sandbox: Sandbox;
  let svc: ServiceClient;
  let unsized: TicketFacts;
  let sized: TicketFacts;
  let plain: TicketFacts;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    svc = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite, retry: false });
    const all = readable((await svc.ticketListFacts(NORTHWIND, { closed: 'all' })).items);
    const briefing = all.filter((t) => t.origin === 'briefing');
    unsized = briefing.find((t) => briefingSizeOf(t)?.kind === 'unsized')!;
    sized = briefing.find((t) => briefingSizeOf(t)?.kind === 'minutes')!;
    plain = all.find((t) => t.origin !== 'briefing')!;
    expect(unsized).toBeDefined();
    expect(sized).toBeDefined();
  });
  afterAll(async () => {
    await svc?.close();
    await sandbox?.close();
  });

  /** Every place a ticket is drawn, as text. */
  const everyLine = (t: TicketFacts): Record<string, string> => {
    const model: HomeModel = {
      channels: [],
      channelsUnknown: false,
      projects: [{ projectId: NORTHWIND, projectName: 'Northwind', assigned: { kind: 'tickets', member: { userId: 'u', fullName: 'Maya Chen' }, tickets: [t], unreadable: [], total: 1 }, briefing: { kind: 'none' } }],
      moreProjects: 0,
      disallowedProjects: 0,
      firstVisit: false,
      refreshedAt: new Date('2026-06-01T09:00:00Z'),
    };
    return {
      line: ticketLine(t),
      list: renderBlocksText(ticketListView({ projectName: 'Northwind', list: { items: [t], total: 1, hasMore: false }, filters: [], closed: 'recent' }).blocks),
      ticket: renderBlocksText(ticketView({ projectId: NORTHWIND, projectName: 'Northwind', ticket: t, comments: [] }).blocks),
      edition: openedTicketLine(t, 1),
      digest: renderBlocksText(ticketRowBlocks(NORTHWIND, t, { rank: 1 })),
      home: homeText(homeView(model)),
    };
  };

  it('says unsized where the edition gave no estimate', () => {
    for (const [where, text] of Object.entries(everyLine(unsized))) expect(text, where).toContain('unsized');
  });

  it('says the size where there is one, and nothing about size on a ticket no briefing opened', () => {
    for (const [where, text] of Object.entries(everyLine(sized))) {
      expect(text, where).not.toContain('unsized');
      expect(text, where).toMatch(/about \d+/);
    }
    expect(ticketLine(plain)).not.toMatch(/unsized|size/);
  });

  it('an estimate that is missing or mistyped is "couldn\'t read", never unsized or a zero', () => {
    const briefing = unsized.briefing as { runId: string; dimension: string };
    const missing = { ...unsized, briefing: { runId: briefing.runId, dimension: briefing.dimension, estimatedMinutes: new Unreadable(undefined) } } as unknown as Ticket;
    const missingFacts = ticketFactsOf(missing);
    expect(briefingSizeOf(missing)).toEqual({ kind: 'unreadable' });
    for (const [where, text] of Object.entries(everyLine(missingFacts))) {
      expect(text, where).not.toContain('unsized');
      expect(text, where).toContain("couldn't read");
    }
  });
});
