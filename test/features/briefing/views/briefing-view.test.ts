/** The briefing view's states (done, running, failed, never) and the history view, on the sandbox's reads. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefingView } from '../../../../src/features/briefing/views/briefing-view.js';
import { historyView } from '../../../../src/features/briefing/views/history-view.js';
import { createServiceClient, type ServiceClient } from '../../../../src/service/index.js';
import type { BriefingFacts } from '../../../../src/service/read/briefing.js';
import { startSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { publishEdition } from '../../../../src/sandbox/routes/index.js';
import { messageText } from '../../../support/view-checks.js';

const NOW = new Date();

describe('briefingView', () => {
  let sandbox: Sandbox;
  let service: ServiceClient;
  let done: BriefingFacts;
  let running: BriefingFacts;
  let failed: BriefingFacts;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    service = createServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.readWrite, retry: false });
    done = await service.briefingFacts('prj_northwind');
    publishEdition(sandbox.state, 'prj_lumen', { status: 'running' });
    running = await service.briefingFacts('prj_lumen');
    publishEdition(sandbox.state, 'prj_quarry', { status: 'failed' });
    failed = await service.briefingFacts('prj_quarry');
  });
  afterAll(async () => {
    await service?.close();
    await sandbox?.close();
  });

  it('done: the edition with its number, verdict, board counts, caveats and deep dives', () => {
    expect(done.meta.status).toBe('done');
    const text = messageText(briefingView('Northwind CRM', { kind: 'done', read: done }, NOW));
    expect(text).toMatch(/^== Northwind CRM: Edition \d+ · \w{3} \d{1,2}, \d{4} ==/);
    expect(text).toMatch(/\*On the board:\* \d+ tickets in all · opened \d+/);
    expect(text).toContain('*Coverage caveats*');
    expect(text).toContain('deep dive: `/radar briefing pricing`');
    expect(text).toContain('Latest edition · `/radar briefing history` lists every edition');
  });

  it('running: the step and start of the run, then the last done edition', () => {
    expect(running.meta.status).toBe('running');
    const text = messageText(briefingView('Lumen Docs', { kind: 'running', latest: running, lastDone: done }, NOW));
    expect(text).toMatch(/:hourglass_flowing_sand: A new edition for \*Lumen Docs\* is being written: now \*[^*]+\*, started /);
    expect(text).toContain('Runs finish within two hours.');
    expect(text).toContain('Last done edition · `/radar briefing history`');
  });

  it('failed with no done edition before it: says so, with nothing else to show', () => {
    expect(failed.meta.status).toBe('failed');
    const view = briefingView('Quarry Pay', { kind: 'failed', latest: failed, lastDone: null }, NOW);
    expect(view.text).toBe('Quarry Pay: briefing failed');
    const text = messageText(view);
    expect(text).toContain(':warning: The latest briefing attempt for *Quarry Pay* failed and produced no edition.');
    expect(text).toContain('There is no earlier done edition to show.');
  });

  it('never: the history is empty', () => {
    const view = briefingView('Sprout HR', { kind: 'never' }, NOW);
    expect(view.text).toBe('No briefing yet for Sprout HR');
    expect(messageText(view)).toContain('No briefing has run yet for *Sprout HR*: its history is empty.');
  });

  it('history: one line per run with its mark, number and date; the next page named', async () => {
    const page = await service.getBriefingHistory('prj_northwind', { limit: 2 });
    const text = messageText(historyView('Northwind CRM', page));
    expect(text).toContain('== Northwind CRM: briefing history ==');
    expect(text).toMatch(/:white_check_mark: \*#\d+\* · (\w{3} \d{1,2}, \d{4}|<!date\^\d+\^\{date_short_pretty\}\|\w{3} \d{1,2}, \d{4}>|today|yesterday) · /);
    if (page.pagination.hasMore) expect(text).toContain('next: `/radar briefing history --page 2`');
  });

  it('history of a project that never ran, and a page past the end', () => {
    const empty = { items: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0, hasMore: false } };
    expect(messageText(historyView('Sprout HR', empty))).toContain('No briefing has run yet.');
    expect(messageText(historyView('Sprout HR', { ...empty, pagination: { ...empty.pagination, page: 3, total: 5, totalPages: 1 } }))).toContain('Page 3 is past the end: 5 runs in all, 1 page.');
  });
});
