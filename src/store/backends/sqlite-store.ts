/**
 * The SQLite store: one durable file (or `:memory:` for tests), one connection per process shared
 * by every namespace (keys carry their namespace, so namespaces never mix).
 *
 * One Radar replica per SQLite file: atomic updates and leases are enforced inside this process
 * only. Run several replicas on Redis instead.
 *
 * The file is checked around every call: when it is deleted, replaced by another file (another
 * inode) or made read-only under a running Radar, calls fail with StoreUnavailableError and `probe`
 * says unhealthy. The open connection would otherwise keep writing into a deleted inode, and a
 * reconnection would silently start a second, empty file; neither ever happens. A file put back
 * (the same inode) is used again; anything else needs a restart.
 */
import { EventEmitter } from 'node:events';
import { mkdirSync, statSync, type Stats } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import Keyv, { type KeyvStoreAdapter } from 'keyv';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Logger } from '../../log.js';
import { createAvailability, withinTimeout } from './availability.js';
import { createCoordinator } from './coordination.js';
import { StoreUnavailableError } from './errors.js';
import { createMemoryLocks } from './memory-locks.js';
import { KEYV_TABLE, openSqliteConnection, type SqliteConnection } from './sqlite-connection.js';
import type { Change, StoredEntry, Store, UpdateOptions, UpdateResult } from './store.js';
import { assertTtl, decodeRaw, HEALTH_NAMESPACE, keyvPerNamespace } from './store.js';

export const MEMORY_DATABASE = ':memory:';

export interface SqliteStoreOptions {
  logger: Logger;
  namespacePrefix: string;
  /** Bounds `probe` (a SQLite call does not otherwise time out beyond its busy timeout). */
  commandTimeoutMs: number;
}

/** What a failed SQLite call means: every SQLite error is the file's or the connection's fault. */
export function classifySqliteError(error: unknown): StoreUnavailableError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return null;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'SQLITE_READONLY') return new StoreUnavailableError('read_only', `the SQLite store refuses writes: ${message}`, { cause: error });
  if (code === 'SQLITE_MISUSE' && /closed/i.test(message)) return new StoreUnavailableError('closed', 'the SQLite store is closed', { cause: error });
  return new StoreUnavailableError('unreachable', `the SQLite store failed: ${message}`, { cause: error });
}

/** Checks that `path` is still the file opened (`opened`), and writable; throws the fault otherwise. */
function checkFile(path: string, opened: Stats): void {
  let now: Stats;
  try {
    now = statSync(path);
  } catch (error) {
    const missing = (error as { code?: unknown }).code === 'ENOENT';
    throw new StoreUnavailableError(missing ? 'file_missing' : 'unreachable', missing ? `the SQLite file ${path} is gone` : `the SQLite file ${path} cannot be checked`, {
      cause: error,
    });
  }
  if (now.ino !== opened.ino || now.dev !== opened.dev) throw new StoreUnavailableError('file_replaced', `the SQLite file at ${path} is not the one Radar opened`);
  // The permission bits, not a write attempt: the open connection (and root) could still write.
  if ((now.mode & 0o222) === 0) throw new StoreUnavailableError('read_only', `the SQLite file ${path} has been made read-only`);
}

/**
 * How long a statement waits for a lock another process holds on the file (an operator's shell, the
 * doctor's probe): the wait is on the event loop, so it is short; past it the call fails as an outage.
 */
const LOCK_WAIT_MS = 250;

/** Expiring writes between two purge steps, and the rows one step looks at (see `purgeStep`). */
export const PURGE_EVERY = 250;
export const PURGE_STEP_ROWS = 4 * PURGE_EVERY;

/** Keys one `claimMany` statement inserts at most (two parameters each, well inside SQLite's limit). */
const CLAIMS_PER_STATEMENT = 200;

/**
 * Opens (creating its folder if needed) the SQLite file at `path`. `:memory:` is one private
 * in-memory database for this store, which is enough for tests and nothing else.
 */
export async function openSqliteStore(path: string, { logger, namespacePrefix, commandTimeoutMs }: SqliteStoreOptions): Promise<Store> {
  const memory = path === MEMORY_DATABASE;
  if (!memory) mkdirSync(dirname(path), { recursive: true });

  let connection: SqliteConnection;
  let opened: Stats | null = null;
  try {
    connection = openSqliteConnection(path, { busyTimeoutMs: Math.min(commandTimeoutMs, LOCK_WAIT_MS) });
    if (!memory) opened = statSync(path);
  } catch (error) {
    throw new Error(`cannot open the SQLite store at ${path}`, { cause: error });
  }
  const table = KEYV_TABLE;

  const availability = createAvailability({ logger, classify: classifySqliteError });
  let closed = false;
  const assertUsable = () => {
    if (closed) throw new StoreUnavailableError('closed', 'the SQLite store is closed');
    if (opened) checkFile(path, opened);
  };
  /** Every call to the connection: the file is checked before, and after (a write may have gone to a deleted file). */
  const run = <T>(call: () => T | Promise<T>, context?: Record<string, unknown>): Promise<T> =>
    availability.guard(async () => {
      assertUsable();
      const value = await call();
      assertUsable();
      return value;
    }, context);

  /** One Keyv adapter per namespace over the one connection. */
  const adapterFor = (namespace: string): KeyvStoreAdapter => {
    const context = { namespace };
    const adapter = Object.assign(new EventEmitter(), {
      opts: { dialect: 'sqlite', table },
      namespace: namespace as string | undefined,
      get: (key: string) => run(() => connection.get(key), context),
      getMany: (keys: string[]) => run(() => connection.getMany(keys), context),
      set: (key: string, value: unknown) => run(() => connection.set(key, value as string), context),
      delete: (key: string) => run(() => connection.delete(key), context),
      deleteMany: (keys: string[]) => run(() => connection.deleteMany(keys), context),
      has: (key: string) => run(() => connection.has(key), context),
      clear: () => run(() => void connection.query(`DELETE FROM ${table} WHERE key >= ? AND key < ?`, ...keyRange(namespace)), context),
      // The store closes the one connection.
      disconnect: async () => undefined,
    });
    return adapter as unknown as KeyvStoreAdapter;
  };

  const keyvs = keyvPerNamespace(
    (namespace) => new Keyv(adapterFor(namespace), { namespace, throwOnErrors: true }),
    namespacePrefix,
    (error, namespace) => availability.report(error, { namespace }),
  );

  // Entries with a ttl (claims, ledger entries, submissions) expire through Keyv's ttl envelope: a
  // read finds nothing once it has passed. Their rows are purged as the namespace is written, so a
  // namespace of one-off keys (request signatures, view ids) does not grow without bound. The
  // connection is synchronous, so a purge is a bounded step (`PURGE_STEP_ROWS` rows in key order
  // from where the last step of that namespace stopped, the expired ones deleted) rather than one
  // statement over the whole namespace (23 ms on the event loop at 36,000 claims; a step of 1,000 rows
  // about 2 ms).
  // Every `PURGE_EVERY` expiring writes a step looks at four times as many rows, so the sweep
  // passes over each namespace faster than it grows.
  let expiringWritesSincePurge = 0;
  const sweptTo = new Map<string, string>();
  const purgeStep = (prefix: string): void => {
    const [from, to] = keyRange(prefix);
    const rows = connection.query(
      `SELECT key, json_extract(value, '$.expires') AS expires FROM ${table} WHERE key >= ? AND key < ? ORDER BY key LIMIT ${PURGE_STEP_ROWS}`,
      sweptTo.get(prefix) ?? from,
      to,
    ) as { key: string; expires: unknown }[];
    const now = Date.now();
    const expired = rows.filter((row) => typeof row.expires === 'number' && row.expires < now).map((row) => row.key);
    if (expired.length > 0) connection.deleteMany(expired);
    // The next step starts just past this one's last key; a short step reached the end: start over.
    const last = rows.at(-1)?.key;
    if (rows.length < PURGE_STEP_ROWS || last === undefined) sweptTo.delete(prefix);
    else sweptTo.set(prefix, `${last}\u0000`);
  };
  const purgeNowAndThen = async (namespace: string, keyv: Keyv, writes = 1) => {
    expiringWritesSincePurge += writes;
    if (expiringWritesSincePurge < PURGE_EVERY) return;
    expiringWritesSincePurge = 0;
    await run(() => purgeStep(keyv.namespace ?? ''), { namespace }).catch((error: unknown) => logger.warn('purging expired entries failed', { namespace, error }));
  };

  const lockKey = createKeyedMutex();
  const update = async <T>(namespace: string, key: string, change: (current: T | undefined) => Change<T>, options: UpdateOptions = {}): Promise<UpdateResult<T>> => {
    assertTtl(options.ttlMs);
    const keyv = keyvs.get(namespace);
    const result = await lockKey(`${namespace}\u0000${key}`, async () => {
      const current = (await keyv.get(key)) as T | undefined;
      const next = change(current);
      if (next === undefined) return { value: current, written: false };
      if (next === null) await keyv.delete(key);
      else await keyv.set(key, next, options.ttlMs === undefined ? undefined : Math.max(1, Math.ceil(options.ttlMs)));
      return { value: next ?? undefined, written: true };
    });
    if (result.written && options.ttlMs !== undefined) await purgeNowAndThen(namespace, keyv);
    return result;
  };

  const claimMany = async (namespace: string, keys: readonly string[], ttlMs: number): Promise<boolean[]> => {
    const keyv = keyvs.get(namespace);
    const now = Date.now();
    // Keyv's own serialiser (the store never turns it off) makes the envelope a string.
    const raw = (await keyv.serializeData({ value: true, expires: now + Math.max(1, Math.ceil(ttlMs)) })) as string;
    const claimed = new Set<string>();
    for (let from = 0; from < keys.length; from += CLAIMS_PER_STATEMENT) {
      const chunk = keys.slice(from, from + CLAIMS_PER_STATEMENT).map((key) => `${keyv.namespace}:${key}`);
      // One statement, atomic in SQLite: insert each key, or take over a record whose ttl has passed;
      // a row comes back for each key this call claimed.
      const rows = (await run(
        () =>
          connection.query(
            `INSERT INTO ${table} (key, value) VALUES ${chunk.map(() => '(?, ?)').join(', ')} ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE json_extract(${table}.value, '$.expires') < ? RETURNING key`,
            ...chunk.flatMap((key) => [key, raw]),
            now,
          ),
        { namespace },
      )) as { key: string }[];
      for (const row of rows) claimed.add(row.key);
      await purgeNowAndThen(namespace, keyv, chunk.length);
    }
    return keys.map((key) => claimed.has(`${keyv.namespace}:${key}`));
  };
  const claim = groupClaims(claimMany);

  const entries = async <T>(namespace: string): Promise<StoredEntry<T>[]> => {
    const keyv = keyvs.get(namespace);
    const prefix = `${keyv.namespace}:`;
    // One statement, so a listing never skips rows that change while it runs.
    const rows = (await run(() => connection.query(`SELECT key, value FROM ${table} WHERE key >= ? AND key < ?`, ...keyRange(keyv.namespace ?? '')), { namespace })) as { key: string; value: string }[];
    const found: StoredEntry<T>[] = [];
    for (const row of rows) {
      const value = await decodeRaw<T>(keyv, row.value);
      if (value !== undefined) found.push({ key: row.key.slice(prefix.length), value });
    }
    return found;
  };

  let probing: Promise<boolean> | null = null;
  const probe = (): Promise<boolean> => {
    probing ??= (async () => {
      try {
        const keyv = keyvs.get(HEALTH_NAMESPACE);
        const token = randomUUID();
        const written = async () => {
          await keyv.set('probe', token);
          return keyv.get('probe');
        };
        return (await availability.guard(() => withinTimeout(written(), commandTimeoutMs, 'a health probe'))) === token;
      } catch {
        return false;
      }
    })().finally(() => {
      probing = null;
    });
    return probing;
  };

  return {
    kind: 'sqlite',
    logger,
    keyv: keyvs.get,
    list: async <T>(namespace: string) => (await entries<T>(namespace)).map((e) => e.value),
    entries,
    update,
    claim,
    claimMany,
    async ping() {
      try {
        await run(() => connection.query('SELECT 1'));
        return true;
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
      try {
        await connection.close();
      } catch (error) {
        logger.warn('closing the SQLite connection failed', { error });
      }
    },
    coordinator: createCoordinator(createMemoryLocks(), { logger }),
    // One replica per file: its limits live in its memory.
    rateLimiter: ({ name, points, durationS }) => new RateLimiterMemory({ keyPrefix: `${namespacePrefix}${name}`, points, duration: durationS }),
  };
}

/**
 * The keys of one namespace as a range of the primary key: `<namespace>:` up to `<namespace>;` (';'
 * follows ':'), so a listing reads the namespace's rows through the index. `LIKE '<namespace>:%'` cannot
 * use it (SQLite's LIKE ignores case) and read every row of the table, the replay guard's thousands of
 * signatures included: a listing of five pending scans took 0.06 ms beside no signatures and 0.49 ms
 * beside 8,000.
 */
function keyRange(namespace: string): [string, string] {
  return [`${namespace}:`, `${namespace};`];
}

/** Serialises async sections per key inside this process. */
function createKeyedMutex() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(key: string, section: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(section);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

interface WaitingClaim {
  key: string;
  resolve: (claimed: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * A group commit for single claims: the claims asked in one turn of the event loop (a burst of
 * deliveries, each claiming its key) are written as one `claimMany` per namespace and ttl, and each
 * caller still waits for its own row. A key asked twice in one group is claimed by the first asker
 * only. One statement instead of one each keeps SQLite's one connection from queueing a burst.
 */
export function groupClaims(claimMany: (namespace: string, keys: readonly string[], ttlMs: number) => Promise<boolean[]>) {
  const groups = new Map<string, { namespace: string; ttlMs: number; waiting: WaitingClaim[] }>();
  const flush = () => {
    const due = [...groups.values()];
    groups.clear();
    for (const { namespace, ttlMs, waiting } of due) {
      const first = new Map<string, WaitingClaim>();
      for (const claim of waiting) if (!first.has(claim.key)) first.set(claim.key, claim);
      const keys = [...first.keys()];
      claimMany(namespace, keys, ttlMs).then(
        (claimed) => {
          const won = new Map(keys.map((key, i) => [key, claimed[i] === true]));
          for (const claim of waiting) claim.resolve(first.get(claim.key) === claim && won.get(claim.key) === true);
        },
        (error: unknown) => {
          for (const claim of waiting) claim.reject(error);
        },
      );
    }
  };
  return (namespace: string, key: string, ttlMs: number): Promise<boolean> =>
    new Promise<boolean>((resolve, reject) => {
      const id = `${namespace}\u0000${ttlMs}`;
      let group = groups.get(id);
      if (!group) {
        if (groups.size === 0) setImmediate(flush);
        group = { namespace, ttlMs, waiting: [] };
        groups.set(id, group);
      }
      group.waiting.push({ key, resolve, reject });
    });
}
