/**
 * Locks shared by every replica on one Redis, through redlock (single Redis node). A holder that
 * dies stops extending; its key expires after the ttl and another replica can take the lock.
 */
import type { Redis } from 'ioredis';
import { ExecutionError, Redlock, ResourceLockedError } from '@sesamecare-oss/redlock';
import type { Lock } from '@sesamecare-oss/redlock';
import type { HeldLock, LockBackend } from './coordination.js';

export interface RedisLock extends HeldLock {
  readonly lock: Lock;
}

export interface RedisLocksOptions {
  /** Prepended to every lock key, e.g. a test run's namespace prefix. */
  keyPrefix?: string;
  /** Redis logical database the keys live in (redlock's scripts select it). */
  db?: number;
}

export function createRedisLocks(client: Redis, options: RedisLocksOptions = {}): LockBackend<RedisLock> {
  const redlock = new Redlock([client], { retryCount: 0, db: options.db ?? 0 });
  const keyOf = (name: string) => `${options.keyPrefix ?? ''}lease:${name}`;
  const wrap = (lock: Lock): RedisLock => ({ lock, expiresAt: lock.expiration });

  return {
    async acquire(name, ttlMs) {
      try {
        return wrap(await redlock.acquire([keyOf(name)], ttlMs));
      } catch (error) {
        if (await isHeldElsewhere(error)) return null;
        throw error;
      }
    },
    async extend(held, ttlMs) {
      try {
        return wrap(await held.lock.extend(ttlMs));
      } catch (error) {
        if (await isHeldElsewhere(error)) return null;
        throw error;
      }
    },
    async release(held) {
      try {
        await held.lock.release();
      } catch (error) {
        if (await isHeldElsewhere(error)) return; // already expired or taken: nothing to give up
        throw error;
      }
    },
  };
}

/** True when redlock failed only because the key is held by another lock value (or already expired). */
async function isHeldElsewhere(error: unknown): Promise<boolean> {
  if (!(error instanceof ExecutionError)) return false;
  if (error.attempts.length === 0) return true; // redlock refuses to extend an already-expired lock
  const stats = await Promise.all(error.attempts);
  return stats.every((s) => s.votesAgainst.size > 0 && [...s.votesAgainst.values()].every((e) => e instanceof ResourceLockedError));
}
