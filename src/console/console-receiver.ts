/**
 * A Bolt receiver for console mode (like Hubot's shell adapter): a typed line becomes the same
 * payload Slack would send (a slash command, a button press, a message shortcut, a modal
 * submission, an options request), fed to the real app through `processEvent`, so the console runs
 * the very listeners Slack does. Each call resolves when the listener has finished, with what the
 * listener acked (a submission's `response_action`, an options list).
 */
import { randomUUID } from 'node:crypto';
import type { App, Receiver } from '@slack/bolt';
import { encodeSlackEntities } from '../slack/blocks/text.js';

export interface ConsoleIdentity {
  teamId: string;
  teamDomain: string;
  channelId: string;
  channelName: string;
  userId: string;
  userName: string;
  apiAppId: string;
}

type Json = Record<string, unknown>;

export class ConsoleReceiver implements Receiver {
  private app: App | undefined;

  constructor(
    readonly identity: ConsoleIdentity,
    private readonly responseUrl: () => string,
  ) {}

  init(app: App): void {
    this.app = app;
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  /** Runs one payload through the app; resolves with what the listener acked (undefined for a bare ack). */
  async dispatch(body: Json): Promise<unknown> {
    if (!this.app) throw new Error('ConsoleReceiver used before the app was built');
    let acked: unknown;
    await this.app.processEvent({ body, ack: async (response?: unknown) => void (acked = response) });
    return acked;
  }

  /**
   * Runs `/radar <text>` and resolves when the listener has finished (its answer delivered). A
   * message in the ack (a fair-use refusal) is shown as Slack shows it, an ephemeral message: it is
   * posted to the response URL the console prints from.
   */
  async command(text: string): Promise<void> {
    const id = this.identity;
    const responseUrl = this.responseUrl();
    const acked = await this.dispatch({
      token: 'console',
      team_id: id.teamId,
      team_domain: id.teamDomain,
      channel_id: id.channelId,
      channel_name: id.channelName,
      user_id: id.userId,
      user_name: id.userName,
      command: '/radar',
      // As Slack sends it: `&`, `<` and `>` as entities (the listener decodes them once).
      text: encodeSlackEntities(text),
      api_app_id: id.apiAppId,
      is_enterprise_install: 'false',
      response_url: responseUrl,
      trigger_id: triggerId(),
    });
    if (acked && typeof acked === 'object' && typeof (acked as { text?: unknown }).text === 'string') {
      const res = await fetch(responseUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(acked) });
      await res.body?.cancel();
    }
  }

  /** A click on a button (or a choice in a select) of a message in the console's channel. */
  async blockAction(message: { ts: string; text?: string; blocks?: unknown[]; ephemeral: boolean }, action: Json): Promise<void> {
    const id = this.identity;
    await this.dispatch({
      type: 'block_actions',
      ...this.common(),
      container: { type: 'message', message_ts: message.ts, channel_id: id.channelId, is_ephemeral: message.ephemeral },
      trigger_id: triggerId(),
      channel: { id: id.channelId, name: id.channelName },
      message: { type: 'message', text: message.text ?? '', ts: message.ts, ...(message.blocks ? { blocks: message.blocks } : {}) },
      state: { values: {} },
      response_url: this.responseUrl(),
      actions: [{ ...action, action_ts: actionTs() }],
    });
  }

  /** A message shortcut (`message_action`) on `message`; the trigger id a modal it opens will name. */
  async messageShortcut(callbackId: string, message: { ts: string; text: string; user: string }): Promise<void> {
    const id = this.identity;
    await this.dispatch({
      type: 'message_action',
      ...this.common(),
      action_ts: actionTs(),
      callback_id: callbackId,
      trigger_id: triggerId(),
      response_url: this.responseUrl(),
      channel: { id: id.channelId, name: id.channelName },
      message_ts: message.ts,
      message: { type: 'message', ...message },
    });
  }

  /** Submits a modal with `values` as its `state.values`; resolves with the listener's ack. */
  viewSubmission(view: Json, values: Record<string, Record<string, Json>>): Promise<unknown> {
    return this.dispatch({ type: 'view_submission', ...this.common(), trigger_id: triggerId(), view: { ...view, state: { values } }, response_urls: [] });
  }

  /** An options request of an external select in a modal; resolves with the options acked. */
  blockSuggestion(view: Json, actionId: string, blockId: string, value: string): Promise<unknown> {
    return this.dispatch({
      type: 'block_suggestion',
      ...this.common(),
      container: { type: 'view', view_id: view.id },
      action_id: actionId,
      block_id: blockId,
      value,
      view: { ...view, state: { values: {} } },
    });
  }

  /** The Home tab opened (`app_home_opened`). */
  async homeOpened(published: boolean): Promise<void> {
    const id = this.identity;
    await this.dispatch({
      token: 'console',
      team_id: id.teamId,
      api_app_id: id.apiAppId,
      type: 'event_callback',
      event_id: `Ev${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`,
      event_time: Math.floor(Date.now() / 1000),
      event: { type: 'app_home_opened', user: id.userId, channel: `D${id.userId.slice(1)}`, tab: 'home', event_ts: actionTs(), ...(published ? { view: { type: 'home' } } : {}) },
    });
  }

  private common(): Json {
    const id = this.identity;
    return {
      token: 'console',
      api_app_id: id.apiAppId,
      team: { id: id.teamId, domain: id.teamDomain },
      user: { id: id.userId, username: id.userName, name: id.userName, team_id: id.teamId },
      enterprise: null,
      is_enterprise_install: false,
    };
  }
}

const triggerId = () => `console.${randomUUID()}`;
const actionTs = () => (Date.now() / 1000).toFixed(6);
