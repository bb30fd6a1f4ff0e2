/** Deep dives read through the real client from a scripted service: structures the sandbox never sends. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDeepDive } from '../../../../src/features/briefing/deep-dive.js';
import { deepDiveView } from '../../../../src/features/briefing/views/deep-dive-view.js';
import { createServiceClient, type ServiceClient } from '../../../../src/service/index.js';
import { messageText } from '../../../support/view-checks.js';
import { startScriptedServer, type ScriptedServer } from '../../../service/scripted-server.js';

const META = { runId: 'run_0123456789ab', status: 'done', editionNumber: 7, startedAt: '2026-11-01T00:00:00Z', briefingDate: '2026-11-01T02:00:00Z' };
const TICKETS = null;

function edition(rows: unknown[], contains: string[], extra: Record<string, unknown> = {}) {
  return { meta: META, item: { hub: { kind: 'hub', blocks: [{ type: 'headline', verdict: 'v' }, { type: 'diagnosis', rows }] }, ...extra }, coverage: null, contains, tickets: TICKETS };
}

let hub: unknown;
let deep: unknown;
let server: ScriptedServer;
let client: ServiceClient;

beforeAll(async () => {
  server = await startScriptedServer((req) => ({ status: 200, json: req.url.includes('sections=deep-') ? deep : hub }));
  client = createServiceClient({ baseUrl: server.url, apiKey: 'svc_test', retry: false });
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe('deep dives', () => {
  it('`contains` alone (no pointer on the row) is enough to ask for the section', async () => {
    hub = edition([{ dimension: 'content', label: 'Content', note: 'n' }], ['hub', 'deep-content']);
    deep = edition([], ['hub', 'deep-content'], { 'deep-content': { Heading: 'Content moves', Paragraph: 'Long text', odd: { shape: [1, 2] } } });
    server.requests.length = 0;
    const state = await loadDeepDive(client, 'prj_1', 'content', false);
    expect(server.requests.map((r) => r.url)).toEqual(['/v1/projects/prj_1/strategic-briefing', '/v1/projects/prj_1/strategic-briefing/history/run_0123456789ab?sections=deep-content']);
    const text = messageText(deepDiveView('Acme', 'content', state, false));
    expect(text).toContain('*Content moves*');
    expect(text).toContain('*Paragraph:* Long text');
    expect(text).toContain('*Shape:* 1, 2');
  });

  it('no pointer and not in contains: no section read; the row without a note says it gave no reason', async () => {
    hub = edition([{ dimension: 'pricing', label: 'Pricing' }], ['hub']);
    server.requests.length = 0;
    const state = await loadDeepDive(client, 'prj_1', 'pricing', false);
    expect(server.requests).toHaveLength(1);
    const text = messageText(deepDiveView('Acme', 'pricing', state, false));
    expect(text).toContain('No deep dive this edition for *Pricing*');
    expect(text).toContain('gives no reason');
    expect(text).toContain('This edition holds no deep dive.');
  });

  it('a listed section the service did not return is said so; tables of objects, charts without series, escaped text', async () => {
    hub = edition([{ dimension: 'pricing', label: 'Pricing', deepDive: 'pricing' }], ['hub', 'deep-pricing']);
    deep = edition([], ['hub']);
    expect(messageText(deepDiveView('Acme', 'pricing', await loadDeepDive(client, 'prj_1', 'pricing', true), true))).toContain('returned no `deep-pricing` section');
    deep = edition([], ['hub'], {
      'deep-pricing': {
        title: '<!channel> prices',
        parts: [
          { type: 'table', headers: ['A', 'B'], rows: [{ a: 1, b: null }] },
          { type: 'lineChart', title: 'Trend', note: 'n' },
          { items: ['x', { label: 'y' }] },
        ],
      },
    });
    const view = deepDiveView('Acme', 'pricing', await loadDeepDive(client, 'prj_1', 'pricing', true), true);
    expect(JSON.stringify(view.blocks)).not.toContain('<!channel>');
    const text = messageText(view);
    expect(text).toContain('_A | B_');
    expect(text).toContain('1 | _not measured_');
    expect(text).toContain(':bar_chart: *Trend*: n');
    expect(text).toContain('The service sent no series for this chart.');
    expect(text).toContain('• x');
    expect(text).toMatch(/• \*Label:\* y/);
  });
});
