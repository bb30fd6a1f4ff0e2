/**
 * The Slack side of a followed scan: keep its channel message current, and post the result's
 * details in its thread exactly once. The thread reply carries message metadata naming the scan,
 * so a replica that takes over after a crash mid-post can find it instead of posting it again.
 */
import type { webApi } from '@slack/bolt';
import type { Block } from '../../slack/blocks/index.js';
import { updateChartMessage, type MessageChart } from '../../slack/charts/post.js';
import type { PendingScan } from '../../store/pending-scans.js';

/** `event_type` of the metadata on a result's thread reply; its payload names the scan. */
export const SCAN_RESULT_EVENT = 'radar_scan_result';

export interface SlackMessage {
  text: string;
  blocks: Block[];
  /** Charts the message shows: Slack's chart block, or a PNG in the thread when Slack refuses it. */
  charts?: readonly MessageChart[];
}

type Where = Pick<PendingScan, 'scanId' | 'channelId' | 'messageTs'>;

export interface ScanMessages {
  /** Replaces the scan's channel message (idempotent: the same update twice is harmless). */
  update(scan: Pick<PendingScan, 'channelId' | 'messageTs'>, message: SlackMessage): Promise<void>;
  /**
   * Posts `message` in the scan's thread unless a reply for this scan is already there. Looking
   * costs a Slack call, so it happens only when `mayExist` (an earlier attempt may have posted).
   */
  postResultOnce(scan: Where, message: SlackMessage, mayExist: boolean): Promise<void>;
}

export function createScanMessages(client: webApi.WebClient): ScanMessages {
  const alreadyPosted = async (scan: Where): Promise<boolean> => {
    let cursor: string | undefined;
    do {
      const page = await client.conversations.replies({
        channel: scan.channelId,
        ts: scan.messageTs,
        include_all_metadata: true,
        limit: 200,
        ...(cursor ? { cursor } : {}),
      });
      const found = (page.messages ?? []).some((m) => {
        const metadata = m.metadata as { event_type?: string; event_payload?: Record<string, unknown> } | undefined;
        return metadata?.event_type === SCAN_RESULT_EVENT && metadata.event_payload?.scan_id === scan.scanId;
      });
      if (found) return true;
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
    return false;
  };

  return {
    async update(scan, message) {
      if (message.charts && message.charts.length > 0) {
        await updateChartMessage(client, { channel: scan.channelId, ts: scan.messageTs }, { text: message.text, blocks: message.blocks, charts: message.charts });
        return;
      }
      await client.chat.update({ channel: scan.channelId, ts: scan.messageTs, text: message.text, blocks: message.blocks });
    },
    async postResultOnce(scan, message, mayExist) {
      if (mayExist && (await alreadyPosted(scan))) return;
      await client.chat.postMessage({
        channel: scan.channelId,
        thread_ts: scan.messageTs,
        text: message.text,
        blocks: message.blocks,
        metadata: { event_type: SCAN_RESULT_EVENT, event_payload: { scan_id: scan.scanId } },
      });
    },
  };
}
