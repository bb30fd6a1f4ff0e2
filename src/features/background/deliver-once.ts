/**
 * Exactly-once posting through a claim ledger (the digest ledger today, src/store/digest-ledger.ts):
 * claim, post, record the post, then its follow-ups (thread replies).
 *
 * A crash between posting and recording leaves a claim without a posted mark. Whoever claims the
 * key after that claim went stale is told so (`takeover`), and first looks for the earlier post:
 * found, it records that post instead of posting again. A channel Slack refuses until a person acts
 * is reported as `channel_failing` with the reason src/slack/slack-errors.ts gives it.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { Logger } from '../../log.js';
import { botIdLookup, type BotIdWhere } from '../../slack/bot-ids.js';
import { channelFailureReason } from '../../slack/slack-errors.js';
import type { ClaimResult } from '../../store/digest-ledger.js';
import { withDeadline } from '../../deadline.js';

/** The ledger's operations posting needs. */
export interface ClaimLedger<K> {
  claim(key: K, owner: string, ttlMs: number): Promise<ClaimResult>;
  markPosted(key: K, post: { ts: string; owner?: string }): Promise<unknown>;
  release(key: K, owner: string): Promise<boolean>;
}

export interface ClaimContext<K> {
  ledger: ClaimLedger<K>;
  /** This process's name on claims. */
  owner: string;
  claimTtlMs: number;
  /** How long a post may go unanswered before delivery moves on, keeping the claim. */
  postTimeoutMs: number;
  logger: Logger;
}

/** One post to make once: how to find it after a crash, render it, post it and its follow-ups. */
export interface OncePost<M> {
  /** What is posted, in log lines (`digest`). */
  what: string;
  /** Looks for this post made by a claimant since `since`; its ts, or null. */
  findEarlier(since: Date): Promise<string | null>;
  render(): Promise<M>;
  /** Posts the main message; resolves its ts. */
  post(messages: M): Promise<string>;
  /** Posts what follows the main message (its thread). */
  followUp(ts: string, messages: M): Promise<void>;
  /** Posts the follow-ups a recovered post is missing. */
  completeRecovered(ts: string): Promise<void>;
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

/** True when the channel has had (or is now known to have had) this post. */
export function isDelivered(d: Delivery): d is Extract<Delivery, { kind: 'posted' | 'recovered' | 'already_posted' }> {
  return d.kind === 'posted' || d.kind === 'recovered' || d.kind === 'already_posted';
}

/** A Slack failure as a delivery outcome: the channel failing, or a retry next poll. */
function notDelivered(error: unknown): Delivery {
  const reason = channelFailureReason(error);
  return reason ? { kind: 'channel_failing', reason } : { kind: 'retry_later', error };
}

export async function deliverOnce<K extends object, M>(ctx: ClaimContext<K>, key: K, once: OncePost<M>): Promise<Delivery> {
  const { what } = once;
  const claim = await ctx.ledger.claim(key, ctx.owner, ctx.claimTtlMs);
  if (!claim.granted) return claim.current.state === 'posted' ? { kind: 'already_posted' } : { kind: 'claimed_elsewhere' };

  if (claim.takeover) {
    let earlier: string | null;
    try {
      earlier = await once.findEarlier(new Date(claim.takeover.claimedAt));
    } catch (error) {
      // Without an answer we can neither post (it may be there) nor drop the claim (the next claimant must look too).
      return notDelivered(error);
    }
    if (earlier) {
      await ctx.ledger.markPosted(key, { ts: earlier, owner: ctx.owner });
      ctx.logger.info(`${what} found already posted before a restart; recorded it`, { ...key, ts: earlier });
      // The process may have died between the main message and its follow-ups: post the ones missing.
      await once.completeRecovered(earlier).catch((error: unknown) =>
        ctx.logger.warn(`recovered ${what}; its missing thread replies were not posted`, { ...key, ts: earlier, error }),
      );
      return { kind: 'recovered', ts: earlier };
    }
  }

  let messages: M;
  try {
    messages = await once.render();
  } catch (error) {
    await ctx.ledger.release(key, ctx.owner);
    return { kind: 'retry_later', error };
  }
  let ts: string;
  const posting = once.post(messages);
  try {
    ts = await withDeadline(posting, ctx.postTimeoutMs, () => new PostInDoubt(ctx.postTimeoutMs));
  } catch (error) {
    if (error instanceof PostInDoubt) {
      // Slack may still take the post: keep the claim, so nobody posts again before recovery has
      // looked for it, and record the post if the answer comes late.
      ctx.logger.warn(`Slack did not answer a ${what} post in time; keeping the claim for recovery`, { ...key, timeoutMs: ctx.postTimeoutMs });
      void posting.then(
        async (lateTs) => {
          await ctx.ledger.markPosted(key, { ts: lateTs, owner: ctx.owner });
          await once.followUp(lateTs, messages);
          ctx.logger.info(`a late ${what} post was answered; recorded it`, { ...key, ts: lateTs });
        },
        () => undefined,
      ).catch((lateError: unknown) => ctx.logger.warn(`a late ${what} post could not be recorded; recovery will find it`, { ...key, error: lateError }));
      return { kind: 'retry_later', error };
    }
    await ctx.ledger.release(key, ctx.owner);
    return notDelivered(error);
  }

  // From here the post is in the channel: never release the claim, whatever fails.
  let recordError: unknown = null;
  await ctx.ledger.markPosted(key, { ts, owner: ctx.owner }).catch((error: unknown) => {
    recordError = error;
    ctx.logger.error(`${what} posted but not recorded; the claim will be recovered from the post`, { ...key, ts, error });
  });
  await once.followUp(ts, messages).catch((error: unknown) => ctx.logger.warn(`${what} posted; its thread replies were not`, { ...key, ts, error }));
  return recordError === null ? { kind: 'posted', ts } : { kind: 'retry_later', error: recordError };
}

/** A post Slack has not answered in time: it may or may not have landed. */
class PostInDoubt extends Error {
  constructor(ms: number) {
    super(`Slack did not answer within ${ms} ms`);
    this.name = 'PostInDoubt';
  }
}


/**
 * What every channel poster built on `deliverOnce` shares (digests, watches): a Web API client, this
 * process's claim name, the claim and post timings, its logger, and the bot's own `bot_id` where a
 * post goes (to recognise its earlier posts after a crash): in OAuth mode each workspace's own bot,
 * from its installation (src/slack/bot-ids.ts).
 */
export interface PosterBase {
  client: webApi.WebClient;
  owner: string;
  claimTtlMs: number;
  postTimeoutMs: number;
  logger: Logger;
  /** Radar's bot in the workspace of `where` (a channel, or a person's id for a direct message). */
  botId(where: BotIdWhere): Promise<string>;
}

export function posterBase(deps: Pick<RadarDeps, 'timing' | 'logger'>, client: webApi.WebClient, component: string): PosterBase {
  const botId = botIdLookup(client);
  return {
    client,
    owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    claimTtlMs: deps.timing.digestClaimTtlMs,
    postTimeoutMs: deps.timing.slackPostTimeoutMs,
    logger: deps.logger.child({ component }),
    botId,
  };
}
