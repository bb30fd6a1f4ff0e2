/**
 * Opens Radar's store from a `STORE_URL`:
 * - `sqlite://data/radar.sqlite` (relative to the working directory), `sqlite:///var/lib/radar.sqlite`
 *   (absolute) or `sqlite://:memory:` (tests). One replica per SQLite file.
 * - `redis://host:port[/db]` (also `rediss://`): state and leases shared by every replica.
 */
import { silentLogger } from '../../log.js';
import type { Store, StoreOptions } from './store.js';
import { assertNamespacePrefix, DEFAULT_COMMAND_TIMEOUT_MS } from './store.js';

export type { Store, StoreOptions } from './store.js';
export { StoreUnavailableError, isStoreUnavailable } from './errors.js';

export async function openStore(url: string, options: StoreOptions = {}): Promise<Store> {
  const logger = (options.logger ?? silentLogger).child({ component: 'store' });
  const namespacePrefix = options.namespacePrefix ?? '';
  assertNamespacePrefix(namespacePrefix);
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  if (!Number.isInteger(commandTimeoutMs) || commandTimeoutMs <= 0) throw new RangeError(`the store command timeout must be a positive integer of milliseconds, got ${commandTimeoutMs}`);
  if (url.startsWith('sqlite://')) {
    const path = url.slice('sqlite://'.length);
    if (path === '') throw new Error('the SQLite store URL needs a path, e.g. sqlite://data/radar.sqlite');
    // Each backend is loaded only when chosen: the Redis clients alone cost a SQLite replica about
    // 300 ms of start-up and 15 MiB of memory it would never use.
    const { openSqliteStore } = await import('./sqlite-store.js');
    return openSqliteStore(path, { logger, namespacePrefix, commandTimeoutMs });
  }
  if (url.startsWith('redis://') || url.startsWith('rediss://')) {
    const { openRedisStore } = await import('./redis-store.js');
    return openRedisStore(url, { logger, namespacePrefix, commandTimeoutMs });
  }
  throw new Error('the store URL must start with sqlite:// or redis://');
}
