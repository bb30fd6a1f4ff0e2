/** Helpers the scan tests share: start a scan through Slack, and read what became of its message. */
import { expect } from 'vitest';
import type { StoredMessage, WebApiCall } from '../../../src/slack/local-web-api/index.js';
import { SCAN_RESULT_EVENT } from '../../../src/features/scans/scan-messages.js';
import type { ScanFollower } from '../../../src/features/scans/scan-follower.js';
import type { FakeSlack } from '../../support/fake-slack.js';
import { replyText, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';

/** Timing for scan tests: the harness's fast defaults, and elapsed-time refreshes every 30 ms. */
export const SCAN_TIMING = { scanProgressUpdateMs: 30 } as const;

/**
 * Polls `check` every 5 ms until it returns a value other than undefined. No deadline of its own: the
 * test's timeout (60 s) is the only bound, so it is never a speed limit (on two shared cores beside
 * another suite, a hundred scans' messages once took longer than a 4 s deadline). `what` names the
 * wait for a reader; when it never comes, vitest's timeout points at the pending call.
 */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  void what;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Sends `/radar scan …` and resolves with the ts of the channel message it posted: the first new
 * one, or when scans run side by side, the new one naming `domain`.
 */
export async function startScan(h: RadarHarness, text: string, where: { channel?: string; user?: string; domain?: string } = {}): Promise<string> {
  const channel = where.channel ?? CHANNELS.intel;
  const seen = new Set(topLevel(h.slack, channel).map((m) => m.ts));
  const ack = await h.driver.command(text, { channel, user: where.user ?? USERS.alice });
  // How fast the ack comes is measured by `npm run bench`, not asserted here.
  expect(ack.status).toBe(200);
  const isOurs = (m: StoredMessage) => !seen.has(m.ts) && (where.domain === undefined || m.text.includes(` of ${where.domain}:`));
  const posted = await eventually(() => topLevel(h.slack, channel).find(isOurs), `a message for /radar ${text}`);
  return posted.ts;
}

function topLevel(slack: FakeSlack, channel: string): StoredMessage[] {
  return slack.messagesIn(channel).filter((m) => m.thread_ts === undefined);
}

/** The message at `ts` as the channel shows it now. */
export function messageAt(slack: FakeSlack, channel: string, ts: string): StoredMessage {
  const message = slack.messagesIn(channel).find((m) => m.ts === ts);
  if (!message) throw new Error(`no message ${ts} in ${channel}`);
  return message;
}

export const textOf = (message: Pick<StoredMessage, 'text' | 'blocks'>): string => replyText({ args: { text: message.text, blocks: message.blocks } });

/** Every chat.update of the message at `ts`, oldest first, as text. */
export function updatesOf(slack: FakeSlack, ts: string): string[] {
  return slack.callsTo('chat.update').filter((c) => c.args.ts === ts).map((c: WebApiCall) => replyText(c));
}

/** Replies in the thread of `ts` that carry Radar's scan-result metadata. */
export function resultReplies(slack: FakeSlack, channel: string, ts: string): StoredMessage[] {
  return slack.messagesIn(channel).filter((m) => m.thread_ts === ts && m.metadata?.event_type === SCAN_RESULT_EVENT);
}

/** Resolves once the scan's message shows an outcome and the scan is no longer pending, with its final text. */
export async function finished(h: RadarHarness, channel: string, ts: string): Promise<string> {
  await eventually(
    async () => {
      if (/: (starting|queued|running)$/.test(messageAt(h.slack, channel, ts).text)) return undefined;
      return (await h.radar.deps.pendingScans.listAll()).some((s) => s.messageTs === ts) ? undefined : true;
    },
    `the scan of message ${ts} to finish`,
  );
  return textOf(messageAt(h.slack, channel, ts));
}

export function followerOf(h: RadarHarness): ScanFollower {
  const worker = h.radar.workers.find((w) => w.name === 'scan-follower');
  if (!worker) throw new Error('Radar has no scan follower');
  return worker as ScanFollower;
}

/** Requests the sandbox saw to the scan tools. */
export function scanRequests(h: RadarHarness): { method: string; path: string }[] {
  return h.sandbox.control.requests().filter((r) => r.path.startsWith('/v1/tools/'));
}
