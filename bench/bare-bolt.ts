/**
 * The baseline app: a bare Bolt app behind the same HTTPReceiver and HTTP server set-up as Radar's
 * HTTP mode (`src/slack/receivers/http-server.ts`, signature verification on), whose `/radar`
 * listener only acks and whose `ticket_from_message` shortcut only acks and opens a one-block modal.
 * Whatever Radar costs beyond these is Radar's own.
 */
import { App, LogLevel, type types } from '@slack/bolt';
import { createLogger } from '../src/log.js';
import { boltLogger } from '../src/slack/bolt-logger.js';
import { CALLBACK_IDS, COMMAND } from '../src/slack/ids.js';
import { createHttpReceiver, startHttpServer } from '../src/slack/receivers/http-server.js';

export interface BareBolt {
  /** Base URL; Slack requests go to `${url}/slack/events`, health to `${url}/healthz`. */
  url: string;
  stop(): Promise<void>;
}

const BARE_MODAL: types.ModalView = {
  type: 'modal',
  title: { type: 'plain_text', text: 'Bare modal' },
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Opened by the bare baseline app.' } }],
};

export async function startBareBolt(options: { port: number; signingSecret: string; botToken: string; slackApiUrl: string }): Promise<BareBolt> {
  const logger = boltLogger(createLogger({ level: 'warn', sink: () => {} }), LogLevel.WARN);
  const receiver = createHttpReceiver(options.signingSecret, logger);
  const app = new App({ token: options.botToken, receiver, logger, clientOptions: { slackApiUrl: options.slackApiUrl, logger } });
  app.command(COMMAND, async ({ ack }) => {
    await ack();
  });
  app.shortcut(CALLBACK_IDS.ticketFromMessage, async ({ ack, shortcut, client }) => {
    await ack();
    await client.views.open({ trigger_id: shortcut.trigger_id, view: BARE_MODAL });
  });
  const server = await startHttpServer({ port: options.port, health: async () => ({ ok: true }), slackListener: receiver.requestListener });
  return { url: server.url, stop: () => server.close() };
}
