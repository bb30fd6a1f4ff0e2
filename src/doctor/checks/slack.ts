/**
 * Slack checks (when configured): the bot token is valid (`auth.test`), its granted scopes (Slack's
 * `x-oauth-scopes` header, `response_metadata.scopes` on the Web API client) cover manifest.yml's
 * bot scopes, and the receiver settings are consistent: Socket Mode's app-level token opens a
 * connection URL (`apps.connections.open`, nothing is connected); HTTP mode has its signing secret.
 */
import { webApi } from '@slack/bolt';
import type { Config } from '../../config.js';
import { BOT_SCOPES } from '../bot-scopes.js';
import { checkOAuth } from './oauth.js';
import { fail, pass, warn } from '../types.js';
import type { CheckResult } from '../types.js';

const clientFor = (token: string, apiUrl: string) =>
  new webApi.WebClient(token, { slackApiUrl: apiUrl, retryConfig: { retries: 0 }, logLevel: webApi.LogLevel.ERROR, timeout: 10_000 });

function slackError(error: unknown): string {
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  if (data && typeof data.error === 'string') return data.error;
  return error instanceof Error ? error.message : String(error);
}

export async function checkSlack(config: Config): Promise<CheckResult[]> {
  const { botToken, appToken, signingSecret, apiUrl } = config.slack;
  // Installs from a link: each workspace's token is in the store (checks/oauth.ts).
  if (config.oauth) return checkOAuth(config);
  if (!botToken) {
    return [
      fail(
        'slack',
        'Slack is not configured: Radar would run in console mode',
        'To go live, set SLACK_BOT_TOKEN plus SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP mode); create the app from manifest.yml.',
      ),
    ];
  }
  const results: CheckResult[] = [];
  let scopes: string[] | undefined;
  try {
    const answer = await clientFor(botToken, apiUrl).auth.test();
    scopes = answer.response_metadata?.scopes;
    results.push(pass('slack token', `the bot token is valid (workspace ${String(answer.team ?? answer.team_id ?? '?')}, bot user ${String(answer.user ?? answer.user_id ?? '?')})`));
  } catch (error) {
    results.push(
      fail('slack token', `Slack refuses the bot token (${slackError(error)})`, 'Copy the Bot User OAuth Token (xoxb-…) from the app\'s OAuth & Permissions page into SLACK_BOT_TOKEN; reinstall the app if it was removed.'),
    );
    return [...results, receiverCheck(config.mode, appToken, signingSecret)];
  }
  if (!scopes) {
    results.push(warn('slack scopes', 'Slack did not report the token\'s scopes, so they were not compared with manifest.yml', `Check on the app's OAuth & Permissions page that the bot has: ${BOT_SCOPES.join(', ')}.`));
  } else {
    const missing = BOT_SCOPES.filter((s) => !scopes?.includes(s));
    results.push(
      missing.length === 0
        ? pass('slack scopes', `the bot token has every scope manifest.yml asks for (${BOT_SCOPES.join(', ')})`)
        : fail('slack scopes', `the bot token lacks ${missing.join(', ')} (manifest.yml asks for them)`, 'Add the missing bot scopes on the app\'s OAuth & Permissions page (or recreate the app from manifest.yml), then reinstall it to the workspace.'),
    );
  }
  if (config.mode === 'socket' && appToken) {
    try {
      await clientFor(appToken, apiUrl).apps.connections.open();
      results.push(pass('slack receiver', 'Socket Mode: the app-level token opens a connection (connections:write); no public URL is needed'));
    } catch (error) {
      results.push(
        fail('slack receiver', `Socket Mode: Slack refuses the app-level token (${slackError(error)})`, 'Create an app-level token with connections:write under Basic Information → App-Level Tokens, set SLACK_APP_TOKEN, and turn Socket Mode on.'),
      );
    }
  } else {
    results.push(receiverCheck(config.mode, appToken, signingSecret));
  }
  return results;
}

function receiverCheck(mode: Config['mode'], appToken: string | null, signingSecret: string | null): CheckResult {
  if (mode === 'socket') {
    return appToken
      ? pass('slack receiver', 'Socket Mode: an app-level token is set')
      : fail('slack receiver', 'Socket Mode needs an app-level token', 'Set SLACK_APP_TOKEN (xapp-…, connections:write).');
  }
  return signingSecret
    ? pass('slack receiver', 'HTTP mode: the signing secret is set; Slack must send commands and interactivity to https://<your host>/slack/events with Socket Mode off (manifest.yml turns it on)')
    : fail('slack receiver', 'HTTP mode needs the signing secret', 'Set SLACK_SIGNING_SECRET from the app\'s Basic Information page, or SLACK_APP_TOKEN for Socket Mode.');
}
