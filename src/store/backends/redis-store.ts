/**
 * The Redis store, for several replicas sharing state. Keyv data goes through one node-redis client
 * (shared by every namespace's @keyv/redis adapter); leases go through an ioredis client, which is
 * what redlock speaks. Commands fail at once while Redis is unreachable instead of queueing, and
 * fail after `commandTimeoutMs` when Redis does not answer (frozen), both as StoreUnavailableError.
 */
import { randomUUID } from 'node:crypto';
import Keyv from 'keyv';
import KeyvRedis, { createClient } from '@keyv/redis';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Logger } from '../../log.js';
import { createAvailability, guardAdapter, withinTimeout } from './availability.js';
import { createCoordinator } from './coordination.js';
import { StoreUnavailableError } from './errors.js';
import { createRedisLocks } from './redis-locks.js';
import type { Change, Store, StoredEntry, UpdateOptions, UpdateResult } from './store.js';
import { assertTtl, decodeRaw, encodeRaw, HEALTH_NAMESPACE, keyvPerNamespace } from './store.js';

export interface RedisStoreOptions {
  logger: Logger;
  namespacePrefix: string;
  commandTimeoutMs: number;
}

const CONNECT_TIMEOUT_MS = 5_000;

/** How many times `update` re-reads after losing a race before giving up. */
const MAX_UPDATE_ATTEMPTS = 100;

/** How many keys one MGET (or one index script) handles at a time. */
const BATCH = 500;

/*
 * The namespace index. Each namespace's entries are members of one sorted set (`<namespace>:index`,
 * beside the entries `<namespace>::<key>`), scored by when the entry expires (server time, ms; `inf`
 * without a ttl). Every write through the store keeps entry and index together in one script (`set`
 * and `delete` of the namespace's Keyv, and `update`), and drops members expired by then, so the
 * index of a namespace that is never listed (ledger, submissions) stays as small as its live entries.
 * `list` reads the index and MGETs the members, dropping (from the index too) any whose entry has
 * gone another way (evicted, deleted by hand). `claim`'s seen-once marks are not indexed.
 * Entries written before the index existed are added once per namespace by a keyspace scan on its
 * first listing, remembered by `<namespace>:index-built`.
 */

/** Lua: the server's clock in ms, and the index pruned of members expired by then. KEYS[IDX] is the index. */
const PRUNE_EXPIRED = (idx: string) => `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', ${idx}, '-inf', '(' .. string.format('%d', now))`;

/** Lua: writes KEYS[1] (ARGV[n] value, ARGV[n+1] ttl ms or '') or deletes it (ARGV[n] false), with its index entry in KEYS[2]. */
const WRITE_INDEXED = `
local function write(value, ttl)
  if not value then
    redis.call('DEL', KEYS[1])
    redis.call('ZREM', KEYS[2], KEYS[1])
    return
  end
  local ms = tonumber(ttl)
  if ms and ms > 0 then
    redis.call('SET', KEYS[1], value, 'PX', ms)
    redis.call('ZADD', KEYS[2], string.format('%d', now + ms), KEYS[1])
  else
    redis.call('SET', KEYS[1], value)
    redis.call('ZADD', KEYS[2], 'inf', KEYS[1])
  end
end`;

/**
 * Writes KEYS[1] (index KEYS[2]) only if it still holds what the caller read. ARGV: expected-absent
 * flag ('1'), expected raw value, delete flag ('1'), next raw value, ttl in ms ('' for none).
 */
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if current then return 0 end
elseif current ~= ARGV[2] then
  return 0
end
${PRUNE_EXPIRED('KEYS[2]')}
${WRITE_INDEXED}
if ARGV[3] == '1' then write(false) else write(ARGV[4], ARGV[5]) end
return 1`;

/** A plain write of the namespace's Keyv: KEYS[1] (index KEYS[2]) set to ARGV[1] for ARGV[2] ms ('' for ever), or deleted when ARGV[1] is absent. */
const SET_INDEXED = `
${PRUNE_EXPIRED('KEYS[2]')}
${WRITE_INDEXED}
local existed = redis.call('EXISTS', KEYS[1])
write(ARGV[1], ARGV[2])
return existed`;

/** The index (KEYS[1]) pruned of expired members, then all its members. */
const INDEX_MEMBERS = `
${PRUNE_EXPIRED('KEYS[1]')}
return redis.call('ZRANGE', KEYS[1], 0, -1)`;

/** Drops from the index (KEYS[1]) each of KEYS[2..] whose entry no longer exists (checked here, so a key written meanwhile stays). */
const DROP_VANISHED = `
for i = 2, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 0 then redis.call('ZREM', KEYS[1], KEYS[i]) end
end
return 0`;

/** Adds each existing key of KEYS[2..] to the index (KEYS[1]), scored by its remaining ttl (the one-time backfill). */
const BACKFILL = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i = 2, #KEYS do
  local pttl = redis.call('PTTL', KEYS[i])
  if pttl == -1 then redis.call('ZADD', KEYS[1], 'inf', KEYS[i])
  elseif pttl >= 0 then redis.call('ZADD', KEYS[1], string.format('%d', now + pttl), KEYS[i]) end
end
return 0`;

/** Error replies by which Redis says it cannot serve now (loading, busy script, refusing writes, …). */
const OUTAGE_REPLY = /^(LOADING|BUSY|MISCONF|READONLY|MASTERDOWN|CLUSTERDOWN|TRYAGAIN|NOREPLICAS|OOM)\b/;
/** Error classes of node-redis and ioredis for a reply Redis sent (the server answered). */
const REPLY_ERRORS = new Set(['ErrorReply', 'SimpleError', 'BlobError', 'MultiErrorReply', 'ReplyError']);

/**
 * What a failed Redis command means. Only client calls are guarded, so anything but an ordinary
 * error reply is the connection's fault: refused, dropped, closed, offline, or unanswered in time.
 */
export function classifyRedisError(error: unknown): StoreUnavailableError | null {
  const kind = error instanceof Error ? error.constructor.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (REPLY_ERRORS.has(kind) || (error instanceof Error && error.name === 'ReplyError')) {
    return OUTAGE_REPLY.test(message) ? new StoreUnavailableError('unreachable', `Redis refused the command: ${message}`, { cause: error }) : null;
  }
  if (kind === 'TimeoutError' || message === 'Command timed out') {
    return new StoreUnavailableError('timeout', 'Redis did not answer in time', { cause: error });
  }
  if (kind === 'ClientClosedError') return new StoreUnavailableError('closed', 'the Redis store is closed', { cause: error });
  return new StoreUnavailableError('unreachable', `Redis is unreachable: ${message}`, { cause: error });
}

export async function openRedisStore(url: string, { logger, namespacePrefix, commandTimeoutMs }: RedisStoreOptions): Promise<Store> {
  const db = databaseOf(url);
  const availability = createAvailability({ logger, classify: classifyRedisError });
  let closed = false;
  // Every call gets a deadline of its own: node-redis's command timeout only covers a command
  // waiting to be written, not one written to a Redis that never answers (frozen). A reply that
  // comes after the deadline is still read in order, so the connection stays in step.
  // After close, calls fail here: @keyv/redis would otherwise reconnect a closed client.
  const guard = <T>(call: () => Promise<T>, context?: Record<string, unknown>, reachesBackend = true): Promise<T> =>
    availability.guard(
      () => (closed ? Promise.reject(new StoreUnavailableError('closed', 'the Redis store is closed')) : withinTimeout(call(), commandTimeoutMs, 'a Redis command')),
      context,
      reachesBackend,
    );
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    // A command still waiting to be written fails after this long (see `guard` for the rest).
    commandOptions: { timeout: commandTimeoutMs },
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Refuse to start against an unreachable Redis; once running, keep reconnecting.
      reconnectStrategy: (retries, cause) => (connected ? Math.min(100 * 2 ** retries, 5_000) : cause),
    },
  });
  // Each namespace's KeyvRedis adapter adds its own four listeners (error, connect, disconnect,
  // reconnecting) to this one client: four a repository, bounded, not a leak (Node warns past 10).
  client.setMaxListeners(4 * 50);
  // Reconnect attempts report an error each; the outage is logged once (`availability`).
  client.on('error', (error: unknown) => (connected ? availability.report(error, { connection: 'data' }) : undefined));
  const lockClient = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // A backstop only: `guard`'s deadline answers first, so an unanswered lease call is a timeout.
    commandTimeout: commandTimeoutMs + 1_000,
  });
  lockClient.on('error', (error: unknown) => (connected ? availability.report(error, { connection: 'leases' }) : undefined));

  try {
    // The handshake itself can hang on a frozen Redis: bound the whole start.
    await withinTimeout(Promise.all([client.connect(), lockClient.connect()]), Math.max(CONNECT_TIMEOUT_MS, commandTimeoutMs), 'the connection');
    connected = true;
  } catch (error) {
    if (client.isOpen) client.destroy();
    lockClient.disconnect();
    throw new Error(`cannot connect to the Redis store at ${redactUrl(url)}`, { cause: error });
  }

  // The namespace's Keyv writes through the index scripts (see the index note above): its adapter's
  // writes are replaced before `guardAdapter` wraps them.
  const indexedAdapter = (namespace: string): KeyvRedis<unknown> => {
    const adapter = new KeyvRedis(client, { namespace, throwOnErrors: true });
    const index = indexKey(namespace);
    const writeOne = async (key: string, value: unknown, ttl?: number): Promise<boolean> => {
      const args = value === undefined ? [] : [String(value), ttl ? String(Math.max(1, Math.ceil(ttl))) : ''];
      return (await client.eval(SET_INDEXED, { keys: [adapter.createKeyPrefix(key, namespace), index], arguments: args })) === 1;
    };
    return Object.assign(adapter, {
      set: async (key: string, value: unknown, ttl?: number) => void (await writeOne(key, value, ttl)),
      setMany: async (entries: { key: string; value: unknown; ttl?: number }[]) => {
        for (const e of entries) await writeOne(e.key, e.value, e.ttl);
      },
      delete: (key: string) => writeOne(key, undefined),
      deleteMany: async (keys: string[]) => {
        let any = false;
        for (const key of keys) any = (await writeOne(key, undefined)) || any;
        return any;
      },
      clear: async () => {
        await KeyvRedis.prototype.clear.call(adapter);
        await client.del(index);
      },
    });
  };

  const keyvs = keyvPerNamespace(
    (namespace) => {
      const adapter = guardAdapter(indexedAdapter(namespace), guard, { namespace });
      return new Keyv(adapter, { namespace, useKeyPrefix: false, throwOnErrors: true });
    },
    namespacePrefix,
    (error, namespace) => availability.report(error, { namespace }),
  );
  const redisKey = (keyv: Keyv, key: string) => (keyv.store as KeyvRedis<unknown>).createKeyPrefix(key, keyv.namespace);

  const update = async <T>(namespace: string, key: string, change: (current: T | undefined) => Change<T>, options: UpdateOptions = {}): Promise<UpdateResult<T>> => {
    assertTtl(options.ttlMs);
    const keyv = keyvs.get(namespace);
    const fullKey = redisKey(keyv, key);
    const ttl = options.ttlMs === undefined ? '' : String(Math.max(1, Math.ceil(options.ttlMs)));
    for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
      const raw = await guard(() => client.get(fullKey), { namespace });
      const current = await decodeRaw<T>(keyv, raw);
      const next = change(current);
      if (next === undefined) return { value: current, written: false };
      // Redis expires the entry itself (PX, on its own clock), so the envelope carries no expiry.
      const args = [raw === null ? '1' : '0', raw ?? '', next === null ? '1' : '0', next === null ? '' : await encodeRaw(keyv, next), ttl];
      const written = await guard(() => client.eval(COMPARE_AND_SET, { keys: [fullKey, indexKey(keyv.namespace!)], arguments: args }), { namespace });
      if (written === 1) return { value: next ?? undefined, written: true };
    }
    throw new Error(`store update of ${namespace}/${key} kept losing to concurrent writers`);
  };

  /** Namespaces whose index this process knows to be built (backfilled). */
  const built = new Set<string>();
  const ensureIndex = async (namespace: string, keyv: Keyv): Promise<void> => {
    const qualified = keyv.namespace!;
    if (built.has(qualified)) return;
    const marker = `${indexKey(qualified)}-built`;
    if ((await guard(() => client.exists(marker), { namespace })) === 0) {
      // Once per namespace ever: entries written before the index existed.
      const match = `${redisKey(keyv, '')}*`;
      let cursor = '0';
      do {
        const reply = await guard(() => client.scan(cursor, { MATCH: match, TYPE: 'string', COUNT: BATCH }), { namespace });
        cursor = String(reply.cursor);
        const keys = reply.keys.map(String);
        if (keys.length > 0) await guard(() => client.eval(BACKFILL, { keys: [indexKey(qualified), ...keys] }), { namespace });
      } while (cursor !== '0');
      await guard(() => client.set(marker, new Date().toISOString()), { namespace });
      logger.info('store namespace indexed', { namespace });
    }
    built.add(qualified);
  };

  const entries = async <T>(namespace: string): Promise<StoredEntry<T>[]> => {
    const keyv = keyvs.get(namespace);
    await ensureIndex(namespace, keyv);
    const index = indexKey(keyv.namespace!);
    const members = ((await guard(() => client.eval(INDEX_MEMBERS, { keys: [index] }), { namespace })) as unknown[]).map(String);
    const prefix = redisKey(keyv, '');
    const found: StoredEntry<T>[] = [];
    for (let i = 0; i < members.length; i += BATCH) {
      const keys = members.slice(i, i + BATCH);
      const raws = await guard(() => client.mGet(keys), { namespace });
      const vanished = keys.filter((_, j) => raws[j] === null || raws[j] === undefined);
      if (vanished.length > 0) await guard(() => client.eval(DROP_VANISHED, { keys: [index, ...vanished] }), { namespace });
      for (const [j, raw] of raws.entries()) {
        const value = await decodeRaw<T>(keyv, raw);
        if (value !== undefined) found.push({ key: keys[j]!.slice(prefix.length), value });
      }
    }
    return found;
  };

  const claimMany = async (namespace: string, keys: readonly string[], ttlMs: number): Promise<boolean[]> => {
    const keyv = keyvs.get(namespace);
    const raw = await encodeRaw(keyv, true);
    const px = String(Math.max(1, Math.ceil(ttlMs)));
    // The client pipelines commands sent in one turn: one round trip for the lot.
    const replies = await Promise.all(keys.map((key) => guard(() => client.sendCommand(['SET', redisKey(keyv, key), raw, 'NX', 'PX', px]), { namespace })));
    return replies.map((reply) => String(reply) === 'OK');
  };
  const claim = async (namespace: string, key: string, ttlMs: number): Promise<boolean> => (await claimMany(namespace, [key], ttlMs))[0] === true;

  // Each store writes its own health entry, so replicas probing at once never read each other's.
  const probeKey = `probe:${randomUUID()}`;
  let probing: Promise<boolean> | null = null;
  const probe = (): Promise<boolean> => {
    probing ??= (async () => {
      try {
        const keyv = keyvs.get(HEALTH_NAMESPACE);
        const token = randomUUID();
        await keyv.set(probeKey, token, 60_000);
        return (await keyv.get(probeKey)) === token;
      } catch {
        return false;
      }
    })().finally(() => {
      probing = null;
    });
    return probing;
  };

  const locks = createRedisLocks(lockClient, { keyPrefix: namespacePrefix, db });
  const guardedLocks: typeof locks = {
    acquire: (name, ttlMs) => guard(() => locks.acquire(name, ttlMs), { lease: name }),
    // Redlock answers these itself for a lock already expired, so their success proves nothing.
    extend: (lock, ttlMs) => guard(() => locks.extend(lock, ttlMs), { lease: true }, false),
    release: (lock) => guard(() => locks.release(lock), { lease: true }, false),
  };

  return {
    kind: 'redis',
    logger,
    keyv: keyvs.get,
    list: async <T>(namespace: string) => (await entries<T>(namespace)).map((e) => e.value),
    entries,
    update,
    claim,
    claimMany,
    async ping() {
      try {
        return (await guard(() => client.ping())) === 'PONG';
      } catch {
        return false;
      }
    },
    probe,
    get available() {
      return availability.available;
    },
    async close() {
      if (closed) return;
      closed = true;
      const results = await Promise.allSettled([client.close(), lockClient.quit()]);
      for (const r of results) if (r.status === 'rejected') logger.warn('closing a Redis connection failed', { error: r.reason });
    },
    coordinator: createCoordinator(guardedLocks, { logger }),
    // Shared by the replicas (one atomic Lua call per request); while Redis fails or does not
    // answer within the command timeout, each replica counts in its own memory.
    rateLimiter: ({ name, points, durationS }) =>
      new RateLimiterRedis({
        storeClient: lockClient,
        keyPrefix: `${namespacePrefix}${name}`,
        points,
        duration: durationS,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${namespacePrefix}${name}`, points, duration: durationS }),
      }),
  };
}

/** The index of a namespace (its qualified name), beside its entries (`<namespace>::<key>`). */
function indexKey(qualifiedNamespace: string): string {
  return `${qualifiedNamespace}:index`;
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
