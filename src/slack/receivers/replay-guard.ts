/**
 * The replay guard: a signed Slack request is acted on once. Its `x-slack-signature` is claimed in
 * the store for five minutes (as long as Slack's timestamp is accepted at all): one atomic
 * set-if-absent with a time to live (`SET NX PX` on Redis, shared by every replica; one
 * `INSERT … ON CONFLICT` on SQLite), so a captured request replayed to this or any other replica
 * is acknowledged and dropped.
 *
 * Slack's own retries (`x-slack-retry-num`) are sent with a fresh timestamp and so a new
 * signature: they are not replays here.
 *
 * When the store fails or does not answer within `timeoutMs`, the verdict is `unknown` and the
 * caller dispatches the request anyway, logged: a store outage must not stop Slack traffic.
 */
import type { Logger } from '../../log.js';

/** How long a seen signature is remembered; Slack's timestamp window, so a replay is either seen or stale. */
export const REPLAY_WINDOW_MS = 5 * 60_000;
/** The store namespace of seen signatures. */
export const SEEN_NAMESPACE = 'slack-seen';

/** `replay`: drop it; `first`: dispatch; `unknown`: the store failed or was slow, dispatch anyway. */
export type ReplayVerdict = 'first' | 'replay' | 'unknown';

export interface ReplayGuardOptions {
  store: { claim(namespace: string, key: string, ttlMs: number): Promise<boolean> };
  logger: Logger;
  /** How long the claim may take before the request is dispatched unchecked (default 1 s). */
  timeoutMs?: number;
}

export function createReplayGuard({ store, logger, timeoutMs = 1_000 }: ReplayGuardOptions): (signature: string) => Promise<ReplayVerdict> {
  return async (signature) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the replay check took longer than ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const first = await Promise.race([Promise.resolve().then(() => store.claim(SEEN_NAMESPACE, signature, REPLAY_WINDOW_MS)), timeout]);
      return first ? 'first' : 'replay';
    } catch (error) {
      logger.warn('replay check failed; dispatching the request anyway', { error });
      return 'unknown';
    } finally {
      clearTimeout(timer);
    }
  };
}
