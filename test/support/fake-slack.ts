/**
 * The fake Slack every Slack feature test uses: the local Web API (src/slack/local-web-api) plus
 * a record of every call and a referee. Each message's blocks and each modal are checked against
 * Slack's Block Kit schema and the limits the schema does not hold, and each method's required
 * parameters against Slack's OpenAPI catalogue. A broken call is recorded in `violations` and
 * answered with an error (`invalid_blocks` / `invalid_arguments`), as Slack would refuse it.
 *
 *   const fake = await startFakeSlack();
 *   afterEach(() => expectNoViolations(fake));
 */
import { expect } from 'vitest';
import { startLocalWebApi, WebApiRejection } from '../../src/slack/local-web-api/index.js';
import type { LocalOAuthOptions, LocalUser, LocalWebApi, StoredMessage, StoredView, WebApiCall } from '../../src/slack/local-web-api/index.js';
import { homeLimitProblems, messageLimitProblems, modalLimitProblems } from './block-kit-limits.js';
import { loadBlockKitSchema } from './block-kit-schema.js';
import { SLACK_CHANNELS, SLACK_USERS } from './slack-fixtures.js';
import { requiredParams } from './web-api-catalogue.js';

/** A call Slack would have refused, and why. */
export interface Violation {
  method: string;
  problems: string[];
  call: WebApiCall;
}

export interface FakeSlack extends LocalWebApi {
  /** Every call received, in order (including refused ones). */
  readonly calls: readonly WebApiCall[];
  /** Calls that broke a Slack rule; `expectNoViolations` fails the test if any. */
  readonly violations: readonly Violation[];
  /** POSTs to response URLs (`respond(...)` bodies are in `args`). */
  readonly responses: readonly WebApiCall[];
  callsTo(method: string): WebApiCall[];
  /** Messages posted in `channel` and still there, oldest first. */
  messagesIn(channel: string): readonly StoredMessage[];
  /**
   * The first call (already received or yet to come) of `method` matching `predicate`. By the
   * time it resolves the call has been answered, so `messagesIn` already shows its effect.
   */
  waitForCall(method: string, predicate?: (call: WebApiCall) => boolean, options?: { timeoutMs?: number }): Promise<WebApiCall>;
  /**
   * Resolves once `check` holds, checked now and again as each call arrives and as each is answered
   * (no polling, no clock):
   * e.g. until every command of a batch has its answer. The test's own timeout bounds the wait.
   */
  untilCalls(check: () => boolean): Promise<void>;
}

const MESSAGE_METHODS = new Set(['chat.postMessage', 'chat.postEphemeral', 'chat.update', 'response_url']);
const VIEW_METHODS = new Set(['views.open', 'views.update', 'views.push']);
/**
 * How long a wait names what it is missing before giving up: just under the test timeout (60 s in
 * vitest.config.ts), so it is never an upper bound on how fast Radar must be, only a clearer failure.
 */
export const WAIT_MS = 55_000;

/** Starts a fake Slack on loopback; pass `fake.url` as Bolt's `clientOptions.slackApiUrl`. */
export async function startFakeSlack(options: { oauth?: LocalOAuthOptions; users?: Record<string, LocalUser> } = {}): Promise<FakeSlack> {
  const calls: WebApiCall[] = [];
  const violations: Violation[] = [];
  /** Re-checked after each call is recorded (`untilCalls`). */
  const watchers = new Set<() => void>();
  const api = await startLocalWebApi({
    users: { ...SLACK_USERS, ...options.users },
    channels: SLACK_CHANNELS,
    ...(options.oauth ? { oauth: options.oauth } : {}),
    onCall: (call) => {
      // The local Web API sets `response` on this very object once the call is answered: watchers
      // are told of that too, so a wait can be for an answered call.
      let response = call.response;
      Object.defineProperty(call, 'response', {
        enumerable: true,
        configurable: true,
        get: () => response,
        set: (value: WebApiCall['response']) => {
          response = value;
          for (const watch of [...watchers]) watch();
        },
      });
      calls.push(call);
      for (const watch of [...watchers]) watch();
      const { error, problems } = referee(call);
      if (problems.length === 0) return;
      violations.push({ method: call.method, problems, call });
      throw new WebApiRejection(error, problems);
    },
  });

  const callsTo = (method: string) => calls.filter((c) => c.method === method);
  return {
    ...api,
    calls,
    violations,
    get responses() {
      return callsTo('response_url');
    },
    callsTo,
    messagesIn: (channel) => api.messages(channel),
    untilCalls: (check) =>
      new Promise<void>((resolve) => {
        const watch = () => {
          if (!check()) return;
          watchers.delete(watch);
          resolve();
        };
        watchers.add(watch);
        watch();
      }),
    waitForCall: (method, predicate = () => true, { timeoutMs = WAIT_MS } = {}) =>
      new Promise((resolve, reject) => {
        // Checked as each call arrives and as each is answered: no polling. The deadline only names
        // what never came before the test's own timeout would end it without saying.
        const watch = () => {
          const found = calls.find((c) => c.method === method && c.response !== undefined && predicate(c));
          if (!found) return;
          clearTimeout(timer);
          watchers.delete(watch);
          resolve(found);
        };
        const timer = setTimeout(() => {
          watchers.delete(watch);
          const seen = calls.map((c) => c.method).join(', ') || 'none';
          reject(new Error(`no matching ${method} call within ${timeoutMs} ms (calls so far: ${seen})`));
        }, timeoutMs);
        timer.unref();
        watchers.add(watch);
        watch();
      }),
  };
}

/** What a request the driver sent carried to match the app's answers to it (see slack-driver.ts `Ack`). */
export interface SentRequest {
  /** The app's acknowledgement: a message in it (help, a sentence about the text) is the first answer. */
  body?: unknown;
  responseUrl?: string;
  triggerId?: string;
  sentAt?: number;
}

/** True when `call` was sent to `responseUrl` (a URL `fake.responseUrl()` made, extended by the driver). */
export function isAnswerTo(call: WebApiCall, responseUrl: string): boolean {
  return call.method === 'response_url' && call.responseUrlId !== undefined && decodeURIComponent(new URL(responseUrl).pathname) === `/response/${call.responseUrlId}`;
}

/**
 * The message the app answered in the acknowledgement itself, as a call (`method: 'ack'`), or
 * undefined when the ack was empty: Slack shows such a message as it shows a `respond` answer.
 */
export function ackAnswer(request: SentRequest): WebApiCall | undefined {
  const body = request.body;
  if (!body || typeof body !== 'object' || typeof (body as { text?: unknown }).text !== 'string') return undefined;
  return { method: 'ack', args: body as WebApiCall['args'], token: undefined, at: request.sentAt ?? 0, response: { ok: true } };
}

/** Every answer received so far to the request: the one in its ack, then those to its own `response_url`, in order. */
export function answersTo(slack: Pick<FakeSlack, 'responses'>, request: SentRequest): WebApiCall[] {
  const url = request.responseUrl;
  if (!url) throw new Error('the request had no response_url');
  const inAck = ackAnswer(request);
  return [...(inAck ? [inAck] : []), ...slack.responses.filter((c) => isAnswerTo(c, url))];
}

/**
 * The answer to the request (the first, or the first matching `predicate`): the message in its ack,
 * else one to its own `response_url`; never an answer meant for another request.
 */
export function answerTo(
  slack: Pick<FakeSlack, 'waitForCall'>,
  request: SentRequest,
  { predicate = () => true, timeoutMs = WAIT_MS }: { predicate?: (call: WebApiCall) => boolean; timeoutMs?: number } = {},
): Promise<WebApiCall> {
  const url = request.responseUrl;
  if (!url) throw new Error('the request had no response_url');
  const inAck = ackAnswer(request);
  if (inAck && predicate(inAck)) return Promise.resolve(inAck);
  return slack.waitForCall('response_url', (c) => isAnswerTo(c, url) && predicate(c), { timeoutMs });
}

/**
 * The `views.open` the request's own `trigger_id` opened, and the modal as the fake Slack stored it
 * (its `id` is what `views.update` and submissions name).
 */
export async function viewOpenedBy(
  slack: Pick<FakeSlack, 'waitForCall' | 'view'>,
  request: SentRequest,
  { timeoutMs = WAIT_MS }: { timeoutMs?: number } = {},
): Promise<{ call: WebApiCall; view: StoredView }> {
  const trigger = request.triggerId;
  if (!trigger) throw new Error('the request had no trigger_id');
  const call = await slack.waitForCall('views.open', (c) => c.args.trigger_id === trigger, { timeoutMs });
  // The view this very call created, by the id the local Slack answered with (waitForCall resolves
  // on the answered call; Radar may already have updated it: the stored view is its current state).
  const id = (call.response?.view as { id?: unknown } | undefined)?.id;
  const stored = typeof id === 'string' ? slack.view(id) : undefined;
  if (!stored) throw new Error(`the views.open of trigger ${trigger} created no view (answered ${JSON.stringify(call.response ?? null)})`);
  return { call, view: stored };
}

/** The first post in `channel` (chat.postMessage) made after the request was sent and matching `predicate`. */
export function postAfter(
  slack: Pick<FakeSlack, 'waitForCall'>,
  request: Pick<SentRequest, 'sentAt'>,
  channel: string,
  { predicate = () => true, timeoutMs = WAIT_MS }: { predicate?: (call: WebApiCall) => boolean; timeoutMs?: number } = {},
): Promise<WebApiCall> {
  const since = request.sentAt ?? 0;
  return slack.waitForCall('chat.postMessage', (c) => c.args.channel === channel && c.at >= since && predicate(c), { timeoutMs });
}

/** Fails the test when any call broke a Slack rule; use in `afterEach`. */
export function expectNoViolations(fake: Pick<FakeSlack, 'violations'>): void {
  expect(fake.violations.map((v) => `${v.method}: ${v.problems.join('; ')}`)).toEqual([]);
}

/** Which rules a call breaks, and the error Slack would answer it with. */
function referee(call: WebApiCall): { error: string; problems: string[] } {
  const { method, args } = call;
  // The catalogue lists oauth.v2.access's `code` as required; a token refresh (grant_type=refresh_token)
  // sends a refresh_token instead, as Slack documents.
  const refreshing = method === 'oauth.v2.access' && args.grant_type === 'refresh_token';
  const required = requiredParams(method).filter((name) => !(refreshing && name === 'code'));
  const missing = [...required, ...(refreshing ? ['refresh_token'] : [])].filter((name) => args[name] === undefined || args[name] === '');
  const paramProblems = missing.map((name) => `missing required parameter ${name}`);
  if (method === 'chat.postMessage' && (typeof args.text !== 'string' || args.text.trim() === '')) {
    paramProblems.push('chat.postMessage needs a `text` fallback for notifications and screen readers');
  }
  if (paramProblems.length > 0) return { error: 'invalid_arguments', problems: paramProblems };

  if (MESSAGE_METHODS.has(method) && args.blocks !== undefined) {
    const blocks = args.blocks;
    const problems = [...loadBlockKitSchema().messageBlocks(blocks), ...(Array.isArray(blocks) ? messageLimitProblems(blocks) : [])];
    return { error: 'invalid_blocks', problems: [...new Set(problems)] };
  }
  if (method === 'views.publish') {
    if (typeof args.view !== 'object' || args.view === null) return { error: 'invalid_arguments', problems: ['view must be a JSON object'] };
    const view = args.view as Record<string, unknown>;
    return { error: 'invalid_arguments', problems: [...new Set([...loadBlockKitSchema().homeView(view), ...homeLimitProblems(view)])] };
  }
  if (VIEW_METHODS.has(method)) {
    if (typeof args.view !== 'object' || args.view === null) return { error: 'invalid_arguments', problems: ['view must be a JSON object'] };
    const view = args.view as Record<string, unknown>;
    return { error: 'invalid_arguments', problems: [...new Set([...loadBlockKitSchema().modalView(view), ...modalLimitProblems(view)])] };
  }
  return { error: 'invalid_arguments', problems: [] };
}
