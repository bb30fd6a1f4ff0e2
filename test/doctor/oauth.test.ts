/**
 * `npm run doctor` with installs from a link (issue 32): the client credentials are checked with
 * Slack (a code that cannot exist), and every stored installation is checked to open with the
 * encryption keys, the previous key being a warning until each record is written again.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDoctor } from '../../src/doctor/run.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { startLocalWebApi, type LocalWebApi } from '../../src/slack/local-web-api/index.js';
import { openStore } from '../../src/store/backends/open-store.js';
import { createSecretBox } from '../../src/store/crypto.js';
import { createInstallationStore } from '../../src/store/installations.js';
import { createServiceKeysRepo, keyFingerprint } from '../../src/store/service-keys.js';
import { createServiceClient } from '../../src/service/index.js';

const CLIENT = { clientId: '1234.5678', clientSecret: `secret-${randomBytes(8).toString('hex')}` };
const oldKey = randomBytes(32);
const newKey = randomBytes(32);

let sandbox: Sandbox;
let slack: LocalWebApi;
let dir: string;
let storeUrl: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  slack = await startLocalWebApi({ oauth: CLIENT });
  dir = mkdtempSync(join(tmpdir(), 'radar-doctor-oauth-'));
  storeUrl = `sqlite://${join(dir, 'radar.sqlite')}`;
});
afterAll(async () => {
  await sandbox.close();
  await slack.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}) => ({
  SVC_BASE_URL: sandbox.url,
  SVC_API_KEY: sandbox.keys.readWrite,
  STORE_URL: storeUrl,
  SLACK_API_URL: slack.url,
  SLACK_SIGNING_SECRET: 'signing-secret',
  SLACK_CLIENT_ID: CLIENT.clientId,
  SLACK_CLIENT_SECRET: CLIENT.clientSecret,
  SLACK_STATE_SECRET: 's'.repeat(32),
  RADAR_ENCRYPTION_KEY: newKey.toString('base64'),
  ...extra,
});

async function storeInstall(key: Buffer, teamId: string) {
  const store = await openStore(storeUrl);
  await createInstallationStore(store, createSecretBox({ current: key })).storeInstallation({
    team: { id: teamId, name: teamId },
    enterprise: undefined,
    user: { id: 'U1', token: undefined, scopes: undefined },
    bot: { id: 'B1', userId: 'UB', scopes: ['commands'], token: `xoxb-${teamId}-doctor` },
    isEnterpriseInstall: false,
    authVersion: 'v2',
  });
  await store.close();
}

describe('npm run doctor with installs from a link', () => {
  it('checks the client credentials with Slack and the stored installations with the keys', async () => {
    const good = await runDoctor(env());
    const line = (name: string) => good.results.find((r) => r.name === name);
    expect(line('slack client')).toMatchObject({ level: 'pass' });
    expect(line('slack receiver')?.line).toContain('/slack/oauth_redirect');
    expect(line('installations')).toMatchObject({ level: 'pass' });
    expect(good.results.some((r) => r.name === 'slack')).toBe(false);

    const wrong = await runDoctor(env({ SLACK_CLIENT_SECRET: 'not-the-secret' }));
    expect(wrong.results.find((r) => r.name === 'slack client')).toMatchObject({ level: 'fail' });
    expect(wrong.results.find((r) => r.name === 'slack client')?.line).toContain('bad_client_secret');
    expect(wrong.exitCode).toBe(1);

    // An installation sealed with the old key: unreadable without it, a warning while it is the previous key.
    await storeInstall(oldKey, 'T0OLD0001');
    const lost = await runDoctor(env());
    expect(lost.results.find((r) => r.name === 'installations')).toMatchObject({ level: 'fail' });
    expect(lost.results.find((r) => r.name === 'installations')?.line).toContain('1 of 1 installation cannot be opened');
    const rotating = await runDoctor(env({ RADAR_ENCRYPTION_KEY_PREVIOUS: oldKey.toString('hex') }));
    expect(rotating.results.find((r) => r.name === 'installations')).toMatchObject({ level: 'warn' });
    // No SVC_API_KEY: each workspace brings its own; the service is checked by its health endpoint alone.
    const keyless = await runDoctor(env({ SVC_API_KEY: '' }));
    expect(keyless.results.find((r) => r.name === 'service')).toMatchObject({ level: 'pass' });
    expect(keyless.results.find((r) => r.name === 'api key')?.line).toMatch(/no SVC_API_KEY: installs from a link, each workspace connects its own key/);
    for (const report of [good, wrong, lost, rotating, keyless]) {
      for (const secret of [CLIENT.clientSecret, newKey.toString('base64'), oldKey.toString('hex'), 'xoxb-T0OLD0001-doctor']) expect(report.text).not.toContain(secret);
    }
  });
});

describe("npm run doctor: each workspace's service key (OAuth mode)", () => {
  let keysDir: string;
  let keysStore: string;
  beforeAll(() => {
    keysDir = mkdtempSync(join(tmpdir(), 'radar-doctor-keys-'));
    keysStore = `sqlite://${join(keysDir, 'radar.sqlite')}`;
  });
  afterAll(() => rmSync(keysDir, { recursive: true, force: true }));

  async function connect(teamId: string, teamName: string, apiKey: string, key = newKey) {
    const store = await openStore(keysStore);
    const box = createSecretBox({ current: key });
    await createInstallationStore(store, box).storeInstallation({
      team: { id: teamId, name: teamName },
      enterprise: undefined,
      user: { id: 'U1', token: undefined, scopes: undefined },
      bot: { id: 'B1', userId: 'UB', scopes: ['commands'], token: `xoxb-${teamId}-keys` },
      isEnterpriseInstall: false,
      authVersion: 'v2',
    });
    await createServiceKeysRepo(store, box).set(`team:${teamId}`, apiKey, { scope: 'read_write', connectedBy: 'U1' });
    await store.close();
  }
  const keysLine = (report: Awaited<ReturnType<typeof runDoctor>>) => report.results.find((r) => r.name === 'service keys');

  it('opens every key with one read each, one line per workspace with its fingerprint; a refused or unsealable key is named with its team and Replace key', async () => {
    sandbox.control.reset();
    const keyed = env({ SVC_API_KEY: '', STORE_URL: keysStore });
    expect(keysLine(await runDoctor(keyed))).toMatchObject({ level: 'pass', line: 'no workspace has connected a service key yet' });

    await connect('T0GOOD0001', 'Good Co', sandbox.keys.readWrite);
    await connect('T0READ0002', 'Reader', sandbox.keys.readOnly);
    const fine = keysLine(await runDoctor(keyed));
    expect(fine).toMatchObject({ level: 'pass' });
    expect(fine?.details).toEqual([
      `team:T0GOOD0001 (Good Co): key ${keyFingerprint(sandbox.keys.readWrite)} opens (${(await listed(sandbox.keys.readWrite))} projects visible)`,
      `team:T0READ0002 (Reader): key ${keyFingerprint(sandbox.keys.readOnly)} opens (${(await listed(sandbox.keys.readOnly))} projects visible)`,
    ]);

    await connect('T0REVOKED3', 'Revoked & Co', sandbox.keys.revoked);
    const refused = await runDoctor(keyed);
    expect(keysLine(refused)).toMatchObject({ level: 'warn', line: "1 of 3 workspaces' service keys no longer open (the other workspaces are served)" });
    expect(keysLine(refused)?.details).toContain(
      `team:T0REVOKED3 (Revoked & Co): key ${keyFingerprint(sandbox.keys.revoked)} no longer opens (the service answers HTTP 401 api_key_revoked); an admin of the workspace presses Replace key on Radar's Home tab and pastes a working key`,
    );

    // A key sealed with an encryption key Radar no longer has: the operator's to fix.
    await connect('T0LOSTKEY4', 'Lost', sandbox.keys.readWrite, oldKey);
    const sealed = await runDoctor(keyed);
    expect(keysLine(sealed)).toMatchObject({ level: 'fail' });
    expect(keysLine(sealed)?.details?.find((d) => d.startsWith('team:T0LOSTKEY4'))).toMatch(/cannot be unsealed with RADAR_ENCRYPTION_KEY .*Replace key/);
    expect(sealed.exitCode).toBe(1);
    for (const report of [fine, refused, sealed]) {
      const text = JSON.stringify(report);
      for (const secret of [sandbox.keys.readWrite, sandbox.keys.readOnly, sandbox.keys.revoked]) expect(text).not.toContain(secret);
    }
  });

  it('checks at most `concurrency` workspaces at once, and gives each at most `timeoutMs`', async () => {
    sandbox.control.reset();
    for (let i = 0; i < 6; i++) await connect(`T0MANY000${i}`, `Many ${i}`, sandbox.keys.readWrite);
    sandbox.control.addFault({ method: 'GET', path: '/v1/projects', kind: 'latency', latencyMs: 40 });
    const before = sandbox.control.requests().length;
    const bounded = keysLine(await runDoctor(env({ SVC_API_KEY: '', STORE_URL: keysStore }), { serviceKeys: { concurrency: 2 } }));
    const reads = sandbox.control.requests().slice(before).filter((e) => e.path === '/v1/projects');
    expect(reads.length).toBeGreaterThanOrEqual(6);
    const overlapping = Math.max(...reads.map((r) => reads.filter((o) => o.received <= r.received && o.answered > r.received).length));
    expect(overlapping).toBeLessThanOrEqual(2);
    expect(bounded?.details?.filter((d) => d.startsWith('team:T0MANY')).every((d) => d.includes(' opens ('))).toBe(true);

    sandbox.control.reset();
    sandbox.control.addFault({ method: 'GET', path: '/v1/projects', kind: 'latency', latencyMs: 2_000 });
    const slow = keysLine(await runDoctor(env({ SVC_API_KEY: '', STORE_URL: keysStore }), { serviceKeys: { timeoutMs: 50 } }));
    expect(slow?.details?.filter((d) => d.startsWith('team:T0MANY')).every((d) => / could not be checked \(/.test(d))).toBe(true);
  });
});

/** How many projects `apiKey` sees (what the doctor's line should say). */
async function listed(apiKey: string): Promise<number> {
  const service = createServiceClient({ baseUrl: sandbox.url, apiKey, retry: false });
  try {
    return (await service.listProjects()).length;
  } finally {
    await service.close();
  }
}
