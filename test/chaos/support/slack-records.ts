/** Reading what the fake Slack received, for the chaos tests. */
import { SCAN_RESULT_EVENT } from '../../../src/features/scans/scan-messages.js';
import type { StoredMessage, WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { answerTo as matchedAnswer, WAIT_MS, type FakeSlack } from '../../support/fake-slack.js';
import type { Ack } from '../../support/slack-driver.js';

/** The `response_url` answer to a request the driver sent (its ack carries the URL). */
export function answerTo(slack: FakeSlack, ack: Ack, timeoutMs = WAIT_MS): Promise<WebApiCall> {
  return matchedAnswer(slack, ack, { timeoutMs });
}

/** Top-level messages in `channel` whose text names `domain` (a scan's channel message). */
export function scanMessage(slack: FakeSlack, channel: string, domain: string): StoredMessage | undefined {
  return slack.messagesIn(channel).find((m) => m.thread_ts === undefined && m.text.includes(` of ${domain}:`));
}

/** True while a scan's channel message still shows it in progress. */
export function inProgress(message: StoredMessage): boolean {
  return /: (starting|queued|running)$/.test(message.text);
}

/** Replies in the thread of `ts` carrying Radar's scan-result metadata. */
export function scanResultReplies(slack: FakeSlack, channel: string, ts: string): StoredMessage[] {
  return slack.messagesIn(channel).filter((m) => m.thread_ts === ts && m.metadata?.event_type === SCAN_RESULT_EVENT);
}

/**
 * Every secret found in Slack calls (arguments and response-url ids; the bot token is expected
 * only in the Authorization header) and in log lines; an empty list when none leaked.
 */
export function leakedSecrets(secrets: readonly string[], slack: Pick<FakeSlack, 'calls'>, logs: readonly string[]): string[] {
  const haystack = [...slack.calls.map((c) => JSON.stringify({ args: c.args, responseUrlId: c.responseUrlId })), ...logs].join('\n');
  return secrets.filter((s) => haystack.includes(s));
}
