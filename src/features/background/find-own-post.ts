/**
 * After a stale claim (deliver-once.ts): the ts of the message Radar itself posted in a channel since
 * shortly before the claim, found by its metadata, or null. One search for every exactly-once post
 * (digests, watch messages, held watch messages, reports). Throws when Slack cannot be asked (the caller
 * must then neither post nor forget the claim).
 */
import type { webApi } from '@slack/bolt';

/** How far back (before the stale claim) the search reaches. */
const LOOKBACK_MS = 24 * 60 * 60_000;
const PAGE_SIZE = 200;
const MAX_PAGES = 10;

/** A message's metadata as Slack returns it. */
export interface PostMetadata {
  eventType: string | undefined;
  payload: Record<string, unknown> | undefined;
}

export async function findOwnPost(
  client: webApi.WebClient,
  where: { channel: string; botId: string; since: Date },
  matches: (metadata: PostMetadata) => boolean,
): Promise<string | null> {
  const oldest = ((where.since.getTime() - LOOKBACK_MS) / 1000).toFixed(6);
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.conversations.history({ channel: where.channel, oldest, include_all_metadata: true, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    const found = (result.messages ?? []).find(
      (m) => m.bot_id === where.botId && matches({ eventType: m.metadata?.event_type, payload: m.metadata?.event_payload as Record<string, unknown> | undefined }),
    );
    if (found?.ts) return found.ts;
    cursor = result.response_metadata?.next_cursor || undefined;
    if (!result.has_more || !cursor) return null;
  }
  return null;
}
