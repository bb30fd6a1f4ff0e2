/**
 * Opens Radar's store from a `STORE_URL`:
 * - `sqlite://data/radar.sqlite` (relative to the working directory), `sqlite:///var/lib/radar.sqlite`
 *   (absolute) or `sqlite://:memory:` (tests). One replica per SQLite file.
 * - `redis://host:port[/db]` (also `rediss://`): state and leases shared by every replica.
 */
import { silentLogger } from '../log.js';
import { openRedisStore } from './redis-store.js';
import { openSqliteStore } from './sqlite-store.js';
import type { Store, StoreOptions } from './store.js';
import { assertNamespacePrefix } from './store.js';

export type { Store, StoreOptions } from './store.js';

export async function openStore(url: string, options: StoreOptions = {}): Promise<Store> {
  const logger = (options.logger ?? silentLogger).child({ component: 'store' });
  const namespacePrefix = options.namespacePrefix ?? '';
  assertNamespacePrefix(namespacePrefix);
  if (url.startsWith('sqlite://')) {
    const path = url.slice('sqlite://'.length);
    if (path === '') throw new Error('the SQLite store URL needs a path, e.g. sqlite://data/radar.sqlite');
    return openSqliteStore(path, { logger, namespacePrefix });
  }
  if (url.startsWith('redis://') || url.startsWith('rediss://')) {
    return openRedisStore(url, { logger, namespacePrefix });
  }
  throw new Error('the store URL must start with sqlite:// or redis://');
}
