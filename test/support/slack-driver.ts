/**
 * Sends Slack's requests to the app's HTTP receiver, signed the way Slack signs them (v0
 * HMAC-SHA256 over `v0:{timestamp}:{rawBody}`) and shaped like Slack's payloads. Each call
 * returns the ack: HTTP status, body (parsed when JSON) and how long the app took to answer.
 *
 *   const slack = createSlackDriver({ url: `${app.url}/slack/events`, signingSecret, responseUrlBase: fake.responseUrl() });
 *   await slack.command('pricing acme');
 */
import { createHmac, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Agent, request, type Dispatcher } from 'undici';
import { LOCAL_WORKSPACE } from '../../src/slack/local-web-api/index.js';
import { API_APP_ID, CHANNELS, TEAM, USERS, channelName, userName } from './slack-fixtures.js';
import { elementState, findElement, isJson, stateValues } from './view-state.js';
import type { SimpleValue } from './view-state.js';

export interface SlackDriverOptions {
  /** The receiver's endpoint, e.g. `http://127.0.0.1:PORT/slack/events`. */
  url: string;
  signingSecret: string;
  /** Prefix of the `response_url`s sent; `fake.responseUrl()` so replies land in `fake.responses`. */
  responseUrlBase: string;
  /** Clock for request timestamps (ms); defaults to `Date.now`. */
  now?: () => number;
  /** The connections requests go over (default one kept-alive agent), e.g. bound to a source address. */
  dispatcher?: Dispatcher;
}

export interface Ack {
  status: number;
  /** The parsed JSON body, the text body, or '' for an empty ack. */
  body: unknown;
  /** Milliseconds until the app answered (Slack gives up after 3,000). */
  ms: number;
  /** The `response_url` sent with the request, if any: the app's answers to it are this request's own. */
  responseUrl?: string;
  /** The `trigger_id` sent with the request, if any: a modal the app opens for it names this trigger. */
  triggerId?: string;
  /** When the request was sent (ms since the epoch, the clock the fake Slack stamps calls with). */
  sentAt: number;
}

/** A message as the driver needs it: what Slack puts into shortcut and action payloads. */
export interface MessageRef {
  ts: string;
  text?: string;
  user?: string;
  blocks?: unknown[];
  metadata?: unknown;
}

/** A view as the app opened it (e.g. `fake.latestView()`): Slack adds `state` and sends it back. */
export interface ViewRef extends Record<string, unknown> {
  id: string;
  blocks: unknown[];
}

export interface SlackDriver {
  /** `/radar {text}`, form-encoded as Slack sends slash commands. */
  command(text: string, options?: { user?: string; channel?: string; team?: string }): Promise<Ack>;
  /** A message shortcut (`message_action`) on `message` in `channel`. */
  messageShortcut(callbackId: string, options: { message: MessageRef; channel?: string; user?: string; team?: string }): Promise<Ack>;
  /** A modal submission; `values` map input block ids to simple values (see view-state.ts). */
  viewSubmission(view: ViewRef, values: Record<string, SimpleValue | Record<string, unknown>>, options?: { user?: string; team?: string }): Promise<Ack>;
  /**
   * A click or selection of the element `actionId` in a message (needs `channel`) or a view.
   * For a button, `value` picks among buttons sharing the action id (null: the first); for a
   * select, it names the chosen option value(s). Rejects if no such element is in the blocks.
   */
  blockAction(
    actionId: string,
    value: SimpleValue,
    options: { channel?: string; message?: MessageRef; view?: ViewRef; user?: string; ephemeral?: boolean; team?: string },
  ): Promise<Ack>;
  /** An options request (`block_suggestion`) from an external select in a view. */
  options(actionId: string, value: string, options: { view: ViewRef; user?: string }): Promise<Ack>;
  /**
   * An Events API delivery (`event_callback`, JSON) carrying `event`, e.g.
   * `{ type: 'app_home_opened', user, channel, tab: 'home' }`; each with its own `event_id`.
   */
  event(event: Record<string, unknown>, options?: { team?: string }): Promise<Ack>;
  /** Slack's URL check when the Events request URL is saved: the app answers with `challenge`. */
  urlVerification(challenge: string): Promise<Ack>;
  /** Sends `body` with exactly `headers` (unsigned, wrongly signed, stale…). */
  raw(body: string, headers: Record<string, string>): Promise<Ack>;
  /** Slack's signature headers for `body`, at `timestampSeconds` (default now). */
  sign(body: string, timestampSeconds?: number): Record<string, string>;
}

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const VERIFICATION_TOKEN = 'legacy-verification-token';
/**
 * Slack's side of the connection, kept alive as Slack keeps it. undici's `request`, not the WHATWG
 * `fetch` (which costs several times the CPU per request): a burst sent from the bench shares the
 * machine's two cores with the app it measures, so a heavy client would be measured as the app's
 * slowness (measured: a 200-command flood's sender took ~100 ms less CPU).
 */

export function createSlackDriver(options: SlackDriverOptions): SlackDriver {
  const now = options.now ?? Date.now;
  // One pool per driver (a test file's Radar; a port a stopped Radar had may be another's next), and
  // below Radar's idle keep-alive (5 s, http-server.ts): the client lets an idle connection go first,
  // so a request is never sent on one the server is closing (ECONNRESET on a busy machine).
  const agent = new Agent({ keepAliveTimeout: 2_000, keepAliveMaxTimeout: 2_000 });
  let requestCount = 0;
  const base = options.responseUrlBase.replace(/\/$/, '');
  const nextResponseUrl = (kind: string) => `${base}/${kind}-${++requestCount}`;
  const triggerId = () => `${Math.floor(now() / 1000)}${++requestCount}.${TEAM.id.slice(1)}.${randomBytes(16).toString('hex')}`;
  const actionTs = () => (now() / 1000).toFixed(6);

  const sign = (body: string, timestampSeconds = Math.floor(now() / 1000)): Record<string, string> => {
    const digest = createHmac('sha256', options.signingSecret).update(`v0:${timestampSeconds}:${body}`).digest('hex');
    return { 'X-Slack-Request-Timestamp': String(timestampSeconds), 'X-Slack-Signature': `v0=${digest}` };
  };

  const raw = async (body: string, headers: Record<string, string>): Promise<Ack> => {
    const sentAt = Date.now();
    const started = performance.now();
    const res = await request(options.url, { method: 'POST', headers, body, dispatcher: options.dispatcher ?? agent });
    const text = await res.body.text();
    return { status: res.statusCode, body: parseBody(text), ms: Math.round(performance.now() - started), sentAt };
  };

  /** Sends a signed body; the ack carries the response_url and trigger_id it was sent with. */
  const sendSigned = async (body: string, ids: { responseUrl?: string | undefined; triggerId?: string | undefined } = {}): Promise<Ack> => {
    const ack = await raw(body, { 'Content-Type': FORM, ...sign(body) });
    return {
      ...ack,
      ...(ids.responseUrl !== undefined && { responseUrl: ids.responseUrl }),
      ...(ids.triggerId !== undefined && { triggerId: ids.triggerId }),
    };
  };

  const sendPayload = (payload: Record<string, unknown>) =>
    sendSigned(new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), {
      responseUrl: typeof payload.response_url === 'string' ? payload.response_url : undefined,
      triggerId: typeof payload.trigger_id === 'string' ? payload.trigger_id : undefined,
    });

  const userObject = (id: string, team: string = TEAM.id) => ({ id, username: userName(id), name: userName(id), team_id: team });
  const common = (user: string, team: string = TEAM.id) => ({
    token: VERIFICATION_TOKEN,
    api_app_id: API_APP_ID,
    team: { id: team, domain: TEAM.domain },
    user: userObject(user, team),
    enterprise: null,
    is_enterprise_install: false,
  });
  const viewWithState = (view: ViewRef, values: Record<string, SimpleValue | Record<string, unknown>> = {}) => ({
    ...view,
    state: { values: stateValues(view.blocks, values) },
  });

  return {
    sign,
    raw,

    command(text, { user = USERS.alice, channel = CHANNELS.general, team = TEAM.id } = {}) {
      const responseUrl = nextResponseUrl('command');
      const trigger = triggerId();
      const body = new URLSearchParams({
        token: VERIFICATION_TOKEN,
        team_id: team,
        team_domain: TEAM.domain,
        channel_id: channel,
        channel_name: channelName(channel),
        user_id: user,
        user_name: userName(user),
        command: '/radar',
        text,
        api_app_id: API_APP_ID,
        is_enterprise_install: 'false',
        response_url: responseUrl,
        trigger_id: trigger,
      });
      return sendSigned(body.toString(), { responseUrl, triggerId: trigger });
    },

    event(event, { team = TEAM.id } = {}) {
      const body = JSON.stringify({
        token: VERIFICATION_TOKEN,
        team_id: team,
        api_app_id: API_APP_ID,
        event: { event_ts: actionTs(), ...event },
        type: 'event_callback',
        event_id: `Ev${randomBytes(6).toString('hex').toUpperCase()}`,
        event_time: Math.floor(now() / 1000),
        authorizations: [{ enterprise_id: null, team_id: team, user_id: LOCAL_WORKSPACE.botUserId, is_bot: true, is_enterprise_install: false }],
        is_ext_shared_channel: false,
      });
      return raw(body, { 'Content-Type': JSON_TYPE, ...sign(body) });
    },

    urlVerification(challenge) {
      const body = JSON.stringify({ token: VERIFICATION_TOKEN, challenge, type: 'url_verification' });
      return raw(body, { 'Content-Type': JSON_TYPE, ...sign(body) });
    },

    messageShortcut(callbackId, { message, channel = CHANNELS.general, user = USERS.alice, team = TEAM.id }) {
      const responseUrl = nextResponseUrl('shortcut');
      return sendPayload({
        type: 'message_action',
        ...common(user, team),
        action_ts: actionTs(),
        callback_id: callbackId,
        trigger_id: triggerId(),
        response_url: responseUrl,
        channel: { id: channel, name: channelName(channel) },
        message_ts: message.ts,
        message: { type: 'message', user: message.user ?? USERS.bob, text: message.text ?? '', ...message },
      });
    },

    viewSubmission(view, values, { user = USERS.alice, team = TEAM.id } = {}) {
      return sendPayload({
        type: 'view_submission',
        ...common(user, team),
        trigger_id: triggerId(),
        view: viewWithState(view, values),
        response_urls: [],
      });
    },

    async blockAction(actionId, value, { channel, message, view, user = USERS.alice, ephemeral = false, team = TEAM.id }) {
      const blocks = message?.blocks ?? view?.blocks ?? [];
      // A button is picked by its value too (null: the first button with that action id).
      const found = findElement(blocks, actionId, (e) => e.type !== 'button' || value === null || e.value === value);
      if (!found) throw new Error(`no element with action_id ${actionId}${value === null ? '' : ` and value ${String(value)}`} in the ${view ? 'view' : 'message'}`);
      const action = { ...actionState(found.element, value), action_id: actionId, block_id: found.blockId, action_ts: actionTs() };
      if (view) {
        return sendPayload({
          type: 'block_actions',
          ...common(user, team),
          container: { type: 'view', view_id: view.id },
          trigger_id: triggerId(),
          view: viewWithState(view),
          actions: [action],
        });
      }
      if (!channel || !message) throw new Error('blockAction needs a view, or a channel and a message');
      const responseUrl = nextResponseUrl('action');
      return sendPayload({
        type: 'block_actions',
        ...common(user, team),
        container: { type: 'message', message_ts: message.ts, channel_id: channel, is_ephemeral: ephemeral },
        trigger_id: triggerId(),
        channel: { id: channel, name: channelName(channel) },
        message: { type: 'message', text: '', ...message },
        state: { values: {} },
        response_url: responseUrl,
        actions: [action],
      });
    },

    async options(actionId, value, { view, user = USERS.alice }) {
      const found = findElement(view.blocks, actionId);
      if (!found) throw new Error(`no element with action_id ${actionId} in the view`);
      return sendPayload({
        type: 'block_suggestion',
        ...common(user),
        container: { type: 'view', view_id: view.id },
        action_id: actionId,
        block_id: found.blockId,
        value,
        view: viewWithState(view),
      });
    },
  };
}

/** An action as Slack reports it: the button's own text and value, or a select's new state. */
function actionState(element: Record<string, unknown>, value: SimpleValue): Record<string, unknown> {
  if (element.type === 'button') return { type: 'button', text: element.text, ...(element.value !== undefined && { value: element.value }) };
  return elementState(element, value);
}

function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    const parsed: unknown = JSON.parse(text);
    return isJson(parsed) || Array.isArray(parsed) ? parsed : text;
  } catch {
    return text;
  }
}
