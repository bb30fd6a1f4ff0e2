/**
 * Digest messages in Slack: posting one (main message with its metadata, then thread replies) and
 * finding Radar's own earlier post of an edition by that metadata, for crash recovery.
 */
import type { webApi } from '@slack/bolt';
import { DIGEST_IDS } from '../../slack/ids.js';
import { postChartMessage } from '../../slack/charts/post.js';
import type { DigestMessage, DigestMessages } from './views/digest-view.js';

type WebClient = webApi.WebClient;

export interface DigestRef {
  projectId: string;
  runId: string;
}

/** The metadata every digest carries, so Radar can recognise its own post of an edition. */
export function digestMetadata(ref: DigestRef): { event_type: string; event_payload: { run_id: string; project_id: string } } {
  return { event_type: DIGEST_IDS.eventType, event_payload: { run_id: ref.runId, project_id: ref.projectId } };
}

/** Posts the main message; resolves to its ts. */
export async function postMain(client: WebClient, channel: string, message: DigestMessage, ref: DigestRef): Promise<string> {
  const result = await client.chat.postMessage({ channel, text: message.text, blocks: message.blocks, metadata: digestMetadata(ref), unfurl_links: false });
  if (!result.ts) throw new Error('chat.postMessage answered without a ts');
  return result.ts;
}

/** Posts the thread replies under `ts`, in order. */
export async function postThread(client: WebClient, channel: string, ts: string, replies: DigestMessages['thread']): Promise<void> {
  for (const reply of replies) {
    // A reply with charts: Slack's chart block, else (refused) the PNGs uploaded into this thread.
    if (reply.charts && reply.charts.length > 0) await postChartMessage(client, { channel, thread_ts: ts }, { text: reply.text, blocks: reply.blocks, charts: reply.charts });
    else await client.chat.postMessage({ channel, thread_ts: ts, text: reply.text, blocks: reply.blocks, unfurl_links: false });
  }
}

/** How many replies `botId` has already posted under `ts` (a crash may have cut the thread short). */
export async function repliesPosted(client: WebClient, channel: string, ts: string, botId: string): Promise<number> {
  const result = await client.conversations.replies({ channel, ts, limit: PAGE_SIZE });
  return (result.messages ?? []).filter((m) => m.ts !== ts && m.bot_id === botId).length;
}

/** How far back (before the stale claim) the search for an earlier post reaches. */
const LOOKBACK_MS = 24 * 60 * 60_000;
const PAGE_SIZE = 200;
const MAX_PAGES = 10;

/**
 * The ts of a digest of `ref` that `botId` posted in `channel` since shortly before `since`, or null.
 * Throws when Slack cannot be asked (the caller must then neither post nor forget the claim).
 */
export async function findEarlierPost(client: WebClient, channel: string, ref: DigestRef, botId: string, since: Date): Promise<string | null> {
  const oldest = ((since.getTime() - LOOKBACK_MS) / 1000).toFixed(6);
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.conversations.history({ channel, oldest, include_all_metadata: true, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    const found = (result.messages ?? []).find((m) => {
      const payload = m.metadata?.event_payload as Record<string, unknown> | undefined;
      return m.bot_id === botId && m.metadata?.event_type === DIGEST_IDS.eventType && payload?.run_id === ref.runId && payload.project_id === ref.projectId;
    });
    if (found?.ts) return found.ts;
    cursor = result.response_metadata?.next_cursor || undefined;
    if (!result.has_more || !cursor) return null;
  }
  return null;
}
