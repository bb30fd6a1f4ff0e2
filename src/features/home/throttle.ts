/**
 * At most one Home tab refresh a minute per person, across replicas: the last refresh time is kept
 * in the store (`store.update`, atomic on every backend) and a refresh is granted only to the one
 * caller that moves it forward. Measured on Radar's clock (`deps.now`), so tests move time instead
 * of waiting.
 */
import type { Store } from '../../store/backends/store.js';

export const HOME_REFRESH_NAMESPACE = 'home-refresh';
/** The shortest time between two refreshes of one person's Home tab. */
export const HOME_REFRESH_MS = 60_000;

interface Refreshed {
  at: number;
}

/** True for the one caller that may refresh `user`'s Home tab now (and records that it did). */
export async function claimRefresh(store: Store, teamId: string, userId: string, now: Date): Promise<boolean> {
  const at = now.getTime();
  const result = await store.update<Refreshed>(
    HOME_REFRESH_NAMESPACE,
    `${teamId}:${userId}`,
    (current) => (current && typeof current.at === 'number' && at - current.at < HOME_REFRESH_MS && at >= current.at ? undefined : { at }),
    { ttlMs: HOME_REFRESH_MS * 2 },
  );
  return result.written;
}
