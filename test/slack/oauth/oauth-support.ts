/**
 * Radar in OAuth mode on loopback for the install tests: the sandbox, a fake Slack that answers
 * `oauth.v2.access`, and `startRadar` with SLACK_CLIENT_ID (no SLACK_BOT_TOKEN), plus the browser's
 * side of an install (GET /slack/install, then the redirect back with code, state and cookie).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { expect } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { startRadar, type RadarInstance } from '../../../src/radar.js';
import type { Sandbox } from '../../../src/sandbox/index.js';
import type { LocalGrant } from '../../../src/slack/local-web-api/index.js';
import type { FakeSlack } from '../../support/fake-slack.js';
import { TEST_RETRY, TEST_TIMING } from '../../support/radar-harness.js';
import { createSlackDriver, type SlackDriver } from '../../support/slack-driver.js';

export const SIGNING_SECRET = 'oauth-test-signing-secret-0123456789';
export const CLIENT = { clientId: '1234.5678', clientSecret: 'oauth-test-client-secret-abcdef' };
export const STATE_SECRET = 'oauth-test-state-secret-0123456789abcdef';
export const ENCRYPTION_KEY = randomBytes(32).toString('base64');

export interface OAuthRadar {
  radar: RadarInstance;
  driver: SlackDriver;
  logs: string[];
  /** Resolves with the first log line (parsed) matching `predicate`, already written or yet to come. */
  untilLog(predicate: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

export async function startOAuthRadar(options: { sandbox: Sandbox; slack: FakeSlack; storeUrl?: string; storePrefix?: string }): Promise<OAuthRadar> {
  const dir = options.storeUrl ? null : mkdtempSync(join(tmpdir(), 'radar-oauth-'));
  const logs: string[] = [];
  const watchers = new Set<(line: Record<string, unknown>) => void>();
  const config = loadConfig({
    SVC_BASE_URL: options.sandbox.url,
    SVC_API_KEY: options.sandbox.keys.readWrite,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_CLIENT_ID: CLIENT.clientId,
    SLACK_CLIENT_SECRET: CLIENT.clientSecret,
    SLACK_STATE_SECRET: STATE_SECRET,
    RADAR_ENCRYPTION_KEY: ENCRYPTION_KEY,
    SLACK_API_URL: options.slack.url,
    PORT: '0',
    STORE_URL: options.storeUrl ?? `sqlite://${join(dir ?? '', 'radar.sqlite')}`,
    STORE_PREFIX: options.storePrefix ?? `t${randomUUID().replace(/-/g, '').slice(0, 12)}-`,
    LOG_LEVEL: 'debug',
  });
  const radar = await startRadar(config, {
    logSink: (line) => {
      logs.push(line);
      const parsed = JSON.parse(line) as Record<string, unknown>;
      for (const watch of [...watchers]) watch(parsed);
    },
    timing: TEST_TIMING,
    serviceRetry: TEST_RETRY,
  });
  const driver = createSlackDriver({ url: `${radar.url}/slack/events`, signingSecret: SIGNING_SECRET, responseUrlBase: options.slack.responseUrl() });
  return {
    radar,
    driver,
    logs,
    untilLog: (predicate) =>
      new Promise((resolve) => {
        const found = logs.map((l) => JSON.parse(l) as Record<string, unknown>).find(predicate);
        if (found) return resolve(found);
        const watch = (line: Record<string, unknown>) => {
          if (!predicate(line)) return;
          watchers.delete(watch);
          resolve(line);
        };
        watchers.add(watch);
      }),
    async stop() {
      await radar.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A browser installing Radar into `grant`'s workspace: the install link, Slack's consent (granted), the redirect. */
export async function installThroughBrowser(radarUrl: string, slack: FakeSlack, grant: LocalGrant, redirectUrl = radarUrl): Promise<{ status: number; body: string }> {
  const start = await request(`${radarUrl}/slack/install`, { method: 'GET' });
  await start.body.dump();
  expect(start.statusCode).toBe(302);
  const location = new URL(String(start.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe('https://slack.com/oauth/v2/authorize');
  expect(location.searchParams.get('client_id')).toBe(CLIENT.clientId);
  expect(location.searchParams.get('scope')?.split(',')).toContain('commands');
  const state = location.searchParams.get('state') ?? '';
  const cookies = ([] as string[]).concat(start.headers['set-cookie'] ?? []);
  const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
  expect(cookie).toContain(state);

  const code = `code-${randomUUID()}`;
  slack.oauth?.grant(code, grant);
  const back = await request(`${redirectUrl}/slack/oauth_redirect?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`, {
    method: 'GET',
    headers: { cookie },
  });
  return { status: back.statusCode, body: await back.body.text() };
}
