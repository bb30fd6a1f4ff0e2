/**
 * Exactly-once delivery of one run's watch message to one channel: the digest's claim ledger protocol
 * (src/features/background/deliver-once.ts) on its own ledger (`watch-ledger`, keyed by team, channel
 * and `<dimension>:<run id>`), the message carrying metadata (`radar_change`: project, competitor,
 * dimension, run; also for other apps) so a post made before a crash is found and recorded instead of
 * posted again.
 */
import type { webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { WATCH_IDS } from '../../slack/ids.js';
import { createDigestLedger, type DigestKey, type DigestLedger } from '../../store/digest-ledger.js';
import type { WatchDimension } from '../../store/watches.js';
import { deliverOnce, posterBase, type ClaimContext, type Delivery, type PosterBase } from '../background/deliver-once.js';
import type { WatchMessages } from './views/watch-message.js';

type WebClient = webApi.WebClient;

export const WATCH_LEDGER_NAMESPACE = 'watch-ledger';

export interface WatchRef {
  projectId: string;
  dimension: WatchDimension;
  runId: string;
  /** The competitor of the message's most significant change naming one (null: none named). */
  competitor?: string | null;
}

/** The `event_type` of the metadata on every message Radar posts about a change (for other apps and workflows). */
export const CHANGE_EVENT_TYPE = WATCH_IDS.eventType;
/** The event type an earlier Radar put on watch messages: still recognised when looking for a post made before a crash. */
const EARLIER_EVENT_TYPES: readonly string[] = [WATCH_IDS.eventType, WATCH_IDS.earlierEventType];

export interface WatchDelivery extends PosterBase, ClaimContext<DigestKey> {
  ledger: DigestLedger;
}

export function createWatchDelivery(deps: Pick<RadarDeps, 'store' | 'timing' | 'logger' | 'now'>, client: WebClient): WatchDelivery {
  return { ...posterBase(deps, client, 'watches'), ledger: createDigestLedger(deps.store, { now: deps.now, namespace: WATCH_LEDGER_NAMESPACE }) };
}

export const watchKey = (teamId: string, channelId: string, ref: WatchRef): DigestKey => ({ teamId, channelId, runId: `${ref.dimension}:${ref.runId}` });

/**
 * The message's metadata: `radar_change` with project, competitor, dimension and run. Slack's payload
 * takes no null, so `competitor` is left out when no change of the message names one.
 */
export function changeMetadata(ref: WatchRef) {
  return {
    event_type: CHANGE_EVENT_TYPE,
    event_payload: { project_id: ref.projectId, ...(ref.competitor ? { competitor: ref.competitor } : {}), dimension: ref.dimension, run_id: ref.runId },
  };
}

const LOOKBACK_MS = 24 * 60 * 60_000;

async function findEarlier(ctx: WatchDelivery, channel: string, ref: WatchRef, since: Date): Promise<string | null> {
  const botId = await ctx.botId();
  const oldest = ((since.getTime() - LOOKBACK_MS) / 1000).toFixed(6);
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const result = await ctx.client.conversations.history({ channel, oldest, include_all_metadata: true, limit: 200, ...(cursor ? { cursor } : {}) });
    const found = (result.messages ?? []).find((m) => {
      const p = m.metadata?.event_payload as Record<string, unknown> | undefined;
      return m.bot_id === botId && EARLIER_EVENT_TYPES.includes(m.metadata?.event_type ?? '') && p?.run_id === ref.runId && p.project_id === ref.projectId && p.dimension === ref.dimension;
    });
    if (found?.ts) return found.ts;
    cursor = result.response_metadata?.next_cursor || undefined;
    if (!result.has_more || !cursor) return null;
  }
  return null;
}

/** The thread's replies (every change) carry the message's `radar_change` metadata too (issue 30 item 7). */
async function postThread(client: WebClient, channel: string, ts: string, thread: WatchMessages['thread'], ref: WatchRef): Promise<void> {
  for (const reply of thread) await client.chat.postMessage({ channel, thread_ts: ts, text: reply.text, blocks: reply.blocks, metadata: changeMetadata(ref), unfurl_links: false });
}

export function deliverWatch(ctx: WatchDelivery, key: DigestKey, ref: WatchRef, render: () => Promise<WatchMessages>): Promise<Delivery> {
  return deliverOnce(ctx, key, {
    what: 'watch message',
    findEarlier: (since) => findEarlier(ctx, key.channelId, ref, since),
    render,
    async post(messages) {
      const result = await ctx.client.chat.postMessage({ channel: key.channelId, text: messages.main.text, blocks: messages.main.blocks, metadata: changeMetadata(ref), unfurl_links: false });
      if (!result.ts) throw new Error('chat.postMessage answered without a ts');
      return result.ts;
    },
    followUp: (ts, messages) => postThread(ctx.client, key.channelId, ts, messages.thread, ref),
    async completeRecovered(ts) {
      const { thread } = await render();
      if (thread.length === 0) return;
      const botId = await ctx.botId();
      const replies = await ctx.client.conversations.replies({ channel: key.channelId, ts, limit: 200 });
      const already = (replies.messages ?? []).filter((m) => m.ts !== ts && m.bot_id === botId).length;
      if (already < thread.length) await postThread(ctx.client, key.channelId, ts, thread.slice(already), ref);
    },
  });
}
