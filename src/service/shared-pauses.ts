/**
 * The service's per-key 429 pause, shared by every client of the key (spec 8: tools and tickets are
 * limited per API key). `budget.ts` pauses a group in one client; replicas sharing Redis each have
 * their own client, so a 429 one replica got would not stop the others sending into the same limit.
 * A `SharedPauses` board (`store/service-pauses.ts`: Redis when the store is, in memory otherwise)
 * carries the pause across: the client records the `Retry-After` there on a 429, and reads it
 * before each throttled request. Keys are named by a fingerprint, never the key itself.
 */
import { createHash } from 'node:crypto';
import type { ThrottledGroup } from './budget.js';

export interface SharedPauses {
  /** Records that `group` of the key named `keyId` is paused for `ms` (a longer pause already recorded stays). */
  pause(keyId: string, group: ThrottledGroup, ms: number): Promise<void>;
  /** Milliseconds left of the key's pause of `group` (0: none, or the board cannot be read). */
  pausedFor(keyId: string, group: ThrottledGroup): Promise<number>;
}

/** Names a key on the board: the first 16 hex digits of its SHA-256 (tells keys apart, opens nothing). */
export function pauseKeyId(apiKey: string): string {
  return createHash('sha256').update(`radar-pause:${apiKey}`).digest('hex').slice(0, 16);
}

/** A board in this process's memory: every client of a key in the process shares its pause. */
export function createMemoryPauses(now: () => number = Date.now): SharedPauses {
  const until = new Map<string, number>();
  return {
    pause(keyId, group, ms) {
      const name = `${keyId}:${group}`;
      const at = now();
      for (const [k, t] of until) if (t <= at) until.delete(k);
      until.set(name, Math.max(until.get(name) ?? 0, at + ms));
      return Promise.resolve();
    },
    pausedFor(keyId, group) {
      return Promise.resolve(Math.max(0, (until.get(`${keyId}:${group}`) ?? 0) - now()));
    },
  };
}
