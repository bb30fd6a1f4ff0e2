/**
 * The SQLite store: one durable file (or `:memory:` for tests), one connection per namespace.
 *
 * One Radar replica per SQLite file: atomic updates and leases are enforced inside this process
 * only. Run several replicas on Redis instead.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Keyv from 'keyv';
import KeyvSqlite from '@keyv/sqlite';
import type { Logger } from '../log.js';
import { createCoordinator } from './coordination.js';
import { createMemoryLocks } from './memory-locks.js';
import type { Change, Store, UpdateResult } from './store.js';
import { decodeRaw, keyvPerNamespace } from './store.js';

export const MEMORY_DATABASE = ':memory:';

export interface SqliteStoreOptions {
  logger: Logger;
  namespacePrefix: string;
}

/**
 * Opens (creating its folder if needed) the SQLite file at `path`. With `:memory:` every namespace
 * gets its own private in-memory database, which is enough for tests and nothing else.
 */
export async function openSqliteStore(path: string, { logger, namespacePrefix }: SqliteStoreOptions): Promise<Store> {
  if (path !== MEMORY_DATABASE) mkdirSync(dirname(path), { recursive: true });

  const adapters: KeyvSqlite[] = [];
  const connect = () => {
    const adapter = new KeyvSqlite({ uri: `sqlite://${path}`, busyTimeout: 5_000 });
    adapters.push(adapter);
    return adapter;
  };
  const keyvs = keyvPerNamespace(
    (namespace) => {
      const adapter = connect();
      // Attaching a handler also keeps a failed connection from becoming an unhandled rejection;
      // the failure itself is reported through Keyv's error event.
      if (path !== MEMORY_DATABASE) void adapter.query('PRAGMA journal_mode=WAL').catch(() => undefined);
      else void adapter.query('SELECT 1').catch(() => undefined);
      return new Keyv(adapter, { namespace, throwOnErrors: true });
    },
    namespacePrefix,
    logger,
  );

  const health = connect();
  const ping = async () => {
    try {
      await health.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  };
  try {
    await health.query('SELECT 1');
  } catch (error) {
    throw new Error(`cannot open the SQLite store at ${path}`, { cause: error });
  }

  const lockKey = createKeyedMutex();
  const update = async <T>(namespace: string, key: string, change: (current: T | undefined) => Change<T>): Promise<UpdateResult<T>> => {
    const keyv = keyvs.get(namespace);
    return lockKey(`${namespace}\u0000${key}`, async () => {
      const current = (await keyv.get(key)) as T | undefined;
      const next = change(current);
      if (next === undefined) return { value: current, written: false };
      if (next === null) await keyv.delete(key);
      else await keyv.set(key, next);
      return { value: next ?? undefined, written: true };
    });
  };

  return {
    kind: 'sqlite',
    keyv: keyvs.get,
    async list<T>(namespace: string) {
      const keyv = keyvs.get(namespace);
      const adapter = keyv.store as KeyvSqlite;
      // One statement, so a listing never skips rows that change while it runs.
      const rows = (await adapter.query(`SELECT value FROM ${adapter.opts.table} WHERE key LIKE ?`, `${keyv.namespace}:%`)) as { value: string }[];
      const values = await Promise.all(rows.map((row) => decodeRaw<T>(keyv, row.value)));
      return values.filter((v): v is Awaited<T> => v !== undefined) as T[];
    },
    update,
    ping,
    async close() {
      const results = await Promise.allSettled(adapters.map((adapter) => adapter.disconnect()));
      for (const r of results) if (r.status === 'rejected') logger.warn('closing a SQLite connection failed', { error: r.reason });
    },
    coordinator: createCoordinator(createMemoryLocks(), { logger }),
  };
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
