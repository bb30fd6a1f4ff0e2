/**
 * `npm run doctor` against the sandbox over loopback: the built-in sandbox passes; a revoked key,
 * a read-only key, an organisation without a plan, a patched service description and Slack settings
 * each give their named line and fix; the real entry is spawned once to prove its exit codes.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { startSandbox } from '../../src/sandbox/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { runDoctor } from '../../src/doctor/run.js';
import type { DoctorReport } from '../../src/doctor/run.js';
import { BOT_SCOPES } from '../../src/doctor/bot-scopes.js';
import { startSlackStandIn } from './support.js';
import type { SlackStandIn } from './support.js';

let sandbox: Sandbox;
let dir: string;
let store: string;
/** A Slack that passes, so the service tests read as going live when the service passes. */
const LIVE_BOT = `xoxb-${randomUUID()}`;
const LIVE_APP = `xapp-${randomUUID()}`;
let liveSlack: SlackStandIn;
beforeAll(async () => {
  sandbox = await startSandbox();
  liveSlack = await startSlackStandIn({ botToken: LIVE_BOT, appToken: LIVE_APP, scopes: [...BOT_SCOPES] });
  dir = mkdtempSync(join(tmpdir(), 'radar-doctor-'));
  store = `sqlite://${join(dir, 'radar.sqlite')}`;
});
afterAll(async () => {
  await sandbox.close();
  await liveSlack.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => sandbox.control.reset());

const envWith = (key: keyof Sandbox['keys'], extra: Record<string, string> = {}) => ({
  SVC_BASE_URL: sandbox.url,
  SVC_API_KEY: sandbox.keys[key],
  STORE_URL: store,
  SLACK_BOT_TOKEN: LIVE_BOT,
  SLACK_APP_TOKEN: LIVE_APP,
  SLACK_API_URL: liveSlack.url,
  ...extra,
});

const byName = (report: DoctorReport, name: string) => report.results.find((r) => r.name === name);

function expectNoSecrets(report: DoctorReport, ...secrets: string[]) {
  for (const secret of secrets) expect(report.text).not.toContain(secret);
}

describe('npm run doctor', () => {
  it('with nothing configured, checks the built-in sandbox, says so first, names what is missing and exits 1', async () => {
    const report = await runDoctor({ STORE_URL: store });
    expect(report.exitCode).toBe(1);
    expect(report.results[0]).toMatchObject({ name: 'sandbox', level: 'fail' });
    expect(report.text.split('\n')[0]).toMatch(/^FAIL {2}sandbox: No SVC_BASE_URL: checking the built-in sandbox/);
    expect(byName(report, 'slack')).toMatchObject({ level: 'fail', line: 'Slack is not configured: Radar would run in console mode' });
    // Everything the sandbox can show still passes: only what going live lacks fails.
    for (const r of report.results.filter((r) => r.name !== 'sandbox' && r.name !== 'slack')) expect(r.level === 'pass' || (r.level === 'warn' && r.fix), `${r.name}: ${r.line}`).toBeTruthy();
    expect(byName(report, 'description')?.line).toContain('version 1.0.0-sandbox');
    expect(report.text).not.toMatch(/Ready to go live/);
    expect(report.text.split('\n').at(-1)).toBe(
      'Not ready to go live: only the built-in sandbox was checked; missing a real service (SVC_BASE_URL, SVC_API_KEY) and Slack (SLACK_BOT_TOKEN, and SLACK_APP_TOKEN or SLACK_SIGNING_SECRET).',
    );
  });

  it('a passing service without Slack is not ready to go live', async () => {
    const report = await runDoctor({ SVC_BASE_URL: sandbox.url, SVC_API_KEY: sandbox.keys.readWrite, STORE_URL: store });
    expect(byName(report, 'api key')).toMatchObject({ level: 'pass' });
    expect(report.exitCode).toBe(1);
    expect(report.text.split('\n').at(-1)).toBe('Not ready to go live: the service was checked; missing Slack (SLACK_BOT_TOKEN, and SLACK_APP_TOKEN or SLACK_SIGNING_SECRET).');
  });

  it('with a read_write key on a service with a plan, every service line passes', async () => {
    const report = await runDoctor(envWith('readWrite'));
    expect(report.exitCode).toBe(0);
    for (const name of ['configuration', 'service', 'api key', 'key scope', 'plan', 'description', 'store']) expect(byName(report, name)?.level, name).toBe('pass');
    expect(byName(report, 'key scope')?.line).toContain('read_write');
    expect(sandbox.control.requests().filter((r) => r.method !== 'GET').map((r) => r.status)).toEqual([400, 400]);
    expectNoSecrets(report, sandbox.keys.readWrite);
  });

  it('with a revoked key, fails with the fix', async () => {
    const report = await runDoctor(envWith('revoked'));
    expect(report.exitCode).toBe(1);
    expect(byName(report, 'api key')).toMatchObject({ level: 'fail', ok: false });
    expect(report.text).toMatch(/FAIL {2}api key: the service refuses the API key \(HTTP 401 api_key_revoked/);
    expect(report.text).toContain('fix: The key was revoked: create a new one in the dashboard under API keys and set SVC_API_KEY.');
    expect(report.text.split('\n').at(-1)).toMatch(/^Not ready to go live: 1 check failed/);
    expectNoSecrets(report, sandbox.keys.revoked);
  });

  it('with a read-only key, warns that tickets cannot be written', async () => {
    const report = await runDoctor(envWith('readOnly'));
    expect(report.exitCode).toBe(0);
    expect(byName(report, 'key scope')).toMatchObject({ level: 'warn' });
    expect(byName(report, 'key scope')?.line).toContain('read-only');
    expect(byName(report, 'key scope')?.fix).toContain('read_write');
  });

  it('with an organisation without a plan, reports no plan', async () => {
    const report = await runDoctor(envWith('noPlan'));
    expect(byName(report, 'plan')).toMatchObject({ level: 'warn' });
    expect(byName(report, 'plan')?.line).toMatch(/has no plan/);
    expect(byName(report, 'key scope')?.level).toBe('pass');
  });

  it('a configuration that does not parse fails on its first line', async () => {
    const report = await runDoctor({ SVC_BASE_URL: sandbox.url, STORE_URL: store });
    expect(report.exitCode).toBe(1);
    expect(report.results).toHaveLength(1);
    expect(report.text).toMatch(/^FAIL {2}configuration: the configuration does not parse: SVC_API_KEY must be set/);
  });
});

describe('the service description against what Radar reads', () => {
  type Schema = { properties: Record<string, Schema>; [k: string]: unknown };
  async function patched(change: (doc: { info: { version: string }; paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Schema }> }> }>> }) => void) {
    const doc = structuredClone(sandbox.control.description()) as Parameters<typeof change>[0];
    change(doc);
    sandbox.control.setDescription(doc);
  }

  it('names a moved field and a missing endpoint, with the document version', async () => {
    await patched((doc) => {
      doc.info.version = '2.0.0';
      const pricing = doc.paths['/v1/projects/{projectId}/pricing']?.get?.responses['200']?.content['application/json']?.schema.properties.item;
      if (!pricing) throw new Error('no pricing schema');
      const summary = pricing.properties.summary as Schema;
      pricing.properties.customer = summary.properties.customer as Schema;
      delete summary.properties.customer;
      summary.properties.gapFlags = summary.properties.gaps as Schema;
      delete summary.properties.gaps;
      delete doc.paths['/v1/projects/{projectId}/strategic-briefing/history'];
    });
    const report = await runDoctor(envWith('readWrite'));
    const description = byName(report, 'description');
    expect(description).toMatchObject({ level: 'fail' });
    expect(description?.line).toMatch(/^\d+ differences between the service's description \(version 2\.0\.0\) and what Radar reads$/);
    expect(description?.details).toEqual(
      expect.arrayContaining([
        "pricing: the project's own pricing is described at item.customer, Radar looks at item.summary.customer: Radar will not find it there",
        'pricing: the price gap flag is described at item.summary.gapFlags.hasPriceGap, Radar looks at item.summary.gaps.hasPriceGap: Radar looks only there and leaves it out',
        'briefing history (GET /v1/projects/{projectId}/strategic-briefing/history): not described',
      ]),
    );
    expect(report.text).toContain('      - briefing history (GET /v1/projects/{projectId}/strategic-briefing/history): not described');
    expect(report.exitCode).toBe(1);
  });

  it('a missing query parameter is a warning', async () => {
    await patched((doc) => {
      const op = doc.paths['/v1/projects/{projectId}/tickets']?.get as unknown as { parameters: { name: string }[] };
      op.parameters = op.parameters.filter((p) => p.name !== 'briefingRunId');
    });
    const report = await runDoctor(envWith('readWrite'));
    expect(byName(report, 'description')).toMatchObject({ level: 'warn', details: ['ticket list: the query parameter briefingRunId, which Radar sends, is not described'] });
    expect(report.exitCode).toBe(0);
  });
});

describe('Slack', () => {
  const BOT = `xoxb-${randomUUID()}`;
  const APP = `xapp-${randomUUID()}`;
  let slack: SlackStandIn;
  afterAll(() => slack.close());

  it('manifest.yml and the doctor ask for the same bot scopes', () => {
    const manifest = parse(readFileSync('manifest.yml', 'utf8')) as { oauth_config: { scopes: { bot: string[] } } };
    expect([...BOT_SCOPES].sort()).toEqual([...manifest.oauth_config.scopes.bot].sort());
  });

  it('Socket Mode: a valid token with every scope and an app token that connects pass', async () => {
    slack = await startSlackStandIn({ botToken: BOT, appToken: APP, scopes: [...BOT_SCOPES, 'extra:scope'] });
    const report = await runDoctor(envWith('readWrite', { SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: APP, SLACK_API_URL: slack.url }));
    expect(byName(report, 'slack token')).toMatchObject({ level: 'pass' });
    expect(byName(report, 'slack scopes')).toMatchObject({ level: 'pass' });
    expect(byName(report, 'slack receiver')?.line).toMatch(/^Socket Mode: the app-level token opens a connection/);
    expect(report.exitCode).toBe(0);
    expectNoSecrets(report, BOT, APP);
    await slack.close();
  });

  it('a missing scope, a refused token, an HTTP mode without problems', async () => {
    slack = await startSlackStandIn({ botToken: BOT, appToken: APP, scopes: ['commands', 'chat:write'] });
    const missing = await runDoctor(envWith('readWrite', { SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: '', SLACK_SIGNING_SECRET: 'shh-secret', SLACK_API_URL: slack.url }));
    expect(byName(missing, 'slack scopes')).toMatchObject({ level: 'fail', line: 'the bot token lacks users:read, channels:history, groups:history, channels:read, groups:read, im:history, im:write (manifest.yml asks for them)' });
    expect(byName(missing, 'slack receiver')?.line).toMatch(/^HTTP mode: the signing secret is set/);
    expect(missing.exitCode).toBe(1);

    const refused = await runDoctor(envWith('readWrite', { SLACK_BOT_TOKEN: 'xoxb-wrong', SLACK_APP_TOKEN: APP, SLACK_API_URL: slack.url }));
    expect(byName(refused, 'slack token')).toMatchObject({ level: 'fail', line: 'Slack refuses the bot token (invalid_auth)' });
    expect(refused.text).toContain('fix: Copy the Bot User OAuth Token');
    expectNoSecrets(refused, 'xoxb-wrong', 'shh-secret');
  });
});

describe.runIf(process.env.REDIS_URL)('Redis store', () => {
  it('is written to and its persistence reported', async () => {
    const report = await runDoctor(envWith('readWrite', { STORE_URL: process.env.REDIS_URL ?? '', STORE_PREFIX: `doctor-${randomUUID().slice(0, 8)}` }));
    expect(byName(report, 'store')).toMatchObject({ level: 'pass' });
    const persistence = byName(report, 'redis persistence');
    expect(persistence?.level === 'pass' || (persistence?.level === 'warn' && /appendonly yes/.test(persistence.fix ?? ''))).toBe(true);
  });
});

describe('the real entry', () => {
  /** Asynchronous: the sandbox answering the child lives in this process. */
  const run = (env: Record<string, string>) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', 'src/doctor/main.ts'], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) => {
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
      });
    });

  it('exits 0 with a line per check when ready, 1 with the fix when a check fails', async () => {
    const ok = await run(envWith('readWrite'));
    expect(ok.status, ok.stderr).toBe(0);
    const lines = ok.stdout.trim().split('\n');
    expect(lines[0]).toBe('Radar doctor: checking what going live needs');
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^PASS {2}api key: /), expect.stringMatching(/^PASS {2}description: /), expect.stringMatching(/^PASS {2}store: /)]));
    expect(lines.at(-1)).toMatch(/^Ready to go live/);

    const revoked = await run(envWith('revoked'));
    expect(revoked.status).toBe(1);
    expect(revoked.stdout).toMatch(/FAIL {2}api key: .*api_key_revoked/);
    expect(revoked.stdout).toContain('fix: The key was revoked');
    expect(revoked.stdout.trim().split('\n').at(-1)).toMatch(/^Not ready to go live/);
    expect(revoked.stdout + revoked.stderr).not.toContain(sandbox.keys.revoked);
  });

  it('with nothing configured, says it checked the built-in sandbox, names what is missing, never "Ready", and exits 1', async () => {
    const bare = await run({ STORE_URL: store });
    expect(bare.status, bare.stderr).toBe(1);
    const lines = bare.stdout.trim().split('\n');
    expect(lines[1]).toMatch(/^FAIL {2}sandbox: No SVC_BASE_URL: checking the built-in sandbox/);
    expect(bare.stdout).toMatch(/FAIL {2}slack: Slack is not configured/);
    expect(bare.stdout).not.toMatch(/Ready to go live/);
    expect(lines.at(-1)).toBe(
      'Not ready to go live: only the built-in sandbox was checked; missing a real service (SVC_BASE_URL, SVC_API_KEY) and Slack (SLACK_BOT_TOKEN, and SLACK_APP_TOKEN or SLACK_SIGNING_SECRET).',
    );
  });
});
