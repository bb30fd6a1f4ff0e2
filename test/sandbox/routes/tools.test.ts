import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import { errorCode, sandboxClient } from '../client.js';

type Row = Record<string, unknown>;
let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
const trust = '/v1/tools/trust-signals/scans';
const agent = '/v1/tools/agent-adoption/scans';

beforeAll(async () => {
  // Speed 1: the test moves the sandbox clock instead of waiting.
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, now: Date.UTC(2026, 10, 20, 12), speed: 1 });
  api = sandboxClient(sandbox, sandbox.keys.readWrite);
});
afterAll(() => sandbox.close());

async function start(path: string, body: Row): Promise<string> {
  const res = await api.post<{ item: Row }>(path, body);
  expect(res.body.item.status).toBe('queued');
  return res.body.item.id as string;
}
const read = async (path: string, id: string) => (await api.get<{ item: Row }>(`${path}/${id}`)).body.item;

describe('scans', () => {
  it('normalises the domain and refuses a non-hostname', async () => {
    const id = await start(trust, { domain: 'HTTPS://Www.Pipedrift.com/pricing?x=1' });
    expect((await read(trust, id)).domain).toBe('www.pipedrift.com');
    for (const domain of ['not a host', 'localhost', 42, '']) {
      const res = await api.post(trust, { domain });
      expect([res.status, errorCode(res)]).toEqual([400, 'invalid_parameters']);
    }
  });

  it('walks queued -> running -> completed on the sandbox clock with a 2.9 trust result', async () => {
    const id = await start(trust, { domain: 'pipedrift.com' });
    expect((await read(trust, id)).status).toBe('queued');
    sandbox.control.advanceClock(1_500);
    expect(await read(trust, id)).toMatchObject({ status: 'running', startedAt: expect.any(String) });
    sandbox.control.advanceClock(5_000);
    const done = await read(trust, id);
    expect(done).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    const result = done.result as Row;
    expect(Object.keys(result.categoryScores as Row)).toEqual(['enterpriseReadiness', 'thirdPartyValidation', 'socialProof', 'brandAuthority', 'riskReversal']);
    expect(result.verdict).toMatchObject({ tier: expect.any(String), score: expect.any(Number) });
    expect(result.meta).toMatchObject({ signalsEvaluated: 26 });
    expect(result).not.toHaveProperty('headerInspection');
  });

  it('fails by domain with homepage_fetch_failed or scan_failed', async () => {
    const a = await start(trust, { domain: 'fail-homepage.example.com' });
    const b = await start(agent, { domain: 'fail-scan.example.com' });
    sandbox.control.advanceClock(60_000);
    expect(await read(trust, a)).toMatchObject({ status: 'failed', error: { code: 'homepage_fetch_failed' }, completedAt: expect.any(String) });
    expect(await read(agent, b)).toMatchObject({ status: 'failed', error: { code: 'scan_failed' } });
  });

  it('marks shielded headers and legacy nulls', async () => {
    const shielded = await start(trust, { domain: 'shielded.example.com' });
    const legacy = await start(trust, { domain: 'legacy-null.example.com' });
    sandbox.control.advanceClock(10_000);
    const s = (await read(trust, shielded)).result as { headerInspection: Row; signalsDetected: { evidence: Row[] }[] };
    expect(s.headerInspection).toEqual({ available: false, reason: 'site_uses_behavioral_protection' });
    expect(s.signalsDetected.flatMap((d) => d.evidence).some((e) => e.kind === 'header')).toBe(false);
    expect((await read(trust, legacy)).result).toMatchObject({ verdict: null, categoryScores: null, signalsDetected: null, meta: { signalsEvaluated: null } });
  });

  it('runs agent adoption for 35-60 s with 25 checks, fix prompts and evidence only when asked', async () => {
    const plain = await start(agent, { domain: 'hubforge.io' });
    const rich = await start(agent, { domain: 'hubforge.io', includeFixPrompts: true, debugMode: true });
    sandbox.control.advanceClock(30_000);
    expect((await read(agent, plain)).status).toBe('running');
    sandbox.control.advanceClock(30_000);
    type Check = Row & { status: string; scored: boolean };
    const checksOf = (item: Row) => (item.result as { categoryReports: { checks: Check[] }[] }).categoryReports.flatMap((c) => c.checks);
    const plainChecks = checksOf(await read(agent, plain));
    const richChecks = checksOf(await read(agent, rich));
    expect(plainChecks).toHaveLength(25);
    expect(plainChecks.some((c) => 'fixPrompt' in c || 'evidence' in c)).toBe(false);
    const failedScored = richChecks.filter((c) => c.status === 'fail' && c.scored);
    expect(failedScored.length).toBeGreaterThan(0);
    expect(richChecks.filter((c) => 'fixPrompt' in c)).toEqual(failedScored);
    expect(richChecks.every((c) => Array.isArray(c.evidence))).toBe(true);
  });

  it('ends a scan early through the control surface', async () => {
    const id = await start(agent, { domain: 'closewise.com' });
    await api.post(`/__sandbox/scans/${id}/fail`, { code: 'homepage_fetch_failed' });
    expect(await read(agent, id)).toMatchObject({ status: 'failed', error: { code: 'homepage_fetch_failed' } });
    const other = await start(agent, { domain: 'closewise.com' });
    await api.post(`/__sandbox/scans/${other}/complete`);
    expect((await read(agent, other)).status).toBe('completed');
  });

  it('answers scan_not_found alike for cross-org, unknown, wrong-tool and expired scans', async () => {
    const id = await start(trust, { domain: 'salesloom.com' });
    const answers = [
      await api.get(`${trust}/${id}`, sandbox.keys.otherOrg),
      await api.get(`${trust}/scan_000000000000`),
      await api.get(`${agent}/${id}`),
    ];
    sandbox.control.advanceClock(24 * 3_600_000);
    answers.push(await api.get(`${trust}/${id}`));
    for (const a of answers) expect([a.status, a.body]).toEqual([404, { error: { code: 'scan_not_found', message: 'Scan not found.', status: 404 } }]);
  });

  it('needs a plan', async () => {
    const res = await api.post(trust, { domain: 'pipedrift.com' }, sandbox.keys.noPlan);
    expect([res.status, errorCode(res)]).toEqual([402, 'subscription_required']);
  });
});

describe('fetch-url', () => {
  const fetchUrl = '/v1/tools/fetch-url';

  it('serves a canned page with clean stats and headers', async () => {
    const res = await api.post<{ item: Row }>(fetchUrl, { url: 'https://pipedrift.com/', bodyNeeded: true, headersNeeded: true, cleanHtml: true });
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({ statusCode: 200, headersAvailable: true, contentType: expect.stringContaining('text/html') });
    expect(res.body.item.body).not.toContain('<script');
    expect((res.body.item.cleanStats as Row).reductionPercent).toBeGreaterThan(0);
    const bare = await api.post<{ item: Row }>(fetchUrl, { url: 'https://pipedrift.com/' });
    expect(bare.body.item).not.toHaveProperty('body');
    expect(bare.body.item).not.toHaveProperty('headers');
  });

  it('reports hidden headers as an empty object, and 502 for pages it does not hold', async () => {
    const res = await api.post<{ item: Row }>(fetchUrl, { url: 'https://shielded.example.com/', headersNeeded: true });
    expect(res.body.item).toMatchObject({ headersAvailable: false, headers: {} });
    const unknown = await api.post(fetchUrl, { url: 'https://unknown-site.example.org/' });
    expect([unknown.status, errorCode(unknown)]).toEqual([502, 'fetch_failed']);
  });

  it('validates the url and option ranges', async () => {
    const bad: Row[] = [
      { url: 'ftp://pipedrift.com/' },
      { url: 'http://localhost:8080/' },
      { url: 'http://10.0.0.7/' },
      { url: 'http://[::1]/' },
      { url: 'https://pipedrift.com/', maxTimeoutMs: 999 },
      { url: 'https://pipedrift.com/', bodyMaxBytes: 104_857_601 },
      { url: 'https://pipedrift.com/', cleanHtml: true },
      {},
    ];
    for (const body of bad) {
      const res = await api.post(fetchUrl, body);
      expect([res.status, errorCode(res)], JSON.stringify(body)).toEqual([400, 'invalid_parameters']);
    }
  });
});
