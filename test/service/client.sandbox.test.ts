/**
 * The client against the sandbox: every read of every seeded project parses under the schemas, a
 * ticket round trip works, scans complete, and the sandbox's auth answers map to ServiceError codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEYS, startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { SEED } from '../../src/sandbox/seed.js';
import { createServiceClient, DIMENSION_READS, isServiceError, readPricing } from '../../src/service/index.js';
import type { ServiceClient } from '../../src/service/index.js';
import { mustRead, readable } from '../../src/service/tolerant.js';

let sandbox: Sandbox;
let client: ServiceClient;
const others: ServiceClient[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ speed: 1000 });
  client = createServiceClient({ baseUrl: sandbox.url, apiKey: SANDBOX_KEYS.readWrite, retry: false });
});

afterAll(async () => {
  await Promise.all([client, ...others].map((c) => c.close()));
  await sandbox.close();
});

function clientWith(apiKey: string): ServiceClient {
  const c = createServiceClient({ baseUrl: sandbox.url, apiKey, retry: false });
  others.push(c);
  return c;
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const outcome = await promise.then(
    () => 'no error',
    (e: unknown) => (isServiceError(e) ? e.code : `not a ServiceError: ${String(e)}`),
  );
  return outcome;
}

const seeded = ['northwind', 'lumen', 'quarry'] as const;

describe('every read parses', () => {
  it('projects and health', async () => {
    const projects = await client.listProjects();
    expect(readable(projects).map((p) => p.id)).toContain(SEED.projects.northwind.id);
    expect(await client.health()).toBeTypeOf('object');
  });

  it.each(seeded)('%s: project, competitors, dimensions, AI, briefing, board', async (key) => {
    const p = SEED.projects[key];
    await client.getProject(p.id);
    const competitors = await client.listCompetitors(p.id);
    expect(readable(competitors).filter((c) => c.isOwn === true)).toHaveLength(1);
    await client.getCompetitor(p.id, p.ownCompetitorId);
    await client.getPricing(p.id);
    for (const dimension of DIMENSION_READS) {
      await client.getDimension(p.id, dimension);
      const history = await client.getDimensionHistory(p.id, dimension, { limit: 5 });
      expect(history.pagination.limit).toBe(5);
      const runId = p.runIds[dimension]?.[0];
      if (runId) await client.getDimensionRun(p.id, dimension, runId);
    }
    await client.getContentChangelog(p.id, { allUrlsPerCategory: true });
    await client.getAiVisibility(p.id, { includeAnswers: true });
    await client.getAiVisibilityHistory(p.id);
    const checkId = p.checkIds[0];
    if (checkId) await client.getAiVisibilityCheck(p.id, checkId, { view: 'full' });
    await client.getAiSources(p.id);
    await client.getAiSourcesHistory(p.id);
    await client.getAlerts(p.id);
    await client.getSchedules(p.id);
    await client.getBriefing(p.id, { sections: ['all'] });
    await client.getBriefingHistory(p.id);
    for (const runId of p.briefingRunIds) await client.getBriefingRun(p.id, runId);
    await client.listTickets(p.id, { closed: 'all', include: ['description'] });
    await client.listLabels(p.id);
    await client.listAssignees(p.id);
  });

  it('a project that never ran: no_data_available, and a briefing with meta.status null', async () => {
    const p = SEED.projects.sprout;
    expect(await codeOf(client.getPricing(p.id))).toBe('no_data_available');
    expect((await client.getBriefing(p.id)).meta.status).toBeNull();
  });

  it('own pricing unmeasured: customer metrics null with the reason beside them', async () => {
    const pricing = readPricing(await client.getPricing(SEED.projects.lumen.id));
    expect(pricing.customer.hasFreePlan).toEqual({ kind: 'value', value: null });
    expect(pricing.priceGap).toEqual({ kind: 'value', value: null });
    expect(pricing.ownUnanalysed.kind).toBe('value');
  });

  it('a run finished without a summary: run_not_summarized', async () => {
    const p = SEED.projects.northwind;
    expect(await codeOf(client.getDimensionRun(p.id, 'pricing', SEED.unsummarizedPricingRunId))).toBe('run_not_summarized');
  });
});

describe('the board', () => {
  it('create, move, comment, label, delete', async () => {
    const pid = SEED.projects.quarry.id;
    const created = await client.createTicket(pid, { title: 'Client round trip', status: 'todo', impact: 2 });
    expect(created).toMatchObject({ origin: 'api', author: null, status: 'todo', impact: 2 });
    const moved = await client.moveTicket(pid, created.id, { status: 'in_progress' });
    expect(moved.status).toBe('in_progress');
    const comment = await client.createComment(pid, created.id, 'First note');
    expect((await client.updateComment(pid, created.id, comment.id, 'Edited note')).edited).toBe(true);
    const labels = await client.createLabel(pid, { name: 'client-test', color: '#AA00CC' });
    const label = readable(labels).find((l) => l.name === 'client-test');
    expect(label?.color).toBe('#aa00cc');
    const updated = await client.updateTicket(pid, created.id, { labelIds: label ? [label.id] : [], effort: null });
    expect(readable(mustRead(updated.labels)).map((l) => l.name)).toEqual(['client-test']);
    const listed = await client.listTickets(pid, { status: ['in_progress'], q: 'client round' });
    expect(readable(listed.items).map((t) => t.id)).toEqual([created.id]);
    expect((await client.deleteComment(pid, created.id, comment.id)).success).toBe(true);
    if (label) await client.deleteLabel(pid, label.id);
    expect(await client.deleteTicket(pid, created.id)).toEqual({ success: true, id: created.id });
    expect(await codeOf(client.getTicket(pid, created.id))).toBe('project_not_found');
  });
});

describe('scans', () => {
  it('trust signals and agent adoption run to completion and parse', async () => {
    const trust = await client.startTrustSignalsScan('northwindcrm.com');
    const adoption = await client.startAgentAdoptionScan({ domain: 'northwindcrm.com', debugMode: true, includeFixPrompts: true });
    expect([trust.status, adoption.status]).toEqual(['queued', 'queued']);
    await expect
      .poll(async () => (await client.getTrustSignalsScan(trust.id)).status, { interval: 20, timeout: 5_000 })
      .toBe('completed');
    await expect
      .poll(async () => (await client.getAgentAdoptionScan(adoption.id)).status, { interval: 20, timeout: 5_000 })
      .toBe('completed');
    expect(mustRead((await client.getTrustSignalsScan(trust.id)).result)?.domain).toBe('northwindcrm.com');
    expect(mustRead(mustRead((await client.getAgentAdoptionScan(adoption.id)).result)?.categoryReports ?? []).length).toBeGreaterThan(0);
  });
});

describe('auth answers', () => {
  it('maps the sandbox keys to their codes', async () => {
    const pid = SEED.projects.northwind.id;
    expect(await codeOf(clientWith(SANDBOX_KEYS.readOnly).createTicket(pid, { title: 'x', status: 'todo' }))).toBe(
      'insufficient_scope',
    );
    expect(await codeOf(clientWith(SANDBOX_KEYS.revoked).listProjects())).toBe('api_key_revoked');
    expect(await codeOf(clientWith(SANDBOX_KEYS.noPlan).startTrustSignalsScan('a.example'))).toBe('subscription_required');
    expect(await codeOf(clientWith(SANDBOX_KEYS.otherOrg).getProject(pid))).toBe('project_not_found');
    expect(await codeOf(clientWith('').listProjects())).toMatch(/^api_key_(missing|invalid)$/);
  });
});
