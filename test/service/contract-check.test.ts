/** The cached comparison `/radar status` shows: started in the background, kept for an hour. */
import { describe, expect, it } from 'vitest';
import { compareWithDescription, contractStatus, contractStatusSettled } from '../../src/service/contract-check.js';
import type { ServiceClient } from '../../src/service/index.js';

const describing = (answer: () => Promise<Record<string, unknown>>) => {
  let calls = 0;
  const service = { describe: () => (calls++, answer()) } as unknown as ServiceClient;
  return { service, calls: () => calls };
};

describe('contractStatus', () => {
  it('answers checking… at once, then the comparison, and refreshes it at most hourly', async () => {
    let now = 0;
    const { service, calls } = describing(async () => ({ openapi: '3.1.0', info: { version: '7' }, paths: {} }));
    expect(contractStatus(service, () => now)).toEqual({ state: 'checking' });
    await contractStatusSettled(service);
    const first = contractStatus(service, () => now);
    expect(first).toMatchObject({ state: 'compared', report: { version: '7' } });
    now += 59 * 60_000;
    contractStatus(service, () => now);
    expect(calls()).toBe(1);
    now += 60_000;
    expect(contractStatus(service, () => now)).toBe(first);
    expect(calls()).toBe(2);
    await contractStatusSettled(service);
  });

  it('reports an unreadable description', async () => {
    const { service } = describing(() => Promise.reject(new Error('HTTP 404 not_found')));
    contractStatus(service);
    await contractStatusSettled(service);
    expect(contractStatus(service)).toMatchObject({ state: 'unreadable', reason: 'HTTP 404 not_found' });
  });
});

describe('compareWithDescription', () => {
  it('refuses something that is not an OpenAPI document in one sentence', () => {
    const report = compareWithDescription({ hello: 'world' });
    expect(report.differences.map((d) => d.sentence)).toEqual(['the service answered /v1/docs/openapi.json with something that is not an OpenAPI document']);
  });

  it('follows $ref, matches path templates whatever the parameter names, names an endpoint missing', () => {
    const doc = {
      openapi: '3.1.0',
      info: { version: '1' },
      paths: {
        '/v1/health': { get: { responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } } } } } },
        '/v1/projects/{id}/alerts': { get: { responses: {} } },
      },
      components: { schemas: { Health: { type: 'object', properties: { item: { type: 'object' } } } } },
    };
    const report = compareWithDescription(doc);
    const sentences = report.findings.map((f) => f.sentence);
    expect(sentences).toContain('health: the health item at item, where Radar looks: fine');
    expect(sentences).toContain('alerts (GET /v1/projects/{projectId}/alerts): described; Radar passes its answer through');
    expect(sentences).toContain('schedules (GET /v1/projects/{projectId}/schedules): not described');
  });
});
