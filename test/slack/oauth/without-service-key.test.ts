/**
 * OAuth mode without SVC_API_KEY (issue 32's leftovers): every workspace brings its own key, so
 * Radar starts without one; `/healthz` probes the service's health endpoint (no key needed, spec
 * 4.1) without a key and says so; a workspace that connects its key is served as before.
 */
import { request } from 'undici';
import { describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.js';
import type { FakeSlack } from '../../support/fake-slack.js';
import { SLACK_USERS, USERS } from '../../support/slack-fixtures.js';
import { connectKey, installThroughBrowser, type OAuthRadar, useOAuthWorld } from './oauth-support.js';

const TEAM = { teamId: 'T0NOKEY001', teamName: 'No Key Yet' };

describe('OAuth mode without SVC_API_KEY', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let r: OAuthRadar;
  useOAuthWorld({ users: { [USERS.alice]: { ...SLACK_USERS[USERS.alice]!, is_admin: true } }, apiKey: () => null }, (world) => ({ sandbox, slack, r } = world));

  const healthz = async () => {
    const res = await request(`${r.radar.url}/healthz`);
    return { status: res.statusCode, body: (await res.body.json()) as { ok: boolean; service: { reachable: boolean | null; checks?: string } } };
  };

  it('starts, and /healthz reports the service reachable by its health endpoint without a key, saying what it checks', async () => {
    const answer = await vi.waitFor(async () => {
      const a = await healthz();
      expect(a.body.service.reachable).toBe(true);
      return a;
    });
    expect(answer.status).toBe(200);
    expect(answer.body.ok).toBe(true);
    expect(answer.body.service.checks).toMatch(/^GET \/v1\/health without a key: the service answers/);
    const probes = sandbox.control.requests().filter((e) => e.path === '/v1/health');
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.every((e) => e.keyId === null && e.status === 200)).toBe(true);
  });

  it('a workspace that connects its own key is served with it', async () => {
    expect((await installThroughBrowser(r.radar.url ?? '', slack, TEAM)).status).toBe(200);
    const connected = await connectKey(r, slack, TEAM.teamId, USERS.alice, sandbox.keys.readOnly);
    expect((connected.body as { response_action?: string }).response_action).toBe('update');
    const before = sandbox.control.requests().length;
    await r.driver.command('projects', { team: TEAM.teamId });
    await vi.waitFor(() => expect(sandbox.control.requests().slice(before).some((e) => e.path === '/v1/projects' && e.keyId === 'key_acme_ro')).toBe(true));
  });
});
