import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient, isServiceError, readPricing } from '../../src/service/index.js';
import type { ServiceClient } from '../../src/service/index.js';
import { briefingDone, briefingNever, pagination, pricingUnmeasured, project, ticket } from './fixtures.js';
import { startScriptedServer } from './scripted-server.js';
import type { Reply, ScriptedServer } from './scripted-server.js';
import { mustRead, readable } from '../../src/service/tolerant.js';

const API_KEY = 'svc_live_abcdefghijklmnopqrstuvwxyz012345';

let server: ScriptedServer | undefined;
let client: ServiceClient | undefined;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function serve(json: unknown, baseSuffix = ''): Promise<ServiceClient> {
  const reply: Reply = { status: 200, json };
  server = await startScriptedServer([reply]);
  client = createServiceClient({ baseUrl: server.url + baseSuffix, apiKey: API_KEY, retry: false });
  return client;
}

function lastRequest() {
  const req = server?.requests.at(-1);
  if (!req) throw new Error('no request reached the server');
  return req;
}

describe('the null contract survives the parse', () => {
  it('null stays null, 0 stays 0, false stays false, omitted stays omitted (pricing)', async () => {
    const svc = await serve({ item: pricingUnmeasured });
    const pricing = readPricing(await svc.getPricing('prj_1'));
    expect(pricing.customer.hasFreePlan).toEqual({ kind: 'value', value: null });
    expect(pricing.priceGap).toEqual({ kind: 'value', value: null });
    expect(pricing.marketAvgPrice).toEqual({ kind: 'value', value: null });
    expect(pricing.ownUnanalysed).toEqual({ kind: 'value', value: { reason: 'no_pricing_page_found' } });
    if (pricing.competitors.kind !== 'value') throw new Error('competitors unreadable');
    const [measured, unmeasured] = pricing.competitors.value;
    expect(measured?.hasFreePlan).toEqual({ kind: 'value', value: false });
    expect(measured?.lowestPrice).toEqual({ kind: 'value', value: 0 });
    expect(measured?.noData.kind).toBe('omitted');
    expect(unmeasured?.lowestPrice).toEqual({ kind: 'value', value: null });
    expect(unmeasured?.planCount.kind).toBe('omitted');
    expect(unmeasured?.noData).toEqual({ kind: 'value', value: { reason: 'page_did_not_respond' } });
  });

  it('a ticket: null author, briefing, assignee, dueDate, effort, impact stay null; 0 stays 0', async () => {
    const svc = await serve({ item: ticket });
    const read = await svc.getTicket('prj_1', 'tkt_1');
    expect(read).toMatchObject({ author: null, briefing: null, assignee: null, dueDate: null, effort: null, impact: null });
    expect(read.commentCount).toBe(0);
    expect(read.description).toBe('');
  });

  it('a briefing that never ran: meta.status null and null sections', async () => {
    const svc = await serve(briefingNever);
    const read = await svc.getBriefing('prj_1');
    expect(read.meta.status).toBeNull();
    expect(read.item).toBeNull();
    expect(read.contains).toBeNull();
  });

  it('a done briefing keeps its hub and empty lists', async () => {
    const svc = await serve(briefingDone);
    const read = await svc.getBriefing('prj_1', { sections: ['hub', 'deep-pricing'], includeCharts: true });
    expect(mustRead(mustRead(read.item)?.hub)?.blocks[0]).toEqual({ type: 'headline', verdict: 'Pricing pressure is rising' });
    expect(mustRead(read.tickets)?.opened).toEqual([]);
    expect(lastRequest().url).toBe('/v1/projects/prj_1/strategic-briefing?sections=hub,deep-pricing&includeCharts=true');
  });

  it('fetch-url: headers present but empty when unavailable, body omitted when not asked', async () => {
    const svc = await serve({
      item: { statusCode: 200, headers: {}, headersAvailable: false, finalUrl: 'https://a.example/', durationMs: 12 },
    });
    const result = await svc.fetchUrl({ url: 'https://a.example', headersNeeded: true });
    expect(result.headers).toEqual({});
    expect(result.headersAvailable).toBe(false);
    expect('body' in result).toBe(false);
    expect(JSON.parse(lastRequest().body)).toEqual({ url: 'https://a.example', headersNeeded: true });
  });
});

describe('unknown fields pass through', () => {
  it('on a project, nested and top level', async () => {
    const svc = await serve({ items: [{ ...project, futureField: { nested: [1, null] } }], extra: true });
    const [first] = await svc.listProjects();
    expect(first && mustRead(first).futureField).toEqual({ nested: [1, null] });
  });

  it('on not-shown payloads (dimension dashboards) everything is kept as sent', async () => {
    const dashboard = { readingGuide: { 'summary.x': 'guide' }, aiAccess: { measurement: { status: 'could_not_measure' } } };
    const svc = await serve({ item: dashboard });
    expect(await svc.getDimension('prj_1', 'tech-trust', { view: 'full' })).toEqual(dashboard);
    expect(lastRequest().url).toBe('/v1/projects/prj_1/tech-trust?view=full');
  });
});

describe('requests', () => {
  it('sends the key header, JSON accept and no body on a GET', async () => {
    const svc = await serve({ items: [] });
    await svc.listProjects();
    const req = lastRequest();
    expect(req.method).toBe('GET');
    expect(req.headers['svc-api-key']).toBe(API_KEY);
    expect(req.headers.accept).toBe('application/json');
    expect(req.body).toBe('');
  });

  it('joins status and include with commas and encodes every value', async () => {
    const svc = await serve({ items: [ticket], total: 1, hasMore: false });
    const list = await svc.listTickets('prj_1', {
      status: ['triage', 'todo'],
      include: ['description'],
      q: 'price & plans',
      assignee: 'none',
    });
    expect(list).toMatchObject({ total: 1, hasMore: false });
    expect(readable(list.items)[0]?.id).toBe('tkt_1');
    expect(lastRequest().url).toBe('/v1/projects/prj_1/tickets?status=triage,todo&include=description&q=price%20%26%20plans&assignee=none');
  });

  it('URL-encodes path segments', async () => {
    const svc = await serve({ items: [] });
    await svc.listComments('p/1?x', 't#2');
    expect(lastRequest().url).toBe('/v1/projects/p%2F1%3Fx/tickets/t%232/comments');
  });

  it.each(['', '/', '/v1', '/v1/'])('tolerates a base URL ending in %j', async (suffix) => {
    const svc = await serve({ item: { timestamp: '2025-01-02T03:04:05.000Z' } }, suffix);
    expect(await svc.health()).toEqual({ timestamp: '2025-01-02T03:04:05.000Z' });
    expect(lastRequest().url).toBe('/v1/health');
  });

  it('moves a ticket with PATCH .../move and the body as given', async () => {
    const svc = await serve({ item: { ...ticket, status: 'todo' } });
    const moved = await svc.moveTicket('prj_1', 'tkt_1', { status: 'todo', afterId: 'tkt_9' });
    expect(moved.status).toBe('todo');
    const req = lastRequest();
    expect([req.method, req.url, req.headers['content-type']]).toEqual(['PATCH', '/v1/projects/prj_1/tickets/tkt_1/move', 'application/json']);
    expect(JSON.parse(req.body)).toEqual({ status: 'todo', afterId: 'tkt_9' });
  });

  it('sends null to clear fields on an update', async () => {
    const svc = await serve({ item: ticket });
    await svc.updateTicket('prj_1', 'tkt_1', { assigneeUserId: null, labelIds: [] });
    expect(JSON.parse(lastRequest().body)).toEqual({ assigneeUserId: null, labelIds: [] });
  });
});

describe('unwrapping', () => {
  it('paginated reads resolve to { items, pagination }', async () => {
    const row = {
      runId: 'run_2',
      editionNumber: null,
      briefingDate: null,
      documentDate: '2025-01-02',
      status: 'failed',
      headline: null,
    };
    const svc = await serve({ items: [row], pagination });
    expect(await svc.getBriefingHistory('prj_1', { page: 2, limit: 5 })).toEqual({ items: [row], pagination });
    expect(lastRequest().url).toBe('/v1/projects/prj_1/strategic-briefing/history?page=2&limit=5');
  });

  it('label writes resolve to the whole list', async () => {
    const labels = [{ id: 'lbl_1', name: 'pricing', color: '#aabbcc' }];
    const svc = await serve({ items: labels });
    expect(await svc.createLabel('prj_1', { name: 'pricing', color: '#AABBCC' })).toEqual(labels);
    expect(lastRequest().url).toBe('/v1/projects/prj_1/tickets/labels');
  });

  it('deletes resolve to { success, id }', async () => {
    const svc = await serve({ item: { success: true, id: 'cmt_1' } });
    expect(await svc.deleteComment('prj_1', 'tkt_1', 'cmt_1')).toEqual({ success: true, id: 'cmt_1' });
    expect(lastRequest().method).toBe('DELETE');
  });

  it('a scan start posts the options and resolves to the queued scan', async () => {
    const queued = { id: 'scn_1', status: 'queued', createdAt: '2025-01-02T03:04:05.000Z', expiresAt: '2025-01-03T03:04:05.000Z' };
    const svc = await serve({ item: queued });
    expect(await svc.startAgentAdoptionScan({ domain: 'a.example', includeFixPrompts: true })).toEqual(queued);
    expect(lastRequest().url).toBe('/v1/tools/agent-adoption/scans');
    expect(JSON.parse(lastRequest().body)).toEqual({ domain: 'a.example', includeFixPrompts: true });
  });

  it('alerts pass through as the whole body', async () => {
    const svc = await serve({ items: [{ anything: 1 }] });
    expect(await svc.getAlerts('prj_1')).toEqual({ items: [{ anything: 1 }] });
  });
});

describe('close()', () => {
  it('closes the pool the client created, once however often it is called', async () => {
    const svc = await serve({ items: [] });
    await svc.listProjects();
    await Promise.all([svc.close(), svc.close()]);
    const outcome = await svc.listProjects().catch((e: unknown) => e);
    expect(isServiceError(outcome) && outcome.code).toBe('network_error');
  });

  it('leaves a passed dispatcher open, and uses it', async () => {
    server = await startScriptedServer([{ status: 200, json: { items: [] } }]);
    const agent = new Agent();
    const svc = createServiceClient({ baseUrl: server.url, apiKey: API_KEY, retry: false, dispatcher: agent });
    await svc.listProjects();
    await svc.close();
    expect(agent.closed).toBe(false);
    expect(server.requests).toHaveLength(1);
    await agent.close();
  });
});
