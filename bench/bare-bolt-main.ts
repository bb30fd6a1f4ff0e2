/**
 * The bare baseline app as its own process, for the idle measure: `node --import tsx
 * bench/bare-bolt-main.ts` with PORT, SLACK_SIGNING_SECRET, SLACK_BOT_TOKEN and SLACK_API_URL set.
 */
import { startBareBolt } from './bare-bolt.js';

const bare = await startBareBolt({
  port: Number(process.env.PORT ?? 3000),
  signingSecret: process.env.SLACK_SIGNING_SECRET ?? '',
  botToken: process.env.SLACK_BOT_TOKEN ?? '',
  slackApiUrl: process.env.SLACK_API_URL ?? '',
});
process.on('SIGTERM', () => void bare.stop().then(() => process.exit(0)));
