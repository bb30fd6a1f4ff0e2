/**
 * Exactly-once delivery of one edition's digest to one channel, through the digest ledger
 * (src/store/digest-ledger.ts): claim, post with metadata, record the post, then the thread.
 *
 * A crash between posting and recording leaves a claim without a posted mark. Whoever claims the
 * key after that claim went stale is told so (`takeover`), and first looks for Radar's own earlier
 * post of the edition in the channel: found, it records that post instead of posting again.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { Logger } from '../../log.js';
import type { DigestKey, DigestLedger } from '../../store/digest-ledger.js';
import { findEarlierPost, postMain, postThread, repliesPosted, type DigestRef } from './post-digest.js';
import { persistentFailureReason } from './slack-failures.js';
import type { DigestMessages } from './views/digest-view.js';

type WebClient = webApi.WebClient;

/** What delivering needs; one per process, shared by the poller and `/radar digest now`. */
export interface DeliveryContext {
  client: WebClient;
  ledger: DigestLedger;
  /** This process's name on claims. */
  owner: string;
  claimTtlMs: number;
  /** How long a post may go unanswered before delivery moves on, keeping the claim. */
  postTimeoutMs: number;
  logger: Logger;
  /** The bot's own `bot_id`, to recognise its earlier posts. */
  botId(): Promise<string>;
}

export function createDeliveryContext(deps: Pick<RadarDeps, 'digestLedger' | 'timing' | 'logger'>, client: WebClient): DeliveryContext {
  let botId: Promise<string> | undefined;
  return {
    client,
    ledger: deps.digestLedger,
    owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    claimTtlMs: deps.timing.digestClaimTtlMs,
    postTimeoutMs: deps.timing.slackPostTimeoutMs,
    logger: deps.logger.child({ component: 'digest' }),
    botId() {
      botId ??= client.auth.test().then((r) => {
        if (!r.bot_id) throw new Error('auth.test answered without a bot_id');
        return r.bot_id;
      });
      botId.catch(() => (botId = undefined));
      return botId;
    },
  };
}

export type Delivery =
  /** Posted now. */
  | { kind: 'posted'; ts: string }
  /** A post from before a crash was found and recorded. */
  | { kind: 'recovered'; ts: string }
  | { kind: 'already_posted' }
  /** Someone else holds a live claim: they are posting it. */
  | { kind: 'claimed_elsewhere' }
  /** Slack refuses this channel until a person acts. */
  | { kind: 'channel_failing'; reason: string }
  /** Not delivered this time (service or Slack trouble); the next poll tries again. */
  | { kind: 'retry_later'; error: unknown };

/** True when the channel has had (or is now known to have had) this edition's digest. */
export function isDelivered(d: Delivery): d is Extract<Delivery, { kind: 'posted' | 'recovered' | 'already_posted' }> {
  return d.kind === 'posted' || d.kind === 'recovered' || d.kind === 'already_posted';
}

export async function deliverDigest(ctx: DeliveryContext, key: DigestKey, ref: DigestRef, render: () => Promise<DigestMessages>): Promise<Delivery> {
  const claim = await ctx.ledger.claim(key, ctx.owner, ctx.claimTtlMs);
  if (!claim.granted) return claim.current.state === 'posted' ? { kind: 'already_posted' } : { kind: 'claimed_elsewhere' };

  if (claim.takeover) {
    let earlier: string | null;
    try {
      earlier = await findEarlierPost(ctx.client, key.channelId, ref, await ctx.botId(), new Date(claim.takeover.claimedAt));
    } catch (error) {
      // Without an answer we can neither post (it may be there) nor drop the claim (the next claimant must look too).
      const reason = persistentFailureReason(error);
      return reason ? { kind: 'channel_failing', reason } : { kind: 'retry_later', error };
    }
    if (earlier) {
      await ctx.ledger.markPosted(key, { ts: earlier, owner: ctx.owner });
      ctx.logger.info('digest found already posted before a restart; recorded it', { ...key, ts: earlier });
      // The process may have died between the main message and its thread: post the replies missing.
      await completeThread(ctx, key, earlier, render).catch((error: unknown) =>
        ctx.logger.warn('recovered digest; its missing thread replies were not posted', { ...key, ts: earlier, error }),
      );
      return { kind: 'recovered', ts: earlier };
    }
  }

  let messages: DigestMessages;
  try {
    messages = await render();
  } catch (error) {
    await ctx.ledger.release(key, ctx.owner);
    return { kind: 'retry_later', error };
  }
  let ts: string;
  const posting = postMain(ctx.client, key.channelId, messages.main, ref);
  try {
    ts = await withinDeadline(posting, ctx.postTimeoutMs);
  } catch (error) {
    if (error instanceof PostInDoubt) {
      // Slack may still take the post: keep the claim, so nobody posts again before recovery has
      // looked for it, and record the post if the answer comes late.
      ctx.logger.warn('Slack did not answer a digest post in time; keeping the claim for recovery', { ...key, timeoutMs: ctx.postTimeoutMs });
      void posting.then(
        async (lateTs) => {
          await ctx.ledger.markPosted(key, { ts: lateTs, owner: ctx.owner });
          await postThread(ctx.client, key.channelId, lateTs, messages.thread);
          ctx.logger.info('a late digest post was answered; recorded it', { ...key, ts: lateTs });
        },
        () => undefined,
      ).catch((lateError: unknown) => ctx.logger.warn('a late digest post could not be recorded; recovery will find it', { ...key, error: lateError }));
      return { kind: 'retry_later', error };
    }
    await ctx.ledger.release(key, ctx.owner);
    const reason = persistentFailureReason(error);
    return reason ? { kind: 'channel_failing', reason } : { kind: 'retry_later', error };
  }

  // From here the digest is in the channel: never release the claim, whatever fails.
  let recordError: unknown = null;
  await ctx.ledger.markPosted(key, { ts, owner: ctx.owner }).catch((error: unknown) => {
    recordError = error;
    ctx.logger.error('digest posted but not recorded; the claim will be recovered from the post', { ...key, ts, error });
  });
  await postThread(ctx.client, key.channelId, ts, messages.thread).catch((error: unknown) =>
    ctx.logger.warn('digest posted; its thread replies were not', { ...key, ts, error }),
  );
  return recordError === null ? { kind: 'posted', ts } : { kind: 'retry_later', error: recordError };
}

/** Posts the thread replies of a recovered digest that are not under it yet (counted, in order). */
async function completeThread(ctx: DeliveryContext, key: DigestKey, ts: string, render: () => Promise<DigestMessages>): Promise<void> {
  const { thread } = await render();
  if (thread.length === 0) return;
  const already = await repliesPosted(ctx.client, key.channelId, ts, await ctx.botId());
  if (already < thread.length) await postThread(ctx.client, key.channelId, ts, thread.slice(already));
}

/** A post Slack has not answered in time: it may or may not have landed. */
class PostInDoubt extends Error {
  constructor(ms: number) {
    super(`Slack did not answer within ${ms} ms`);
    this.name = 'PostInDoubt';
  }
}

function withinDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PostInDoubt(ms)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
