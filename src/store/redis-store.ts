/**
 * The Redis store, for several replicas sharing state. Keyv data goes through one node-redis client
 * (shared by every namespace's @keyv/redis adapter); leases go through an ioredis client, which is
 * what redlock speaks. Commands fail at once while Redis is unreachable instead of queueing.
 */
import Keyv from 'keyv';
import KeyvRedis, { createClient } from '@keyv/redis';
import { Redis } from 'ioredis';
import type { Logger } from '../log.js';
import { createCoordinator } from './coordination.js';
import { createRedisLocks } from './redis-locks.js';
import type { Change, Store, UpdateResult } from './store.js';
import { decodeRaw, encodeRaw, keyvPerNamespace } from './store.js';

export interface RedisStoreOptions {
  logger: Logger;
  namespacePrefix: string;
}

/** How many times `update` re-reads after losing a race before giving up. */
const MAX_UPDATE_ATTEMPTS = 100;

/**
 * Writes KEYS[1] only if it still holds what the caller read. ARGV: expected-absent flag ('1'),
 * expected raw value, delete flag ('1'), next raw value.
 */
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if current then return 0 end
elseif current ~= ARGV[2] then
  return 0
end
if ARGV[3] == '1' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[4]) end
return 1`;

export async function openRedisStore(url: string, { logger, namespacePrefix }: RedisStoreOptions): Promise<Store> {
  const db = databaseOf(url);
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5_000,
      // Refuse to start against an unreachable Redis; once running, keep reconnecting.
      reconnectStrategy: (retries, cause) => (connected ? Math.min(100 * 2 ** retries, 5_000) : cause),
    },
  });
  client.on('error', (error: unknown) => logger.error('redis connection error', { error }));
  const lockClient = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  lockClient.on('error', (error: unknown) => logger.error('redis (leases) connection error', { error }));

  try {
    await Promise.all([client.connect(), lockClient.connect()]);
    connected = true;
  } catch (error) {
    if (client.isOpen) client.destroy();
    lockClient.disconnect();
    throw new Error(`cannot connect to the Redis store at ${redactUrl(url)}`, { cause: error });
  }

  const keyvs = keyvPerNamespace(
    (namespace) => new Keyv(new KeyvRedis(client, { namespace, throwOnErrors: true }), { namespace, useKeyPrefix: false, throwOnErrors: true }),
    namespacePrefix,
    logger,
  );
  const redisKey = (keyv: Keyv, key: string) => (keyv.store as KeyvRedis<unknown>).createKeyPrefix(key, keyv.namespace);

  const update = async <T>(namespace: string, key: string, change: (current: T | undefined) => Change<T>): Promise<UpdateResult<T>> => {
    const keyv = keyvs.get(namespace);
    const fullKey = redisKey(keyv, key);
    for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
      const raw = await client.get(fullKey);
      const current = await decodeRaw<T>(keyv, raw);
      const next = change(current);
      if (next === undefined) return { value: current, written: false };
      const written = await client.eval(COMPARE_AND_SET, {
        keys: [fullKey],
        arguments: [raw === null ? '1' : '0', raw ?? '', next === null ? '1' : '0', next === null ? '' : await encodeRaw(keyv, next)],
      });
      if (written === 1) return { value: next ?? undefined, written: true };
    }
    throw new Error(`store update of ${namespace}/${key} kept losing to concurrent writers`);
  };

  const list = async <T>(namespace: string): Promise<T[]> => {
    const keyv = keyvs.get(namespace);
    const values: T[] = [];
    for await (const keys of client.scanIterator({ MATCH: `${redisKey(keyv, '')}*`, TYPE: 'string', COUNT: 500 })) {
      if (keys.length === 0) continue;
      // A key deleted between SCAN and MGET comes back null and is skipped.
      for (const raw of await client.mGet(keys)) {
        const value = await decodeRaw<T>(keyv, raw);
        if (value !== undefined) values.push(value);
      }
    }
    return values;
  };

  return {
    kind: 'redis',
    keyv: keyvs.get,
    list,
    update,
    async ping() {
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      const results = await Promise.allSettled([client.close(), lockClient.quit()]);
      for (const r of results) if (r.status === 'rejected') logger.warn('closing a Redis connection failed', { error: r.reason });
    },
    coordinator: createCoordinator(createRedisLocks(lockClient, { keyPrefix: namespacePrefix, db }), { logger }),
  };
}

/** The logical database a `redis://host:port/db` URL names (0 when absent). */
function databaseOf(url: string): number {
  const db = Number(new URL(url).pathname.replace(/^\//, '') || 0);
  if (!Number.isInteger(db) || db < 0) throw new Error(`the Redis store URL names an invalid database: ${redactUrl(url)}`);
  return db;
}

/** The URL without a password, for messages. */
function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = 'redacted';
  return parsed.toString();
}
