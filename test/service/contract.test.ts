/**
 * The contract (`src/service/contract.ts`) cannot drift from the client: every client method is
 * driven against a recording server on loopback, with every query parameter its types allow, and
 * each request it sends must be an endpoint of the contract that names that method, with only the
 * query parameters the contract lists; every contract endpoint and parameter must be sent by some
 * method.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, DIMENSION_READS } from '../../src/service/index.js';
import type { RawServiceClient as ServiceClient } from '../../src/service/index.js';
import { SERVICE_CONTRACT } from '../../src/service/contract.js';
import type { ContractEndpoint } from '../../src/service/contract.js';

interface Sent {
  client: string;
  method: string;
  path: string;
  query: string[];
}

type Calls = { [K in Exclude<keyof ServiceClient, 'close' | 'budget'>]: (c: ServiceClient) => Promise<unknown>[] };

const P = 'prj_1';
const PAGE = { page: 2, limit: 5 } as const;
const AI = { includeAnswers: true, provider: 'm', brand: 'b.com', promptIndex: 0, view: 'compact', includeSummary: true, offset: 0, limit: 5 } as const;
const BRIEFING = { sections: ['hub'], includeCharts: true };

/** One entry per client method; a new method fails to compile until it is added here. */
const CALLS: Calls = {
  health: (c) => [c.health()],
  describe: (c) => [c.describe()],
  listProjects: (c) => [c.listProjects()],
  getProject: (c) => [c.getProject(P)],
  listCompetitors: (c) => [c.listCompetitors(P)],
  getCompetitor: (c) => [c.getCompetitor(P, 'cmp_1')],
  getDimension: (c) => DIMENSION_READS.map((d) => c.getDimension(P, d, d === 'tech-trust' ? { view: 'full' } : {})),
  getDimensionHistory: (c) => DIMENSION_READS.map((d) => c.getDimensionHistory(P, d, PAGE)),
  getDimensionRun: (c) => DIMENSION_READS.map((d) => c.getDimensionRun(P, d, 'run_1', d === 'tech-trust' ? { view: 'full' } : {})),
  getPricing: (c) => [c.getPricing(P)],
  getContentChangelog: (c) => [c.getContentChangelog(P, { ...PAGE, competitorId: 'cmp_1', category: 'blog', allUrlsPerCategory: true })],
  getAiVisibility: (c) => [c.getAiVisibility(P, AI)],
  getAiVisibilityHistory: (c) => [c.getAiVisibilityHistory(P, PAGE)],
  getAiVisibilityCheck: (c) => [c.getAiVisibilityCheck(P, 'chk_1', AI)],
  getAiVisibilityTrend: (c) => [c.getAiVisibilityTrend(P, { provider: 'm' })],
  getAiSources: (c) => [c.getAiSources(P)],
  getAiSourcesHistory: (c) => [c.getAiSourcesHistory(P, PAGE)],
  getAiSourcesCheck: (c) => [c.getAiSourcesCheck(P, 'chk_1')],
  getAlerts: (c) => [c.getAlerts(P)],
  getSchedules: (c) => [c.getSchedules(P)],
  getBriefing: (c) => [c.getBriefing(P, BRIEFING)],
  getBriefingHistory: (c) => [c.getBriefingHistory(P, PAGE)],
  getBriefingRun: (c) => [c.getBriefingRun(P, 'run_1', BRIEFING)],
  listTickets: (c) => [
    c.listTickets(P, {
      status: ['todo'],
      closed: 'all',
      origin: 'api',
      dimension: 'pricing',
      briefingRunId: 'run_1',
      assignee: 'none',
      labelId: 'lbl_1',
      number: 1,
      q: 'x',
      include: ['description'],
    }),
  ],
  createTicket: (c) => [c.createTicket(P, { title: 't', status: 'todo' })],
  getTicket: (c) => [c.getTicket(P, 'tkt_1')],
  updateTicket: (c) => [c.updateTicket(P, 'tkt_1', { title: 't' })],
  deleteTicket: (c) => [c.deleteTicket(P, 'tkt_1')],
  moveTicket: (c) => [c.moveTicket(P, 'tkt_1', { status: 'done' })],
  listComments: (c) => [c.listComments(P, 'tkt_1')],
  createComment: (c) => [c.createComment(P, 'tkt_1', 'b')],
  updateComment: (c) => [c.updateComment(P, 'tkt_1', 'cmt_1', 'b')],
  deleteComment: (c) => [c.deleteComment(P, 'tkt_1', 'cmt_1')],
  listLabels: (c) => [c.listLabels(P)],
  createLabel: (c) => [c.createLabel(P, { name: 'n', color: '#000000' })],
  updateLabel: (c) => [c.updateLabel(P, 'lbl_1', { name: 'n' })],
  deleteLabel: (c) => [c.deleteLabel(P, 'lbl_1')],
  listAssignees: (c) => [c.listAssignees(P)],
  fetchUrl: (c) => [c.fetchUrl({ url: 'https://example.com' })],
  startTrustSignalsScan: (c) => [c.startTrustSignalsScan('example.com')],
  getTrustSignalsScan: (c) => [c.getTrustSignalsScan('scan_1')],
  startAgentAdoptionScan: (c) => [c.startAgentAdoptionScan({ domain: 'example.com', debugMode: true, includeFixPrompts: true })],
  getAgentAdoptionScan: (c) => [c.getAgentAdoptionScan('scan_1')],
};

const templateMatches = (template: string, path: string): boolean =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path);

let sent: Sent[] = [];

beforeAll(async () => {
  let current = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    sent.push({ client: current, method: req.method ?? '', path: url.pathname, query: [...url.searchParams.keys()] });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = createServiceClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'k', retry: false });
  sent = [];
  for (const [name, call] of Object.entries(CALLS)) {
    current = name;
    await Promise.allSettled(call(client));
  }
  await client.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const params = (e: ContractEndpoint): number => (e.path.match(/\{/g) ?? []).length;

/** The matching endpoint with the most literal segments (`/tickets/labels` before `/tickets/{ticketId}`). */
function endpointOf(request: Sent): ContractEndpoint | undefined {
  return SERVICE_CONTRACT.filter((e) => e.method === request.method && templateMatches(e.path, request.path)).sort((a, b) => params(a) - params(b))[0];
}

describe('the service contract against the client', () => {
  it('every request a client method sends is a contract endpoint naming that method', () => {
    expect(sent.length).toBeGreaterThanOrEqual(Object.keys(CALLS).length);
    for (const request of sent) {
      const endpoint = endpointOf(request);
      expect(endpoint, `${request.client}: ${request.method} ${request.path}`).toBeDefined();
      expect(endpoint?.client, `${request.method} ${request.path}`).toContain(request.client);
    }
  });

  it('every query parameter a method sends is listed, and every listed one is sent', () => {
    for (const endpoint of SERVICE_CONTRACT) {
      const keys = new Set(sent.filter((r) => endpointOf(r) === endpoint).flatMap((r) => r.query));
      if (endpoint.queryPassthrough) continue;
      expect([...keys].sort(), `${endpoint.method} ${endpoint.path}`).toEqual([...(endpoint.query ?? [])].sort());
    }
  });

  it('every contract endpoint is called by the methods it names', () => {
    for (const endpoint of SERVICE_CONTRACT) {
      const callers = new Set(sent.filter((r) => endpointOf(r) === endpoint).map((r) => r.client));
      expect([...callers].sort(), `${endpoint.method} ${endpoint.path}`).toEqual([...endpoint.client].sort());
    }
  });

  it('names each endpoint once, with field paths in the contract syntax', () => {
    const keys = SERVICE_CONTRACT.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const endpoint of SERVICE_CONTRACT) {
      for (const field of endpoint.fields ?? []) expect(field.path).toMatch(/^[A-Za-z_][\w-]*(\[\])?(\.[A-Za-z_][\w-]*(\[\])?)*$/);
    }
  });
});
