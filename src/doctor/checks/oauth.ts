/**
 * OAuth mode's checks (issue 32, when SLACK_CLIENT_ID is set): Slack accepts the client id and
 * secret (an `oauth.v2.access` with a code that cannot exist: `invalid_code` means the credentials
 * passed, `invalid_client_id` / `bad_client_secret` that they did not; nothing is installed); the
 * receiver is HTTP with its signing secret and the two install paths; every stored installation's
 * tokens open with RADAR_ENCRYPTION_KEY (or the previous key, which is then a warning until each
 * record is written again).
 */
import { webApi } from '@slack/bolt';
import type { Config } from '../../config.js';
import { openStore } from '../../store/backends/open-store.js';
import { createSecretBox, keyId } from '../../store/crypto.js';
import { createInstallationStore, INSTALLATIONS_NAMESPACE } from '../../store/installations.js';
import { fail, pass, warn } from '../types.js';
import type { CheckResult } from '../types.js';

function slackError(error: unknown): string {
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  if (data && typeof data.error === 'string') return data.error;
  return error instanceof Error ? error.message : String(error);
}

export async function checkOAuth(config: Config): Promise<CheckResult[]> {
  const { oauth, encryption } = config;
  if (!oauth || !encryption) return [];
  const results: CheckResult[] = [];
  const client = new webApi.WebClient(undefined, { slackApiUrl: config.slack.apiUrl, retryConfig: { retries: 0 }, logLevel: webApi.LogLevel.ERROR, timeout: 10_000 });
  try {
    await client.oauth.v2.access({ client_id: oauth.clientId, client_secret: oauth.clientSecret, code: 'radar-doctor-probe' });
    results.push(warn('slack client', 'Slack exchanged a code that cannot exist: SLACK_API_URL may not be Slack', 'Point SLACK_API_URL at https://slack.com/api/ (or unset it).'));
  } catch (error) {
    const code = slackError(error);
    if (code === 'invalid_code') results.push(pass('slack client', 'Slack accepts the client id and secret (installs from a link)'));
    else if (code === 'invalid_client_id' || code === 'bad_client_secret' || code === 'invalid_client') {
      results.push(fail('slack client', `Slack refuses the client credentials (${code})`, "Copy the Client ID and Client Secret from the app's Basic Information page into SLACK_CLIENT_ID and SLACK_CLIENT_SECRET."));
    } else results.push(warn('slack client', `the client credentials could not be checked (${code})`, 'Check that Slack (SLACK_API_URL) is reachable, then run npm run doctor again.'));
  }
  results.push(
    pass(
      'slack receiver',
      'HTTP mode with installs from a link: the install link is https://<your host>/slack/install; the app\'s redirect URL must be https://<your host>/slack/oauth_redirect and Socket Mode off (manifest.yml)',
    ),
  );

  const box = createSecretBox(encryption);
  let store;
  try {
    store = await openStore(config.storeUrl, { namespacePrefix: config.storePrefix });
  } catch (error) {
    results.push(warn('installations', `the store could not be opened to check the installations (${error instanceof Error ? error.message : String(error)})`, 'See the store check below.'));
    return results;
  }
  try {
    const installations = createInstallationStore(store, box);
    const summaries = await installations.list();
    let unreadable = 0;
    let stale = 0;
    for (const summary of summaries) {
      try {
        await installations.get(summary.key);
        const raw = JSON.stringify(await store.keyv(INSTALLATIONS_NAMESPACE).get(summary.key));
        if (/"v1\.[0-9a-f]{8}\./.test(raw) && !raw.includes(`"v1.${keyId(encryption.current)}.`)) stale++;
      } catch {
        unreadable++;
      }
    }
    const total = summaries.length;
    if (unreadable > 0) {
      results.push(
        fail(
          'installations',
          `${unreadable} of ${total} installation${total === 1 ? '' : 's'} cannot be opened with RADAR_ENCRYPTION_KEY or RADAR_ENCRYPTION_KEY_PREVIOUS`,
          'Set RADAR_ENCRYPTION_KEY_PREVIOUS to the key they were sealed with; a workspace whose key is lost must install Radar again.',
        ),
      );
    } else if (stale > 0) {
      results.push(
        warn(
          'installations',
          `${stale} of ${total} installation${total === 1 ? '' : 's'} are still sealed with the previous key`,
          'Keep RADAR_ENCRYPTION_KEY_PREVIOUS until each is written again (a token refresh or a reinstall), then unset it.',
        ),
      );
    } else {
      results.push(pass('installations', `${total} installation${total === 1 ? '' : 's'} stored, every token sealed with the current key${encryption.previous ? ' (RADAR_ENCRYPTION_KEY_PREVIOUS is no longer needed)' : ''}`));
    }
  } finally {
    await store.close();
  }
  return results;
}
