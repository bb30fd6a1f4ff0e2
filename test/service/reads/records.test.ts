/**
 * The fact-returning methods of the briefing, scans, project, tickets and competitor-list areas
 * (src/service/reads/, issue 27), over real HTTP against the sandbox in both house styles: each
 * answers the facts its reader finds, and the alt style's other shapes (snake_case, nested
 * identities, lists under other keys) change none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { createServiceClient, type ServiceClient } from '../../../src/service/index.js';
import { readable } from '../../../src/service/tolerant.js';

const NW = 'prj_northwind';
const STYLES = ['default', 'alt'] as const;

interface World {
  sandbox: Sandbox;
  client: ServiceClient;
}

const worlds = new Map<(typeof STYLES)[number], World>();
const world = (style: (typeof STYLES)[number]): World => worlds.get(style)!;

beforeAll(async () => {
  for (const style of STYLES) {
    const sandbox = await startSandbox({ port: 0, speed: 1000, style });
    worlds.set(style, { sandbox, client: createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite, retry: false }) });
  }
});
afterAll(async () => {
  for (const w of worlds.values()) {
    await w.client.close();
    await w.sandbox.close();
  }
});

/** What an edition's facts say, in a form both styles must agree on. */
async function editionSummary(client: ServiceClient) {
  const read = await client.briefingFacts(NW);
  return {
    status: read.runMeta?.status,
    runId: read.runMeta?.runId,
    verdict: read.hubFacts.verdict,
    rows: read.hubFacts.rows.map((r) => [r.dimension?.toLowerCase() ?? null, r.deepDive?.toLowerCase() ?? null]),
    deepDives: read.deepDives,
    opened: read.opened,
    commented: read.commented.kind === 'entries' ? read.commented.entries.map((c) => c.ticketId) : read.commented.kind,
    unreadable: [read.hubFacts.hubUnreadable, read.hubFacts.diagnosisUnreadable],
  };
}

describe.each(STYLES)('the fact methods, sandbox in the %s style', (style) => {
  it('briefingFacts: the latest done edition with its verdict, rows, deep dives and opened tickets', async () => {
    const facts = await editionSummary(world(style).client);
    expect(facts.status).toBe('done');
    expect(facts.runId).toMatch(/^run_/);
    expect(facts.verdict).toEqual(expect.any(String));
    expect(facts.rows.length).toBeGreaterThan(0);
    expect(facts.rows.some(([, deep]) => deep !== null)).toBe(true);
    expect(facts.deepDives.length).toBeGreaterThan(0);
    for (const name of facts.deepDives) expect(name).toMatch(/^deep-/);
    expect(facts.opened.length).toBeGreaterThan(0);
    expect(facts.unreadable).toEqual([false, false]);
  });

  it('briefingRunFacts and deepDiveFacts: the same edition by its run id, and a deep dive it holds as parts', async () => {
    const { client } = world(style);
    const latest = await client.briefingFacts(NW);
    const runId = latest.runMeta!.runId as string;
    const run = await client.briefingRunFacts(NW, runId);
    expect(run.hubFacts.verdict).toBe(latest.hubFacts.verdict);
    expect(run.opened).toEqual(latest.opened);
    const name = latest.deepDives[0]!;
    const section = await client.deepDiveFacts(NW, runId, name);
    expect(section.found).toBe(true);
    expect(section.section.parts.filter((p) => p !== null).length).toBeGreaterThan(0);
    // Read with the section, the edition carries it among its facts too (the digest's charts read it there).
    const withSection = await client.briefingRunFacts(NW, runId, { sections: ['hub', name] });
    expect(Object.keys(withSection.sections)).toContain(name.replace(/-/g, ''));
    expect(latest.sections).toEqual({});
  });

  it('competitorFacts: every competitor with its id, domain and own flag, identities found where they sit', async () => {
    const list = await world(style).client.competitorFacts(NW);
    expect(list.unreadable).toBe(0);
    const pipedrift = list.competitors.find((c) => c.domain === 'pipedrift.com');
    expect(pipedrift).toMatchObject({ id: 'cmp_nw_pipedrift', isOwn: false, identity: { competitorId: 'cmp_nw_pipedrift', domain: 'pipedrift.com', isOwn: false } });
    expect(list.competitors.filter((c) => c.isOwn).map((c) => c.domain)).toEqual(['northwindcrm.com']);
    expect(list.competitors.length).toBe(7);
    const pages = await world(style).client.competitorPageFacts(NW, 'cmp_nw_pipedrift');
    expect(pages.homepage).toEqual({ kind: 'value', value: expect.stringContaining('pipedrift.com') });
  });

  it('projectFacts, alertFacts, scheduleFacts: the detail named fields, freshness and prompts; the entries of the rest', async () => {
    const { client } = world(style);
    const project = await client.projectFacts(NW);
    expect(project.named.domain).toEqual({ kind: 'value', value: 'northwindcrm.com' });
    expect(project.named.id).toEqual({ kind: 'value', value: NW });
    expect(project.freshness?.length).toBeGreaterThan(0);
    expect(project.prompts?.total).toBe(4);
    expect(project.prompts?.shown[0]).toEqual({ kind: 'text', text: 'best CRM for small sales teams' });
    const alerts = await client.alertFacts(NW);
    const schedules = await client.scheduleFacts(NW);
    expect(Array.isArray(alerts.entries)).toBe(true);
    expect(schedules.entries.length).toBeGreaterThan(0);
  });

  it('ticketListFacts, ticketFacts, moveTicketFacts: each ticket with its briefing size read beside it', async () => {
    const { client } = world(style);
    const list = await client.ticketListFacts(NW, { closed: 'all' });
    const tickets = readable(list.items);
    expect(list.total).toBeGreaterThanOrEqual(tickets.length);
    const briefing = tickets.filter((t) => t.origin === 'briefing');
    expect(briefing.length).toBeGreaterThan(0);
    for (const t of tickets) expect(t.briefingSize === null).toBe(t.origin !== 'briefing');
    expect(briefing.map((t) => t.briefingSize?.kind)).toContain('unsized');
    expect(briefing.map((t) => t.briefingSize?.kind)).toContain('minutes');
    const sized = briefing.find((t) => t.briefingSize?.kind === 'minutes')!;
    const one = await client.ticketFacts(NW, sized.id);
    expect(one.briefingSize).toEqual(sized.briefingSize);
    const moved = await client.moveTicketFacts(NW, sized.id, { status: 'done' });
    expect(moved.status).toBe('done');
    expect(moved.briefingSize).toEqual(sized.briefingSize);
  });

  it('trustScanFacts, agentsScanFacts: a scan queued, then completed with its result read', async () => {
    const { client, sandbox } = world(style);
    const trust = await client.startTrustSignalsScan('northwindcrm.com');
    const agents = await client.startAgentAdoptionScan({ domain: 'northwindcrm.com' });
    expect((await client.trustScanFacts(trust.id)).domain).toBe('northwindcrm.com');
    sandbox.control.advanceClock(60 * 60 * 1000);
    const trustDone = await client.trustScanFacts(trust.id);
    const agentsDone = await client.agentsScanFacts(agents.id);
    expect(trustDone.status === 'completed' && trustDone.finished.kind).toBe('trust');
    expect(agentsDone.status === 'completed' && agentsDone.finished.kind).toBe('agents');
    const reports = agentsDone.status === 'completed' && agentsDone.finished.kind === 'agents' ? agentsDone.finished.result.categoryReports : [];
    expect(Array.isArray(reports) && reports.length).toBeGreaterThan(0);
    expect(trustDone.expiresAt).toEqual(expect.any(String));
  });
});

describe('both styles state the same facts', () => {
  it('the edition, the competitor list and the project detail agree across styles', async () => {
    const [a, b] = await Promise.all(STYLES.map((s) => editionSummary(world(s).client)));
    expect(b).toEqual(a);
    const [la, lb] = await Promise.all(STYLES.map((s) => world(s).client.competitorFacts(NW)));
    const idOf = (l: NonNullable<typeof la>) => l.competitors.map((c) => [c.id, c.name, c.domain, c.isOwn]);
    expect(idOf(lb!)).toEqual(idOf(la!));
    const [pa, pb] = await Promise.all(STYLES.map((s) => world(s).client.projectFacts(NW)));
    const named = (p: NonNullable<typeof pa>) => [p.named.id, p.named.name, p.named.domain, p.named.status, p.named.competitorCount];
    expect(named(pb!)).toEqual(named(pa!));
    expect(pb!.prompts).toEqual(pa!.prompts);
  });
});
