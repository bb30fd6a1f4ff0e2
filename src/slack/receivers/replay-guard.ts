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
 *
 * On SQLite there is one replica (one process per file), so the process itself can know every
 * signature it has seen: `seenBeforeInProcess` answers from memory and writes each new signature to
 * the store behind the answer, reading what the store holds back in at start, so a request replayed
 * after a restart is still dropped. Claiming each signature in SQLite before the ack serialised every
 * ack on the one connection: under twenty concurrent senders it doubled Radar's ack p99.
 */
import type { Logger } from '../../log.js';
import { asSender } from '../../sender.js';

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

/** What `seenBeforeInProcess` needs of the store: the atomic claims and the claimed signatures. */
export interface SeenStore {
  claim(namespace: string, key: string, ttlMs: number): Promise<boolean>;
  claimMany(namespace: string, keys: readonly string[], ttlMs: number): Promise<boolean[]>;
  entries<T>(namespace: string): Promise<{ key: string; value: T }[]>;
}

/** Signatures kept in memory at most; past it a new one is claimed in the store before the answer (as on Redis). */
export const DEFAULT_IN_PROCESS_LIMIT = 200_000;

/**
 * `SeenBefore` for a store only this process writes (SQLite): from memory, each new signature
 * claimed in the store in the background (a failed write is logged; the signature is still known
 * here). The signatures the store holds are read in first, each remembered for a whole window from
 * now (a replay older than the window fails its timestamp check anyway). Past `limit` signatures in
 * memory, a new one is claimed in the store before the answer, as `seenBeforeIn` does. The writes
 * go one at a time, each taking every signature that arrived while the last ran. Work done
 * by a process killed between an answer and its write (milliseconds) can be replayed once after a
 * restart; Slack's own retries carry new signatures and are not affected.
 */
export async function seenBeforeInProcess(
  store: SeenStore,
  { logger, now = Date.now, limit = DEFAULT_IN_PROCESS_LIMIT }: { logger: Logger; now?: () => number; limit?: number },
): Promise<SeenBefore> {
  // Signature -> when it may be forgotten; insertion order is expiry order (one window for all).
  const seen = new Map<string, number>();
  const startedAt = now();
  try {
    for (const { key } of await store.entries<boolean>(SEEN_NAMESPACE)) seen.set(key, startedAt + REPLAY_WINDOW_MS);
  } catch (error) {
    logger.warn('could not read the seen Slack signatures back from the store; requests seen before this start are not known', { error });
  }

  const forgetExpired = (at: number) => {
    for (const [signature, until] of seen) {
      if (until > at) break;
      seen.delete(signature);
    }
  };
  let failing = false;
  // One write at a time: the signatures that arrive while it runs go together in the next, one
  // statement for a burst's worth instead of one each (a lone request's is written at once).
  let queued: string[] = [];
  let writing = false;
  const flush = () => {
    if (writing || queued.length === 0) return;
    const batch = queued;
    queued = [];
    writing = true;
    // Written as work outside any request (`sender.ts`): a person's own next store call, their
    // binding read, must not wait behind the record of the request it serves.
    asSender('', async () => store.claimMany(SEEN_NAMESPACE, batch, REPLAY_WINDOW_MS))
      .then(
        (claimed) => {
          failing = false;
          if (claimed.includes(false)) logger.warn('a signature new to this process was already claimed in the store (another process on the same file?)');
        },
        (error: unknown) => {
          // Logged once per run of failures, not once per request of a burst.
          if (!failing) logger.warn('could not record seen Slack signatures in the store; this process still knows them', { error });
          failing = true;
        },
      )
      .finally(() => {
        writing = false;
        flush();
      });
  };
  const writeBehind = (signature: string) => {
    queued.push(signature);
    flush();
  };

  return async (signature) => {
    const at = now();
    forgetExpired(at);
    const until = seen.get(signature);
    if (until !== undefined && until > at) return true;
    if (seen.size >= limit) return !(await store.claim(SEEN_NAMESPACE, signature, REPLAY_WINDOW_MS));
    seen.set(signature, at + REPLAY_WINDOW_MS);
    writeBehind(signature);
    return false;
  };
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
