/**
 * A Bolt receiver for console mode (like Hubot's shell adapter): a typed line becomes the same
 * slash-command payload Slack would send, fed to the real app through `processEvent`, so the
 * console runs the very listeners Slack does.
 */
import { randomUUID } from 'node:crypto';
import type { App, Receiver } from '@slack/bolt';

export interface ConsoleIdentity {
  teamId: string;
  teamDomain: string;
  channelId: string;
  channelName: string;
  userId: string;
  userName: string;
  apiAppId: string;
}

export class ConsoleReceiver implements Receiver {
  private app: App | undefined;

  constructor(
    private readonly identity: ConsoleIdentity,
    private readonly responseUrl: () => string,
  ) {}

  init(app: App): void {
    this.app = app;
  }

  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  /** Runs `/radar <text>` and resolves when the listener has finished (its answer delivered). */
  async command(text: string): Promise<void> {
    if (!this.app) throw new Error('ConsoleReceiver used before the app was built');
    const id = this.identity;
    const body = {
      token: 'console',
      team_id: id.teamId,
      team_domain: id.teamDomain,
      channel_id: id.channelId,
      channel_name: id.channelName,
      user_id: id.userId,
      user_name: id.userName,
      command: '/radar',
      // As Slack sends it: `&`, `<` and `>` as entities (the listener decodes them once).
      text: text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
      api_app_id: id.apiAppId,
      is_enterprise_install: 'false',
      response_url: this.responseUrl(),
      trigger_id: `console.${randomUUID()}`,
    };
    await this.app.processEvent({ body, ack: async () => {} });
  }
}
