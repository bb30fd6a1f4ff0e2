/**
 * Exactly-once delivery of one edition's digest to one channel, through the digest ledger
 * (src/store/digest-ledger.ts) and the background posting skeleton (src/features/background/
 * deliver-once.ts): claim, post with metadata, record the post, then the thread. After a stale
 * claim, Radar's own earlier post of the edition (found by its metadata) is recorded instead.
 */
import type { webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { DigestKey, DigestLedger } from '../../store/digest-ledger.js';
import { deliverOnce, posterBase, type ClaimContext, type Delivery, type PosterBase } from '../background/deliver-once.js';
import { findEarlierPost, postMain, postThread, repliesPosted, type DigestRef } from './post-digest.js';
import type { DigestMessages } from './views/digest-view.js';
import { sealedFor } from './sealed-buttons.js';

type WebClient = webApi.WebClient;

/** What delivering needs; one per process, shared by the poller and `/radar digest now`. */
export interface DeliveryContext extends PosterBase, ClaimContext<DigestKey> {
  ledger: DigestLedger;
  /** The messages with their ticket buttons sealed to the channel they are posted in. */
  seal(messages: DigestMessages, key: DigestKey): DigestMessages;
}

export function createDeliveryContext(deps: Pick<RadarDeps, 'digestLedger' | 'timing' | 'logger' | 'seals'>, client: WebClient): DeliveryContext {
  return {
    ...posterBase(deps, client, 'digest'),
    ledger: deps.digestLedger,
    seal: (messages, key) => sealedFor(deps, { channel: key.channelId, team: key.teamId }, messages),
  };
}

export function deliverDigest(ctx: DeliveryContext, key: DigestKey, ref: DigestRef, renderPlain: () => Promise<DigestMessages>): Promise<Delivery> {
  // Buttons are sealed to this channel and team (src/slack/sealed-values.ts) as the messages are made.
  const render = () => renderPlain().then((messages) => ctx.seal(messages, key));
  return deliverOnce(ctx, key, {
    what: 'digest',
    findEarlier: async (since) => findEarlierPost(ctx.client, key.channelId, ref, await ctx.botId({ channel: key.channelId, teamId: key.teamId }), since),
    render,
    post: (messages) => postMain(ctx.client, key.channelId, messages.main, ref),
    followUp: (ts, messages) => postThread(ctx.client, key.channelId, ts, messages.thread, ref),
    completeRecovered: (ts) => completeThread(ctx, key, ref, ts, render),
  });
}

/** Posts the thread replies of a recovered digest that are not under it yet (counted, in order). */
async function completeThread(ctx: DeliveryContext, key: DigestKey, ref: DigestRef, ts: string, render: () => Promise<DigestMessages>): Promise<void> {
  const { thread } = await render();
  if (thread.length === 0) return;
  const already = await repliesPosted(ctx.client, key.channelId, ts, await ctx.botId({ channel: key.channelId, teamId: key.teamId }));
  if (already < thread.length) await postThread(ctx.client, key.channelId, ts, thread.slice(already), ref);
}
