/**
 * Exactly-once delivery of one run's watch message to one channel: the digest's claim ledger protocol
 * (src/features/background/deliver-once.ts) on its own ledger (`watch-ledger`, keyed by team, channel
 * and `<dimension>:<run id>`), the message carrying metadata (`radar_change`: project, competitor,
 * dimension, run; also for other apps) so a post made before a crash is found and recorded instead of
 * posted again.
 */
import { findOwnPost } from '../background/find-own-post.js';
import type { webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import { WATCH_IDS } from '../../slack/ids.js';
import { createDigestLedger, type DigestKey, type DigestLedger } from '../../store/digest-ledger.js';
import type { WatchDimension } from '../../store/watches.js';
import { deliverOnce, posterBase, type ClaimContext, type Delivery, type PosterBase } from '../background/deliver-once.js';
import type { WatchMessages } from './views/watch-message.js';
import type { ServiceClient } from '../../service/index.js';
import { chartPart, type MessageChart } from '../../slack/charts/index.js';
import { postChartMessage } from '../../slack/charts/post.js';
import { AI_TREND_CHART, aiTrendChart } from '../charts/ai-visibility.js';

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
  /** The moved metric over its last runs, for the message's thread (issue 29); null when there is none to draw. */
  chart?: (ref: WatchRef) => Promise<MessageChart | null>;
}

export function createWatchDelivery(deps: Pick<RadarDeps, 'store' | 'timing' | 'logger' | 'now'> & Partial<Pick<RadarDeps, 'service' | 'background'>>, client: WebClient): WatchDelivery {
  const { service, background } = deps;
  return {
    ...posterBase(deps, client, 'watches'),
    ledger: createDigestLedger(deps.store, { now: deps.now, namespace: WATCH_LEDGER_NAMESPACE }),
    ...(service && background ? { chart: (ref: WatchRef) => watchChart(ref, (task) => background.run(task), service) } : {}),
  };
}

/**
 * An AI move's chart: presence over the last checks (the AI trend), your brand and the brand that
 * moved first. Other dimensions' history rows carry no figures to draw (their runs' detail would be
 * one read each): none. A read that fails gives no chart, never a failed message.
 */
async function watchChart(ref: WatchRef, limit: <T>(task: () => Promise<T>) => Promise<T>, service: Pick<ServiceClient, 'aiTrendFacts'>): Promise<MessageChart | null> {
  if (ref.dimension !== 'ai') return null;
  try {
    const { points } = await limit(() => service.aiTrendFacts(ref.projectId));
    const facts = points.kind === 'value' ? aiTrendChart(points.value, null, 12, ref.competitor ?? null) : null;
    return facts ? { blockId: AI_TREND_CHART, facts } : null;
  } catch {
    return null;
  }
}

/**
 * The messages with the chart reply last in the thread (when there is a chart): `moved`, the moved
 * metric over the two runs the watch compared (move-chart.ts), else the AI trend (`ctx.chart`).
 */
async function withChart(ctx: WatchDelivery, ref: WatchRef, messages: WatchMessages, moved: MessageChart | null): Promise<WatchPost> {
  const chart = moved ?? (ctx.chart ? await ctx.chart(ref) : null);
  if (!chart) return messages;
  const ai = chart.blockId === AI_TREND_CHART;
  const part = chartPart(chart.facts, chart.blockId, ai ? { note: 'share of answers counted naming each' } : {});
  return { ...messages, thread: [...messages.thread, { text: `${messages.main.text}: ${ai ? 'over the last checks' : 'over the last runs'}`, blocks: part.blocks, charts: part.charts }] };
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

async function findEarlier(ctx: WatchDelivery, channel: string, ref: WatchRef, since: Date): Promise<string | null> {
  return findOwnPost(
    ctx.client,
    { channel, botId: await ctx.botId({ channel }), since },
    ({ eventType, payload }) => EARLIER_EVENT_TYPES.includes(eventType ?? '') && payload?.run_id === ref.runId && payload.project_id === ref.projectId && payload.dimension === ref.dimension,
  );
}

/**
 * The thread's replies (every change) carry the message's `radar_change` metadata too (issue 30 item 7);
 * a chart reply goes as Slack's chart block, else (refused, or a gap the block cannot draw) with its PNG into this thread.
 */
async function postThread(client: WebClient, channel: string, ts: string, thread: ThreadReply[], ref: WatchRef): Promise<void> {
  for (const reply of thread) {
    if (reply.charts && reply.charts.length > 0) await postChartMessage(client, { channel, thread_ts: ts }, { text: reply.text, blocks: reply.blocks, charts: reply.charts }, { metadata: changeMetadata(ref) });
    else await client.chat.postMessage({ channel, thread_ts: ts, text: reply.text, blocks: reply.blocks, metadata: changeMetadata(ref), unfurl_links: false });
  }
}

type ThreadReply = WatchMessages['thread'][number] & { charts?: readonly MessageChart[] };
/** What is posted: the watch message and its thread, a chart reply last when there is one. */
type WatchPost = Omit<WatchMessages, 'thread'> & { thread: ThreadReply[] };

export function deliverWatch(ctx: WatchDelivery, key: DigestKey, ref: WatchRef, renderPlain: () => Promise<WatchMessages>, moved: MessageChart | null = null): Promise<Delivery> {
  const render = async () => withChart(ctx, ref, await renderPlain(), moved);
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
      const botId = await ctx.botId({ channel: key.channelId, teamId: key.teamId });
      const replies = await ctx.client.conversations.replies({ channel: key.channelId, ts, limit: 200 });
      const already = (replies.messages ?? []).filter((m) => m.ts !== ts && m.bot_id === botId).length;
      if (already < thread.length) await postThread(ctx.client, key.channelId, ts, thread.slice(already), ref);
    },
  });
}
