/**
 * The baseline app every measure compares Radar with: a bare Bolt 5 app in plain JavaScript (so,
 * like Radar's compiled `dist/`, nothing is transpiled on load), on Bolt's own HTTPReceiver with
 * signature verification, a `/healthz` custom route, a `/radar` listener that only acks, and the
 * ticket-from-message shortcut that acks and opens a one-block modal. Whatever Radar costs beyond
 * this is Radar's own. Run as `node bench/bare-bolt-app.mjs` with PORT, SLACK_SIGNING_SECRET,
 * SLACK_BOT_TOKEN and SLACK_API_URL set; the Slack ids come from Radar's build (`dist/slack/ids.js`).
 */
import bolt from '@slack/bolt';
import { CALLBACK_IDS, COMMAND } from '../dist/slack/ids.js';

const { App, LogLevel } = bolt;
const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const app = new App({
  token: process.env.SLACK_BOT_TOKEN,
  signingSecret: process.env.SLACK_SIGNING_SECRET,
  logLevel: LogLevel.ERROR,
  clientOptions: { slackApiUrl: process.env.SLACK_API_URL },
  customRoutes: [{ path: '/healthz', method: ['GET'], handler: (_req, res) => json(res, 200, { ok: true }) }],
});

// The edge bench's control, "Bolt shaped like Radar" (BARE_SHAPE, JSON): as many listeners of each
// kind as Radar registers (none of which a command matches, so each costs what Bolt's walk over its
// listeners costs), and /radar acked with the message Radar acks `/radar help` with.
const shape = process.env.BARE_SHAPE ? JSON.parse(process.env.BARE_SHAPE) : { listeners: [] };
for (const [kind, id] of shape.listeners) {
  app[kind](id, async ({ ack }) => {
    await ack?.();
  });
}

app.command(COMMAND, async ({ ack }) => {
  await (shape.ack ? ack(shape.ack) : ack());
});
app.shortcut(CALLBACK_IDS.ticketFromMessage, async ({ ack, shortcut, client }) => {
  await ack();
  await client.views.open({
    trigger_id: shortcut.trigger_id,
    view: {
      type: 'modal',
      title: { type: 'plain_text', text: 'Bare modal' },
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Opened by the bare baseline app.' } }],
    },
  });
});

await app.start(Number(process.env.PORT ?? 3000));
process.on('SIGTERM', () => void app.stop().then(() => process.exit(0)));
