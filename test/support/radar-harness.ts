/**
 * Radar end to end on loopback: the sandbox of the monitoring service, the fake Slack Web API, and
 * Radar itself in HTTP mode (started through `startRadar`, exactly as `npm start` does), with a
 * signed-request driver pointed at it.
 *
 *   const h = await startRadarHarness();
 *   const reply = await h.command('bind northwind', { channel: CHANNELS.intel });
 *   const ack = await h.driver.blockAction(...);  const answer = await h.answerTo(ack);
 *
 * Every wait is matched to its own request: a command's or an action's answer by the response_url
 * the driver generated for it, a modal by the request's trigger_id, a channel post by channel and
 * the time the request was sent. An answer meant for an earlier request never satisfies a later one.
 *   afterEach(() => expectNoViolations(h.slack));
 *   afterAll(() => h.stop());
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/config.js';
import { startRadar, type RadarInstance } from '../../src/radar.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import type { Timing } from '../../src/timing.js';
import type { RetryPolicy, Timeouts } from '../../src/service/index.js';
import type { WebApiCall } from '../../src/slack/local-web-api/index.js';
import type { StoredView } from '../../src/slack/local-web-api/index.js';
import { answersTo, answerTo, postAfter, startFakeSlack, viewOpenedBy, type FakeSlack, type SentRequest } from './fake-slack.js';
import { createSlackDriver, type SlackDriver } from './slack-driver.js';

export const SIGNING_SECRET = 'test-signing-secret-0123456789abcdef';
export const BOT_TOKEN = 'xoxb-test-0000000000-radar-bot-token';

export type SandboxKeyName = 'readWrite' | 'readOnly' | 'revoked' | 'noPlan' | 'otherOrg';

export interface HarnessOptions {
  /** Sandbox speed: spec durations are divided by it (default 1000: scans finish in milliseconds). */
  speed?: number;
  /** Which sandbox key Radar uses (default readWrite). */
  key?: SandboxKeyName;
  /** Store URL; default a fresh SQLite file in a temp folder (kept across `restart`). */
  storeUrl?: string;
  /**
   * Store key prefix; default a fresh one per harness, so test files sharing one Redis never see
   * each other's state. Replicas of one test pass the same prefix (`harness.storePrefix`).
   */
  storePrefix?: string;
  /** Share a sandbox (or fake Slack) between harnesses, e.g. two Radar replicas. */
  sandbox?: Sandbox;
  slack?: FakeSlack;
  timing?: Partial<Timing>;
  /** The service client's retry policy (default: the real attempts with millisecond backoff). */
  serviceRetry?: Partial<RetryPolicy>;
  serviceTimeouts?: Partial<Timeouts>;
  /** Extra environment for `loadConfig` (e.g. DIGEST_INTERVAL_SECONDS). */
  env?: Record<string, string>;
  /** Radar's clock (`deps.now`); tests move it instead of waiting. */
  now?: () => Date;
}

/** The real retry policy's attempts, with backoff in milliseconds so tests do not wait. */
export const TEST_RETRY: Partial<RetryPolicy> = { minDelayMs: 5, maxDelayMs: 20, maxTotalMs: 3_000, maxRetryAfterMs: 50 };

/** Fast background timing for tests: polls in milliseconds, leases of a second. */
export const TEST_TIMING: Partial<Timing> = {
  scanPollMinMs: 20,
  scanPollMaxMs: 50,
  scanGiveUpMs: 30_000,
  sweepMs: 100,
  leaseTtlMs: 1_000,
  // Test files send far more commands than a person would: fair use is tested where it is the point.
  personRequestsPerWindow: 100_000,
  channelRequestsPerWindow: 100_000,  // Likewise one person's commands under way at once (test/slack/drain.test.ts tests the bound).
  maxRequestsInFlightPerPerson: 100_000,
};

export interface RadarHarness {
  sandbox: Sandbox;
  slack: FakeSlack;
  driver: SlackDriver;
  radar: RadarInstance;
  /** Every log line Radar wrote (JSON), for secret scans and assertions. */
  logs: string[];
  storeUrl: string;
  storePrefix: string;
  /** Sends `/radar text` and resolves with the answer sent to THAT command's response_url. */
  command(text: string, options?: { channel?: string; user?: string }): Promise<WebApiCall>;
  /** The answer sent to this request's own response_url (the first, or the first matching `predicate`). */
  answerTo(request: SentRequest, options?: { predicate?: (call: WebApiCall) => boolean; timeoutMs?: number }): Promise<WebApiCall>;
  /** Every answer sent so far to this request's own response_url. */
  answersTo(request: SentRequest): WebApiCall[];
  /** The modal this request's trigger_id opened: the views.open call and the stored view. */
  viewOpenedBy(request: SentRequest, options?: { timeoutMs?: number }): Promise<{ call: WebApiCall; view: StoredView }>;
  /** The first chat.postMessage in `channel` made after this request was sent (and matching `predicate`). */
  postAfter(request: SentRequest, channel: string, options?: { predicate?: (call: WebApiCall) => boolean; timeoutMs?: number }): Promise<WebApiCall>;
  /** Stops Radar and starts it again on the same store, sandbox and fake Slack. */
  restart(): Promise<void>;
  /** Stops Radar only (sandbox and Slack stay), as if its process died. */
  stopRadar(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRadarHarness(options: HarnessOptions = {}): Promise<RadarHarness> {
  const ownSandbox = !options.sandbox;
  const sandbox = options.sandbox ?? (await startSandbox({ port: 0, speed: options.speed ?? 1000 }));
  const ownSlack = !options.slack;
  const slack = options.slack ?? (await startFakeSlack());
  const tempDir = options.storeUrl ? null : mkdtempSync(join(tmpdir(), 'radar-test-'));
  const storeUrl = options.storeUrl ?? `sqlite://${join(tempDir ?? '', `${randomUUID()}.sqlite`)}`;
  const storePrefix = options.storePrefix ?? `t${randomUUID().replace(/-/g, '').slice(0, 12)}-`;
  const logs: string[] = [];
  const key = sandbox.keys[options.key ?? 'readWrite'];

  const config = loadConfig({
    SVC_BASE_URL: sandbox.url,
    SVC_API_KEY: key,
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.url,
    PORT: '0',
    STORE_URL: storeUrl,
    STORE_PREFIX: storePrefix,
    LOG_LEVEL: 'debug',
    // The tests tick the lease pollers (on Redis the default would be BullMQ jobs); options.env may say bullmq.
    BACKGROUND_JOBS: 'in-process',
    ...options.env,
  });

  const boot = async () => {
    const verifiedBefore = slack.callsTo('auth.test').length;
    const started = await startRadar(config, {
      logSink: (line) => logs.push(line),
      ...(options.now ? { now: options.now } : {}),
      timing: { ...TEST_TIMING, ...options.timing },
      serviceRetry: { ...TEST_RETRY, ...options.serviceRetry },
      ...(options.serviceTimeouts ? { serviceTimeouts: options.serviceTimeouts } : {}),
    });
    // Bolt verifies its token (auth.test) as the app is built, and awaits the answer only when it
    // first authorizes a request. A harness stopped before that would leave the call to fail against
    // the closed fake Slack, an unhandled rejection in whichever test file runs next: wait for its answer.
    await slack.untilCalls(() => slack.callsTo('auth.test').slice(verifiedBefore).some((c) => c.response !== undefined));
    return started;
  };
  let radar = await boot();
  let running = true;
  const driverFor = (r: RadarInstance) => createSlackDriver({ url: `${r.url}/slack/events`, signingSecret: SIGNING_SECRET, responseUrlBase: slack.responseUrl() });
  let driver = driverFor(radar);

  const harness: RadarHarness = {
    sandbox,
    slack,
    get driver() {
      return driver;
    },
    get radar() {
      return radar;
    },
    logs,
    storeUrl,
    storePrefix,
    async command(text, where = {}) {
      const ack = await driver.command(text, where);
      if (ack.status !== 200) throw new Error(`/radar ${text} was acked with HTTP ${ack.status}`);
      return answerTo(slack, ack);
    },
    answerTo: (request, options) => answerTo(slack, request, options),
    answersTo: (request) => answersTo(slack, request),
    viewOpenedBy: (request, options) => viewOpenedBy(slack, request, options),
    postAfter: (request, channel, options) => postAfter(slack, request, channel, options),
    async restart() {
      if (running) await radar.stop();
      radar = await boot();
      running = true;
      driver = driverFor(radar);
    },
    async stopRadar() {
      if (running) await radar.stop();
      running = false;
    },
    async stop() {
      if (running) await radar.stop();
      running = false;
      if (ownSlack) await slack.close();
      if (ownSandbox) await sandbox.close();
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Keys of Block Kit objects that are never shown to a person. */
const HIDDEN_KEYS = new Set(['type', 'value', 'action_id', 'block_id', 'url', 'style', 'emoji', 'verbatim']);

/** The text a reply shows: its fallback text and every displayed text in its blocks, for assertions. */
export function replyText(call: Pick<WebApiCall, 'args'>): string {
  const parts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!HIDDEN_KEYS.has(k)) walk(v);
  };
  walk(call.args.text);
  walk(call.args.blocks);
  return parts.join('\n');
}
