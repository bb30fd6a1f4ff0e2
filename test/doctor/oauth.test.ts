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
