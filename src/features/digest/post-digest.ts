/**
 * Digest messages in Slack: posting one (main message with its metadata, then thread replies) and
 * finding Radar's own earlier post of an edition by that metadata, for crash recovery.
 */
import type { webApi } from '@slack/bolt';
import { DIGEST_IDS } from '../../slack/ids.js';
import { ticketsMetadata } from '../living/ticket-state.js';
import { findOwnPost } from '../background/find-own-post.js';
import { postChartMessage } from '../../slack/charts/post.js';
import { ticketIdsIn, type DigestMessage, type DigestMessages } from './views/digest-view.js';
import type { Block } from '../../slack/blocks/index.js';

type WebClient = webApi.WebClient;

export interface DigestRef {
  projectId: string;
  runId: string;
}

/** The metadata every digest carries, so Radar can recognise its own post of an edition. */
export function digestMetadata(ref: DigestRef): { event_type: string; event_payload: { run_id: string; project_id: string } } {
  return { event_type: DIGEST_IDS.eventType, event_payload: { run_id: ref.runId, project_id: ref.projectId } };
}

/**
 * A thread reply listing the edition's tickets is a message about tickets (issue 30 item 7):
 * `radar_ticket` with the project, the edition's run and the tickets it shows. Null for a reply
 * without ticket rows (more diagnosis, caveats, charts), which stays plain.
 */
export function ticketReplyMetadata(ref: DigestRef, blocks: readonly Block[]): { event_type: string; event_payload: Record<string, string> } | null {
  const ids = ticketIdsIn(blocks);
  if (ids.length === 0) return null;
  return ticketsMetadata(ref.projectId, ids, { run_id: ref.runId });
}

/** Posts the main message; resolves to its ts. */
export async function postMain(client: WebClient, channel: string, message: DigestMessage, ref: DigestRef): Promise<string> {
  const result = await client.chat.postMessage({ channel, text: message.text, blocks: message.blocks, metadata: digestMetadata(ref), unfurl_links: false });
  if (!result.ts) throw new Error('chat.postMessage answered without a ts');
  return result.ts;
}

/** Posts the thread replies under `ts`, in order. */
export async function postThread(client: WebClient, channel: string, ts: string, replies: DigestMessages['thread'], ref: DigestRef): Promise<void> {
  for (const reply of replies) {
    // A reply with charts: Slack's chart block, else (refused) the PNGs uploaded into this thread.
    if (reply.charts && reply.charts.length > 0) await postChartMessage(client, { channel, thread_ts: ts }, { text: reply.text, blocks: reply.blocks, charts: reply.charts });
    else {
      const metadata = ticketReplyMetadata(ref, reply.blocks);
      await client.chat.postMessage({ channel, thread_ts: ts, text: reply.text, blocks: reply.blocks, ...(metadata ? { metadata } : {}), unfurl_links: false });
    }
  }
}

const PAGE_SIZE = 200;

/** How many replies `botId` has already posted under `ts` (a crash may have cut the thread short). */
export async function repliesPosted(client: WebClient, channel: string, ts: string, botId: string): Promise<number> {
  const result = await client.conversations.replies({ channel, ts, limit: PAGE_SIZE });
  return (result.messages ?? []).filter((m) => m.ts !== ts && m.bot_id === botId).length;
}

/** The ts of a digest of `ref` that `botId` posted in `channel` since shortly before `since`, or null (find-own-post.ts). */
export function findEarlierPost(client: WebClient, channel: string, ref: DigestRef, botId: string, since: Date): Promise<string | null> {
  return findOwnPost(client, { channel, botId, since }, ({ eventType, payload }) => eventType === DIGEST_IDS.eventType && payload?.run_id === ref.runId && payload.project_id === ref.projectId);
}
