/**
 * Builds the Bolt app: one App whatever the receiver (HTTP, Socket Mode, or the console), with the
 * `/radar` listener and every feature registered, and one error handler.
 */
import { App, LogLevel, type Receiver } from '@slack/bolt';
import type { RadarDeps, Worker } from '../deps.js';
import { registerFeatures } from '../features/index.js';
import { boltLogger } from './bolt-logger.js';
import { registerCommand } from './commands/register.js';

export interface SlackAppOptions {
  receiver: Receiver;
  botToken: string;
  apiUrl: string;
}

export function createSlackApp(deps: RadarDeps, options: SlackAppOptions): { app: App; workers: Worker[] } {
  const logger = boltLogger(deps.logger, deps.config.logLevel === 'debug' ? LogLevel.DEBUG : LogLevel.WARN);
  const app = new App({
    token: options.botToken,
    receiver: options.receiver,
    logger,
    clientOptions: { slackApiUrl: options.apiUrl, logger, retryConfig: { retries: 3, factor: 2, minTimeout: 200, maxTimeout: 5_000 } },
  });
  registerCommand(app, deps);
  const workers = registerFeatures(app, deps);
  app.error(async (error) => {
    deps.logger.error('unhandled error in a Slack listener', { error });
  });
  return { app, workers };
}
