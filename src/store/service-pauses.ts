/**
 * The service's per-key 429 pauses on the store (`service/shared-pauses.ts`), so one replica's 429
 * for a key pauses that key's throttled group on every replica until its `Retry-After`. On Redis:
 * one entry per key fingerprint and group (`service-pauses`, `<fingerprint>:<group>`), holding when
 * the pause ends, expiring with it (PX). On SQLite (one process): in memory, never the file.
 * Never the key itself: entries are named by `pauseKeyId`. A store that fails is passed over (the
 * client's own pause still holds), and while the store is known to be unavailable it is not asked.
 */
import { createMemoryPauses, type SharedPauses } from '../service/shared-pauses.js';
import type { Store } from './backends/store.js';

export const SERVICE_PAUSES_NAMESPACE = 'service-pauses';

interface Entry {
  /** When the pause ends (ms since the epoch, on the clock of the replica that recorded it). */
  until: number;
}

/** One memory board per store, so every client built on the store (this process) shares it. */
const memoryBoards = new WeakMap<Store, SharedPauses>();

export function createServicePauses(store: Store, options: { now?: () => number } = {}): SharedPauses {
  const now = options.now ?? Date.now;
  if (store.kind !== 'redis') {
    const board = memoryBoards.get(store) ?? createMemoryPauses(now);
    memoryBoards.set(store, board);
    return board;
  }
  const name = (keyId: string, group: string) => `${keyId}:${group}`;
  return {
    async pause(keyId, group, ms) {
      if (ms <= 0) return;
      const until = now() + ms;
      await store
        .update<Entry>(SERVICE_PAUSES_NAMESPACE, name(keyId, group), (current) => (current && current.until >= until ? undefined : { until }), { ttlMs: ms })
        .catch((error: unknown) => store.logger.warn('could not share a service pause with the other replicas', { group, error }));
    },
    async pausedFor(keyId, group) {
      if (!store.available) return 0;
      try {
        const entry = await store.keyv(SERVICE_PAUSES_NAMESPACE).get<Entry>(name(keyId, group));
        return entry && typeof entry.until === 'number' ? Math.max(0, entry.until - now()) : 0;
      } catch {
        return 0;
      }
    },
  };
}
