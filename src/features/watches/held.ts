/**
 * Posting what a channel's watches held (issue 30): the daily digest of digest-tier changes and the
 * one message of changes held during quiet hours. Each is one post through the watch ledger's claim
 * protocol (deliverOnce), keyed by the channel and what it covers (`digest:<slot>`, the day's digest
 * time as an instant; `quiet:<end>`, the end of the quiet hours the first held change came in), so it is
 * posted once across restarts and replicas; then its entries are marked posted in the held store and
 * never held or posted again. The message carries `radar_change` metadata with that key as `run_id`, so
 * a post made before a crash is found and recorded instead of posted again.
 */
import { findOwnPost } from '../background/find-own-post.js';
import type { RadarDeps } from '../../deps.js';
import type { Binding } from '../../store/bindings.js';
import type { ChannelHeld, HeldChange, HeldEntry, HeldReason, WatchHeldRepo } from '../../store/watch-held.js';
import { DEFAULT_WATCH_SCHEDULE, type WatchesRepo, type WatchSchedule } from '../../store/watches.js';
import { deliverOnce, isDelivered, type Delivery } from '../background/deliver-once.js';
import { CHANGE_EVENT_TYPE, type WatchDelivery } from './deliver.js';
import { inQuiet, lastDigestSlot, quietEnd } from './schedule.js';
import type { Change } from './changes/index.js';
import type { ChangeKind } from './changes/tiers.js';
import { sealedButtons } from './sealed.js';
import type { DeliveredChange } from './tell-followers.js';
import { heldMessages, type HeldButtons } from './views/held-message.js';

/** The metadata of a held message: `radar_change`, the key as `run_id`, what it holds and the runs it covers. */
export function heldMetadata(projectId: string, key: string, reason: HeldReason, entries: readonly HeldEntry[]) {
  const dimensions = [...new Set(entries.map((e) => e.dimension))];
  const competitors = [...new Set(entries.flatMap((e) => e.changes.map((c) => c.competitor)).filter((c): c is string => c !== null))];
  return {
    event_type: CHANGE_EVENT_TYPE,
    event_payload: {
      project_id: projectId,
      dimension: dimensions.join(','),
      run_id: key,
      held: reason,
      runs: entries.map((e) => `${e.dimension}:${e.runId}`).join(',').slice(0, 2000),
      // The competitors its changes name (Slack's payload takes no null: left out when none does).
      ...(competitors.length ? { competitor: competitors.join(',').slice(0, 2000) } : {}),
    },
  };
}

async function findEarlier(ctx: WatchDelivery, channel: string, projectId: string, key: string, since: Date, threadTs?: string): Promise<string | null> {
  const botId = await ctx.botId({ channel });
  const mine = (m: { bot_id?: string; metadata?: { event_type?: string; event_payload?: unknown } }) => {
    const p = m.metadata?.event_payload as Record<string, unknown> | undefined;
    return m.bot_id === botId && m.metadata?.event_type === CHANGE_EVENT_TYPE && p?.run_id === key && p.project_id === projectId;
  };
  if (threadTs) {
    // A reply in a briefing digest's thread: looked for among that thread's replies.
    const replies = await ctx.client.conversations.replies({ channel, ts: threadTs, include_all_metadata: true, limit: 200 });
    return (replies.messages ?? []).find((m) => m.ts !== threadTs && mine(m))?.ts ?? null;
  }
  return findOwnPost(ctx.client, { channel, botId, since }, ({ eventType, payload }) => mine({ bot_id: botId, metadata: { event_type: eventType, event_payload: payload } }));
}

export interface HeldOutcome {
  posted: boolean;
  failing: string | null;
}

interface Batch {
  reason: HeldReason;
  key: string;
  entries: HeldEntry[];
  /** Posted as a reply in this thread (a briefing digest's), not as a message of its own. */
  threadTs?: string;
}

/** A held change as the watch message's buttons take it (entries held before titles were kept: the line, plain). */
function asChange(c: HeldChange): Change {
  const tier = 'digest' as Change['tier'];
  return { kind: c.kind as ChangeKind, tier, competitor: c.competitor, category: null, weight: c.weight, line: c.line, title: c.title ?? c.line.replace(/[*_`~]/g, ''), before: c.before ?? null, after: c.after ?? null };
}

/** Each held change's Create ticket, Mute and Snooze values, sealed to the channel, as on a watch message. */
export function heldButtons(deps: Pick<RadarDeps, 'seals'>, teamId: string, channelId: string, binding: Binding): HeldButtons {
  return (entry, change) =>
    sealedButtons(deps, { channel: channelId, team: teamId }, { projectId: binding.projectId, projectName: binding.projectName, dimension: entry.dimension, runId: entry.runId, runAt: entry.runAt, changes: [asChange(change)] });
}

async function deliverBatch(ctx: WatchDelivery, teamId: string, channelId: string, binding: Binding, schedule: WatchSchedule, batch: Batch, buttons?: HeldButtons): Promise<Delivery> {
  const { reason, key, entries, threadTs } = batch;
  const messages = heldMessages({ reason, projectName: binding.projectName, schedule, entries }, buttons);
  const metadata = heldMetadata(binding.projectId, key, reason, entries);
  return deliverOnce(ctx, { teamId, channelId, runId: key }, {
    what: reason === 'digest' ? 'watch digest' : 'quiet-hours message',
    findEarlier: (since) => findEarlier(ctx, channelId, binding.projectId, key, since, threadTs),
    render: async () => messages,
    async post(m) {
      const result = await ctx.client.chat.postMessage({ channel: channelId, ...(threadTs ? { thread_ts: threadTs } : {}), text: m.main.text, blocks: m.main.blocks, metadata, unfurl_links: false });
      if (!result.ts) throw new Error('chat.postMessage answered without a ts');
      return result.ts;
    },
    async followUp(ts, m) {
      // The replies carry the message's metadata too (issue 30 item 7), like a watch message's thread.
      for (const reply of m.thread) await ctx.client.chat.postMessage({ channel: channelId, thread_ts: threadTs ?? ts, text: reply.text, blocks: reply.blocks, metadata, unfurl_links: false });
    },
    async completeRecovered(ts) {
      if (messages.thread.length === 0 || threadTs) return;
      const botId = await ctx.botId({ channel: channelId, teamId });
      const replies = await ctx.client.conversations.replies({ channel: channelId, ts, limit: 200 });
      const already = (replies.messages ?? []).filter((m) => m.ts !== ts && m.bot_id === botId).length;
      for (const reply of messages.thread.slice(already)) await ctx.client.chat.postMessage({ channel: channelId, thread_ts: ts, text: reply.text, blocks: reply.blocks, metadata, unfurl_links: false });
    },
  });
}

/**
 * Posts what is due of a channel's held changes at `now`: the quiet-hours message once they have
 * ended (or were turned off), and the digest of changes held before the latest digest time (not
 * during quiet hours: it waits for their end). Entries about another project than the channel's
 * binding now are dropped.
 */
export async function deliverHeld(
  deps: Pick<RadarDeps, 'bindings' | 'now' | 'digestSettings' | 'digestLedger' | 'seals'>,
  watches: WatchesRepo,
  held: WatchHeldRepo,
  ctx: WatchDelivery,
  teamId: string,
  channelId: string,
  onDelivered?: (teamId: string, post: DeliveredChange) => Promise<void>,
): Promise<HeldOutcome> {
  const outcome: HeldOutcome = { posted: false, failing: null };
  const record: ChannelHeld | undefined = await held.get(teamId, channelId);
  if (!record || record.entries.length === 0) return outcome;
  const binding = await deps.bindings.get(teamId, channelId);
  const now = deps.now();
  const stale = record.entries.filter((e) => binding?.projectId !== e.projectId);
  if (stale.length) await held.markPosted(teamId, channelId, stale.map((e) => e.id), now);
  if (!binding) return outcome;
  const watchRecord = await watches.get(teamId, channelId);
  const schedule = watchRecord?.projectId === binding.projectId ? watchRecord.schedule : DEFAULT_WATCH_SCHEDULE;
  if (inQuiet(schedule, now)) return outcome;
  const mine = record.entries.filter((e) => e.projectId === binding.projectId);

  const batches: Batch[] = [];
  const quiet = mine.filter((e) => e.reason === 'quiet');
  if (quiet.length) {
    const first = quiet.map((e) => e.heldAt).sort()[0]!;
    const end = quietEnd(schedule, new Date(first));
    if (end === null) batches.push({ reason: 'quiet', key: `quiet:${first}`, entries: quiet });
    else if (end.getTime() <= now.getTime()) batches.push({ reason: 'quiet', key: `quiet:${end.toISOString()}`, entries: quiet.filter((e) => Date.parse(e.heldAt) < end.getTime()) });
  }
  const briefing = schedule.digestMode === 'briefing' ? await briefingDigest(deps, teamId, channelId) : null;
  if (briefing !== undefined) {
    if (briefing) {
      // With the briefing digest: what was held before the channel's latest digest was posted, in its thread.
      const digest = mine.filter((e) => e.reason === 'digest' && Date.parse(e.heldAt) < Date.parse(briefing.postedAt));
      if (digest.length) batches.push({ reason: 'digest', key: `digest:briefing:${briefing.runId}`, entries: digest, threadTs: briefing.ts });
    } else {
      const slot = lastDigestSlot(schedule, now);
      const digest = mine.filter((e) => e.reason === 'digest' && Date.parse(e.heldAt) < slot.getTime());
      if (digest.length) batches.push({ reason: 'digest', key: `digest:${slot.toISOString()}`, entries: digest });
    }
  }

  for (const candidate of batches) {
    const batch = await frozenBatch(held, teamId, channelId, record, candidate, now);
    if (!batch) continue;
    const delivery = await deliverBatch(ctx, teamId, channelId, binding, schedule, batch, heldButtons(deps, teamId, channelId, binding));
    if (isDelivered(delivery)) {
      // Followers hear the now-tier changes held through quiet hours when their message posts, each
      // run as the watch message would have told them (the notifier claims per event and person: once).
      if (batch.reason === 'quiet' && onDelivered) {
        for (const e of batch.entries) {
          const post = { projectId: e.projectId, projectName: binding.projectName, dimension: e.dimension, runId: e.runId, changes: e.changes.map(asChange) };
          await onDelivered(teamId, post).catch((error: unknown) => ctx.logger.warn('could not tell followers of changes held through quiet hours', { channel: channelId, runId: e.runId, error }));
        }
      }
      await held.markPosted(teamId, channelId, batch.entries.map((e) => e.id), now);
      if (delivery.kind !== 'already_posted') {
        outcome.posted = true;
        ctx.logger.info('held watch changes posted', { channel: channelId, key: batch.key, entries: batch.entries.length, ts: delivery.ts, recovered: delivery.kind === 'recovered' });
      }
    } else if (delivery.kind === 'channel_failing') {
      outcome.failing = delivery.reason;
      ctx.logger.warn('held watch changes not delivered: Slack refuses this channel', { channel: channelId, key: batch.key, reason: delivery.reason });
      break;
    } else if (delivery.kind === 'retry_later') {
      ctx.logger.warn('held watch changes not delivered; trying again next poll', { channel: channelId, key: batch.key, error: delivery.error });
      break;
    }
  }
  return outcome;
}

/**
 * The batch as frozen before its post (the held store's `freeze`): the entries it shows are those its
 * key was frozen with, whoever posts, completes or recovers it, so an entry held a moment after another
 * replica read the record is never marked posted by a message that does not show it; it waits for the
 * next key. A key whose batch was posted already (none of its ids still held) leaves what came after
 * it to the next key of that slot (`<key>#2`, `#3`, …). Null: nothing of it left to post.
 */
async function frozenBatch(held: WatchHeldRepo, teamId: string, channelId: string, record: ChannelHeld, batch: Batch, now: Date): Promise<Batch | null> {
  let key = batch.key;
  for (let n = 2; n <= record.batches.length + 2; n++) {
    const frozen = record.batches.find((b) => b.key === key);
    if (!frozen || batch.entries.some((e) => frozen.ids.includes(e.id))) break;
    key = `${batch.key}#${n}`;
  }
  const ids = new Set(await held.freeze(teamId, channelId, key, batch.entries.map((e) => e.id), now));
  const entries = batch.entries.filter((e) => ids.has(e.id));
  return entries.length ? { ...batch, key, entries } : null;
}

/**
 * The briefing digest the channel's held digest-tier changes go with: the latest edition the digest
 * poller dealt with here, when its digest was posted (the digest ledger's record); undefined while
 * none is posted yet (they wait); null when briefing digests are off here (they go daily instead).
 */
async function briefingDigest(deps: Pick<RadarDeps, 'digestSettings' | 'digestLedger'>, teamId: string, channelId: string): Promise<{ runId: string; ts: string; postedAt: string } | null | undefined> {
  const settings = await deps.digestSettings.get(teamId, channelId);
  if (settings && !settings.digestsEnabled) return null;
  const runId = settings?.lastSeenRunId ?? null;
  if (runId === null) return undefined;
  const entry = await deps.digestLedger.get({ teamId, channelId, runId });
  return entry?.state === 'posted' ? { runId, ts: entry.ts, postedAt: entry.postedAt } : undefined;
}
