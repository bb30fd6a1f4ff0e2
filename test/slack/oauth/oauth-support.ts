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
import { afterAll, beforeAll, expect } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { startRadar, type RadarInstance } from '../../../src/radar.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import type { LocalGrant, LocalUser } from '../../../src/slack/local-web-api/index.js';
import { startFakeSlack, viewOpenedBy, type FakeSlack } from '../../support/fake-slack.js';
import { ACTION_IDS, BLOCK_IDS } from '../../../src/slack/ids.js';
import { TEST_RETRY, TEST_TIMING } from '../../support/radar-harness.js';
import { createSlackDriver, type Ack, type SlackDriver, type ViewRef } from '../../support/slack-driver.js';
import { API_APP_ID, USERS } from '../../support/slack-fixtures.js';

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

/** `apiKey: null` leaves SVC_API_KEY unset (each workspace brings its own); absent: the sandbox's read-write key. */
export async function startOAuthRadar(options: { sandbox: Sandbox; slack: FakeSlack; storeUrl?: string; storePrefix?: string; apiKey?: string | null }): Promise<OAuthRadar> {
  const dir = options.storeUrl ? null : mkdtempSync(join(tmpdir(), 'radar-oauth-'));
  const logs: string[] = [];
  const watchers = new Set<(line: Record<string, unknown>) => void>();
  const config = loadConfig({
    SVC_BASE_URL: options.sandbox.url,
    ...(options.apiKey === null ? {} : { SVC_API_KEY: options.apiKey ?? options.sandbox.keys.readWrite }),
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
    // The tests tick the lease pollers (on Redis the default would be BullMQ jobs).
    BACKGROUND_JOBS: 'in-process',
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

/** The Home tab Radar publishes for `user` of `team` (an app_home_opened, then the views.publish with the team's token). */
export async function openHome(r: OAuthRadar, slack: FakeSlack, team: string, user: string): Promise<{ blocks: unknown[] }> {
  const [token] = slack.oauth?.tokensOf(team) ?? [];
  const before = slack.callsTo('views.publish').length;
  await r.driver.event({ type: 'app_home_opened', user, channel: `D0${user.slice(-8)}`, tab: 'home' }, { team });
  const call = await slack.waitForCall('views.publish', (c) => c.token === token && c.args.user_id === user && slack.callsTo('views.publish').indexOf(c) >= before);
  return call.args.view as { blocks: unknown[] };
}

/**
 * An admin connects `team`'s service key the way Slack would carry it: Connect on Home (a view
 * action), the modal Radar opens, its submission with the key. Resolves to the submission's ack.
 */
export async function connectKey(r: OAuthRadar, slack: FakeSlack, team: string, user: string, apiKey: string, home?: { blocks: unknown[] }): Promise<Ack> {
  const shown = home ?? (await openHome(r, slack, team, user));
  const press = await r.driver.blockAction(ACTION_IDS.connectOpen, null, { view: { id: `VHOME${team}`, blocks: shown.blocks }, user, team });
  const { view } = await viewOpenedBy(slack, press);
  return r.driver.viewSubmission(view as unknown as ViewRef, { [BLOCK_IDS.connectKey]: apiKey }, { user, team });
}

/** An Enterprise Grid organisation with Radar installed org-wide. */
export interface Organisation {
  enterpriseId: string;
}

/**
 * `/radar <text>` from workspace `team` of an organisation, as Slack sends it to an org-wide install
 * (form-encoded, `is_enterprise_install`), signed; `responseUrl` defaults to a fresh one of the fake's.
 */
export async function orgCommand(r: OAuthRadar, slack: FakeSlack, org: Organisation, at: { team: string; channel: string; text: string; responseUrl?: string }): Promise<Ack & { responseUrl: string }> {
  const responseUrl = at.responseUrl ?? slack.responseUrl();
  const body = new URLSearchParams({
    team_id: at.team,
    team_domain: 'grid-ws',
    enterprise_id: org.enterpriseId,
    enterprise_name: 'Grid',
    is_enterprise_install: 'true',
    channel_id: at.channel,
    channel_name: 'general',
    user_id: USERS.alice,
    user_name: 'alice',
    command: '/radar',
    text: at.text,
    api_app_id: API_APP_ID,
    response_url: responseUrl,
    trigger_id: `${Date.now()}.${randomBytes(4).toString('hex')}`,
  }).toString();
  return { ...(await r.driver.raw(body, { 'Content-Type': 'application/x-www-form-urlencoded', ...r.driver.sign(body) })), responseUrl };
}

/** An Events API callback delivered through an organisation's org-wide install (its authorizations), signed; `fields` adds to or overrides the envelope. */
export function orgEvent(r: OAuthRadar, org: Organisation, event: Record<string, unknown>, fields: Record<string, unknown> = {}): Promise<Ack> {
  const body = JSON.stringify({
    enterprise_id: org.enterpriseId,
    api_app_id: API_APP_ID,
    event,
    type: 'event_callback',
    event_id: `Ev${randomBytes(6).toString('hex').toUpperCase()}`,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ enterprise_id: org.enterpriseId, team_id: null, user_id: 'U0RADARBOT', is_bot: true, is_enterprise_install: true }],
    ...fields,
  });
  return r.driver.raw(body, { 'Content-Type': 'application/json', ...r.driver.sign(body) });
}

/** One test file's world: the sandbox, a fake Slack answering `oauth.v2.access`, and Radar in OAuth mode. */
export interface OAuthWorld {
  sandbox: Sandbox;
  slack: FakeSlack;
  r: OAuthRadar;
}

/**
 * Starts the file's world before its tests and stops it after them (`take` receives it, to assign
 * the file's variables). `users`: the fake Slack's people; `apiKey`: SVC_API_KEY from the sandbox's
 * keys (null: none; default: the sandbox's read-write key, as `startOAuthRadar`).
 */
export function useOAuthWorld(options: { users?: Record<string, LocalUser>; apiKey?: (sandbox: Sandbox) => string | null }, take: (world: OAuthWorld) => void): void {
  let sandbox: Sandbox | undefined;
  let slack: FakeSlack | undefined;
  let r: OAuthRadar | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack({ oauth: CLIENT, ...(options.users ? { users: options.users } : {}) });
    const apiKey = options.apiKey?.(sandbox);
    r = await startOAuthRadar({ sandbox, slack, ...(apiKey !== undefined ? { apiKey } : {}) });
    take({ sandbox, slack, r });
  });
  afterAll(async () => {
    await r?.stop();
    await slack?.close();
    await sandbox?.close();
  });
}
