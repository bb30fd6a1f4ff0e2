/**
 * The replay guard: each delivery from Slack is acted on once. A key naming the delivery is claimed
 * in the store with a time to live: one atomic set-if-absent (`SET NX PX` on Redis, shared by every
 * replica; one `INSERT … ON CONFLICT` on SQLite), so the same delivery sent again, to this or any
 * other replica, after a restart too, is acknowledged and dropped.
 *
 * The key (`deliveryKey`): an event's `event_id`, else the request's `trigger_id` (unique to each
 * command, button press, shortcut and submission, and the same in Slack's retries, which carry a
 * fresh timestamp and so a new signature), each for an hour; else (options requests) the request's
 * signature, for five minutes (as long as its timestamp is accepted at all). Socket Mode claims each
 * `envelope_id` the same way.
 *
 * Each key this process claimed is also kept in its memory for its window (bounded, least recently
 * used first out): a replay to the same replica is refused from memory, without asking the store,
 * even while the store is frozen. When the store fails or does not answer within `timeoutMs` for a
 * key memory does not know, the verdict is `unknown`: the caller acts on nothing and asks the
 * person to try again in a moment (never acting twice). What remains: a replay sent to another
 * replica while the store is frozen gets the same answer, and is not acted on either.
 */
import { LRUCache } from 'lru-cache';
import type { Logger } from '../../log.js';

/** How long a seen signature is remembered; Slack's timestamp window, so a replay is either seen or stale. */
export const REPLAY_WINDOW_MS = 5 * 60_000;
/** How long a delivery (event id, trigger id, envelope id) is remembered: far past Slack's retries. */
export const DELIVERY_WINDOW_MS = 60 * 60_000;

/** The key naming one delivery of `body` (signed with `signature`), and how long it is kept. */
export function deliveryKey(body: Record<string, unknown>, signature: string): { key: string; ttlMs: number } {
  if (typeof body.event_id === 'string' && body.event_id !== '') return { key: `event:${body.event_id}`, ttlMs: DELIVERY_WINDOW_MS };
  if (typeof body.trigger_id === 'string' && body.trigger_id !== '') return { key: `trigger:${body.trigger_id}`, ttlMs: DELIVERY_WINDOW_MS };
  return { key: signature, ttlMs: REPLAY_WINDOW_MS };
}
/** The store namespace of seen signatures. */
export const SEEN_NAMESPACE = 'slack-seen';

/** `replay`: drop it; `first`: dispatch; `unknown`: the store failed or was slow: act on nothing, ask to try again. */
export type ReplayVerdict = 'first' | 'replay' | 'unknown';

export interface ReplayGuardOptions {
  store: { claim(namespace: string, key: string, ttlMs: number): Promise<boolean> };
  logger: Logger;
  /** How long the claim may take before the verdict is `unknown` (default 1 s). */
  timeoutMs?: number;
  /** Keys kept in memory at most (default 100,000). */
  remember?: number;
}

export type ReplayGuard = (key: string, ttlMs?: number) => Promise<ReplayVerdict>;

export function createReplayGuard({ store, logger, timeoutMs = 1_000, remember = 100_000 }: ReplayGuardOptions): ReplayGuard {
  const seen = new LRUCache<string, true>({ max: remember, ttl: REPLAY_WINDOW_MS });
  return async (key, ttlMs = REPLAY_WINDOW_MS) => {
    if (seen.has(key)) return 'replay';
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the replay check took longer than ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const first = await Promise.race([Promise.resolve().then(() => store.claim(SEEN_NAMESPACE, key, ttlMs)), timeout]);
      seen.set(key, true, { ttl: ttlMs });
      return first ? 'first' : 'replay';
    } catch (error) {
      logger.warn('replay check failed; the request is not acted on (asked to try again)', { error });
      return 'unknown';
    } finally {
      clearTimeout(timer);
    }
  };
}
