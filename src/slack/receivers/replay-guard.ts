/**
 * The replay guard: a signed Slack request is dispatched once. Its `x-slack-signature` is claimed
 * for five minutes (as long as Slack's timestamp is accepted at all) in the store every replica
 * shares, so a captured request replayed to this or any other replica is acknowledged and dropped.
 *
 * Slack's own retries (`x-slack-retry-num`) are sent with a fresh `x-slack-request-timestamp` and
 * therefore a new signature, so they are not replays here: Bolt sees them as retries as before.
 *
 * When the store fails or does not answer in time, the request is dispatched anyway and the
 * failure logged: a store outage must not stop Slack traffic.
 */
import type { Logger } from '../../log.js';

/** How long a seen signature is remembered; Slack's timestamp window, so a replay is either seen or stale. */
export const REPLAY_WINDOW_MS = 5 * 60_000;
/** The store namespace of seen signatures. */
export const SEEN_NAMESPACE = 'slack-seen';

/** True when `signature` was seen before (by any replica); records it otherwise. May throw. */
export type SeenBefore = (signature: string) => Promise<boolean>;

/** `SeenBefore` over the store's atomic set-if-absent (shared by replicas on Redis). */
export function seenBeforeIn(store: { claim(namespace: string, key: string, ttlMs: number): Promise<boolean> }): SeenBefore {
  return async (signature) => !(await store.claim(SEEN_NAMESPACE, signature, REPLAY_WINDOW_MS));
}

/** `replay`: drop it; `first`: dispatch; `unknown`: the store failed or was slow, dispatch anyway. */
export type ReplayVerdict = 'first' | 'replay' | 'unknown';

export function createReplayGuard(options: { seenBefore: SeenBefore; logger: Logger; timeoutMs?: number }): (signature: string) => Promise<ReplayVerdict> {
  const timeoutMs = options.timeoutMs ?? 1_000;
  return async (signature) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the replay check took longer than ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const seen = await Promise.race([Promise.resolve().then(() => options.seenBefore(signature)), timeout]);
      return seen ? 'replay' : 'first';
    } catch (error) {
      options.logger.warn('replay check failed; dispatching the request anyway', { error });
      return 'unknown';
    } finally {
      clearTimeout(timer);
    }
  };
}
