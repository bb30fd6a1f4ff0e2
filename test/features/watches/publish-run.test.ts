/** The sandbox's publish-run control route: a new run on top of the history, served by every read. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { SEED } from '../../../src/sandbox/seed.js';
import { createServiceClient, type ServiceClient } from '../../../src/service/index.js';
import { publishRun } from './support.js';

const NW = SEED.projects.northwind.id;

describe('POST /__sandbox/projects/:id/runs', () => {
  let sandbox: Sandbox;
  let service: ServiceClient;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    service = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite, retry: false });
  });
  afterAll(async () => {
    await service.close();
    await sandbox.close();
  });

  it('puts a patched copy of the newest run on top of the history, served by the history, run and latest reads', async () => {
    const before = await service.getDimensionHistory(NW, 'pricing');
    await publishRun({ sandbox }, NW, { dimension: 'pricing', patch: { summary: { note: 'temporary' } } });
    const runId = await publishRun({ sandbox }, NW, { dimension: 'pricing', patch: { summary: { marketAvgPrice: 41, note: '$delete' } } });
    const after = await service.getDimensionHistory(NW, 'pricing');
    expect((after.items[0] as { runId: string }).runId).toBe(runId);
    expect(after.pagination.total).toBe(before.pagination.total + 2);
    const run = (await service.getDimensionRun(NW, 'pricing', runId)) as { summary: Record<string, unknown> };
    expect(run.summary.marketAvgPrice).toBe(41);
    expect(run.summary).not.toHaveProperty('note');
    expect(run.summary.comparablePriceCount).toBe(4);
    expect(run.summary.hasPriceGap ?? (run.summary.gaps as Record<string, unknown>).hasPriceGap).toBe(false);
    expect((await service.getPricing(NW)).summary.marketAvgPrice).toBe(41);
  });

  it('publishes AI visibility checks and refuses an unknown dimension', async () => {
    const checkId = await publishRun({ sandbox }, NW, { dimension: 'ai-visibility' });
    expect(((await service.getAiVisibilityHistory(NW)).items[0] as { checkId: string }).checkId).toBe(checkId);
    await expect(publishRun({ sandbox }, NW, { dimension: 'weather' as never })).rejects.toThrow(/400/);
  });
});
