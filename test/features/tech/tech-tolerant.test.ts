/**
 * `/radar tech` never breaks on the unknown: the sandbox's tech-trust answer (compact and full) with
 * any key removed, recased, moved one level up or down, or an unknown key added, still parses through
 * the real client over HTTP and renders, within Slack's limits; and no perturbation invents a finding:
 * a published or missing robots.txt, "none of the 26 found", a shielding sentence, or a verdict where the
 * answer had "unknown" appear only for the rows that had them.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { techView } from '../../../src/features/tech/views/tech-view.js';
import { SANDBOX_KEYS, startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { SEED } from '../../../src/sandbox/seed.js';
import { createServiceClient, readTechTrust, type ServiceClient } from '../../../src/service/index.js';
import { LIMITS } from '../../../src/slack/blocks/index.js';
import { replyText } from '../../support/radar-harness.js';
import { perturbation } from '../../service/perturb.js';
import { startScriptedServer, type ScriptedServer } from '../../service/scripted-server.js';

const RUNS = Number(process.env.TOLERANT_RUNS ?? 60);
let sandbox: Sandbox;
let server: ScriptedServer;
let client: ServiceClient;
let body: unknown;

beforeAll(async () => {
  sandbox = await startSandbox({ speed: 1000 });
  server = await startScriptedServer(() => ({ status: 200, json: body }));
  client = createServiceClient({ baseUrl: server.url, apiKey: 'svc_test', retry: false });
});
afterAll(async () => {
  await client?.close();
  await server?.close();
  await sandbox?.close();
});

async function render(full: boolean): Promise<string> {
  const item = await client.getDimension('prj_1', 'tech-trust', full ? { view: 'full' } : {});
  const facts = readTechTrust(item);
  const view = techView('P', facts, facts.rows.kind === 'value' ? facts.rows.value : null, { full });
  expect(view.blocks.length).toBeLessThanOrEqual(LIMITS.blocksPerMessage);
  const text = replyText({ args: { text: view.text, blocks: view.blocks } });
  expect(text).not.toMatch(/sent an answer Radar couldn't read/);
  return text;
}

/** Per competitor (by the `*domain*` line that opens it), its lines up to the next one. */
function rows(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let current: string | null = null;
  for (const line of text.split('\n')) {
    const head = /^\*([^*:]+)\*(?: _\(you\)_)?$/.exec(line);
    if (head) current = head[1] ?? null;
    if (current) out.set(current, `${out.get(current) ?? ''}\n${line}`);
  }
  return out;
}

const FINDINGS = [/robots\.txt:\* published/, /publishes no robots\.txt/, /none of the \d+ found/, /shields its response headers/];

describe.each([false, true])('tech-trust, full view %s', (full) => {
  it('any unstated key removed, recased, moved or added: renders, and invents no finding or verdict', async () => {
    const raw = await fetch(`${sandbox.url}/v1/projects/${SEED.projects.northwind.id}/tech-trust${full ? '?view=full' : ''}`, { headers: { 'svc-api-key': SANDBOX_KEYS.readWrite } });
    const answer = ((await raw.json()) as { item: unknown }).item;
    body = { item: answer };
    const baseline = rows(await render(full));
    await fc.assert(
      fc.asyncProperty(perturbation(answer, () => true), async (p) => {
        body = { item: p.body };
        const text = await render(full);
        for (const [domain, lines] of rows(text)) {
          const before = baseline.get(domain);
          if (before === undefined) continue;
          const why = `${p.describe}\n${lines}`;
          for (const finding of FINDINGS) if (finding.test(lines)) expect(before, why).toMatch(finding);
          if (/assistants unknown/.test(before)) expect(lines, why).not.toMatch(/assistants (allowed|blocked)/);
          if (/model training unknown/.test(before)) expect(lines, why).not.toMatch(/model training (allowed|blocked)/);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
