/**
 * Exactly-once bookkeeping for digests: each (team, channel, briefing run) is posted once, across
 * restarts and replicas.
 *
 * Protocol for the digest feature:
 * 1. `claim(key, owner, ttlMs)` before posting. Exactly one concurrent caller is granted; the others
 *    see the current entry (a live claim or a `posted` mark) and skip.
 * 2. Post, then `markPosted(key, { ts })` with the message ts.
 * 3. If posting failed before anything reached Slack, `release(key, owner)` so a later poll retries.
 *
 * Recovery: a claim older than its ttl with no `posted` mark means its owner may have died between
 * posting and recording. `claim` then grants the key to the next caller but returns the stale
 * claim as `takeover`: that caller must look for the earlier post (our own message metadata in the
 * channel) and, if found, `markPosted` with its ts instead of posting again. The ledger provides
 * the states; the lookup belongs to the digest feature.
 */
import * as z from 'zod';
import { recordReader } from './records.js';
import type { Store } from './backends/store.js';

export interface DigestKey {
  teamId: string;
  channelId: string;
  runId: string;
}

export type LedgerEntry =
  | {
      state: 'claimed';
      owner: string;
      /** ISO 8601 timestamps: when the claim was taken, and when it stops protecting the key. */
      claimedAt: string;
      staleAt: string;
    }
  | {
      state: 'posted';
      /** Whoever held the claim when the post was recorded; null if it was recorded without one. */
      owner: string | null;
      claimedAt: string;
      /** Slack ts of the digest message. */
      ts: string;
      postedAt: string;
    };

export type ClaimResult =
  /** Go ahead. `takeover` is the stale claim replaced, if any: check for an earlier post first. */
  | { granted: true; takeover: Extract<LedgerEntry, { state: 'claimed' }> | null }
  /** Someone holds a live claim, or the digest is already posted. */
  | { granted: false; current: LedgerEntry };

export interface DigestLedger {
  claim(key: DigestKey, owner: string, ttlMs: number): Promise<ClaimResult>;
  /** Records the post. Keeps the claim's owner unless `owner` is given. */
  markPosted(key: DigestKey, post: { ts: string; owner?: string }): Promise<LedgerEntry>;
  get(key: DigestKey): Promise<LedgerEntry | undefined>;
  /** Drops `owner`'s claim (never a posted mark, never someone else's claim); resolves whether it did. */
  release(key: DigestKey, owner: string): Promise<boolean>;
}

export interface DigestLedgerOptions {
  /** The clock; defaults to the system clock. */
  now?: () => Date;
  /** Another ledger on the same protocol (watches: `watch-ledger`, its `runId` naming the dimension too); default `digest-ledger`. */
  namespace?: string;
}

const DIGEST_NAMESPACE = 'digest-ledger';

/**
 * How long a ledger entry lives after its last write: 90 days, long past any edition's relevance (a
 * channel's poller only ever looks at editions newer than its last seen one, and a briefing runs every
 * two to four weeks), so the ledger holds the last few months, not every digest ever posted.
 */
export const DIGEST_LEDGER_TTL_MS = 90 * 24 * 60 * 60 * 1000;

const entrySchema = z.discriminatedUnion('state', [
  z.looseObject({ state: z.literal('claimed'), owner: z.string(), claimedAt: z.string(), staleAt: z.string() }),
  z.looseObject({ state: z.literal('posted'), owner: z.string().nullable().default(null), claimedAt: z.string(), ts: z.string(), postedAt: z.string() }),
]);

export function createDigestLedger(store: Store, options: DigestLedgerOptions = {}): DigestLedger {
  const now = options.now ?? (() => new Date());
  const NAMESPACE = options.namespace ?? DIGEST_NAMESPACE;
  const keyOf = ({ teamId, channelId, runId }: DigestKey) => `${teamId}:${channelId}:${runId}`;
  const records = recordReader(store, NAMESPACE, entrySchema);
  const ttl = { ttlMs: DIGEST_LEDGER_TTL_MS };
  /** An entry that is there but cannot be read blocks the key: never post over what may be a post. */
  const readable = (key: string, current: unknown): LedgerEntry | undefined => {
    const entry = records.parse(key, current);
    if (current !== undefined && entry === undefined) throw new Error(`digest ledger: the entry ${key} cannot be read; it is left alone`);
    return entry;
  };

  return {
    async claim(key, owner, ttlMs) {
      if (!Number.isInteger(ttlMs) || ttlMs <= 0) throw new RangeError(`claim ttl must be a positive integer of milliseconds, got ${ttlMs}`);
      const at = now();
      const claim: LedgerEntry = { state: 'claimed', owner, claimedAt: at.toISOString(), staleAt: new Date(at.getTime() + ttlMs).toISOString() };
      let previous: LedgerEntry | undefined;
      const { written } = await store.update<unknown>(
        NAMESPACE,
        keyOf(key),
        (current) => {
          previous = readable(keyOf(key), current);
          if (previous === undefined) return claim;
          if (previous.state === 'claimed' && Date.parse(previous.staleAt) <= at.getTime()) return claim;
          return undefined;
        },
        ttl,
      );
      if (written) return { granted: true, takeover: previous?.state === 'claimed' ? previous : null };
      if (!previous) throw new Error('digest ledger: a refused claim must have found an entry');
      return { granted: false, current: previous };
    },
    async markPosted(key, { ts, owner }) {
      const at = now().toISOString();
      let posted: LedgerEntry | undefined;
      await store.update<unknown>(
        NAMESPACE,
        keyOf(key),
        (current) => {
          // The post happened: it is recorded even over an entry this version cannot read.
          const entry = records.parse(keyOf(key), current);
          posted = { state: 'posted', owner: owner ?? entry?.owner ?? null, claimedAt: entry?.claimedAt ?? at, ts, postedAt: at };
          return posted;
        },
        ttl,
      );
      if (!posted) throw new Error('digest ledger: the posted mark was not written');
      return posted;
    },
    get: (key) => records.get(keyOf(key)),
    async release(key, owner) {
      const { written } = await store.update<unknown>(NAMESPACE, keyOf(key), (current) => {
        const entry = records.parse(keyOf(key), current);
        return entry?.state === 'claimed' && entry.owner === owner ? null : undefined;
      });
      return written;
    },
  };
}
