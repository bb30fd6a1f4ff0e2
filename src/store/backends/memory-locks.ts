/**
 * In-process locks for a SQLite-backed Radar. A SQLite file is served by one replica, so exclusivity
 * inside this process is exclusivity overall. Running two replicas on one SQLite file is not
 * supported: use Redis (`STORE_URL=redis://...`) for that.
 */
import { randomUUID } from 'node:crypto';
import type { HeldLock, LockBackend } from './coordination.js';

export interface MemoryLock extends HeldLock {
  readonly name: string;
  readonly token: string;
}

export function createMemoryLocks(now: () => number = Date.now): LockBackend<MemoryLock> {
  const holders = new Map<string, MemoryLock>();

  const isLive = (lock: MemoryLock | undefined): lock is MemoryLock => lock !== undefined && lock.expiresAt > now();

  return {
    async acquire(name, ttlMs) {
      if (isLive(holders.get(name))) return null;
      const lock = { name, token: randomUUID(), expiresAt: now() + ttlMs };
      holders.set(name, lock);
      return lock;
    },
    async extend(lock, ttlMs) {
      const current = holders.get(lock.name);
      if (!isLive(current) || current.token !== lock.token) return null;
      const next = { ...lock, expiresAt: now() + ttlMs };
      holders.set(lock.name, next);
      return next;
    },
    async release(lock) {
      if (holders.get(lock.name)?.token === lock.token) holders.delete(lock.name);
    },
  };
}
