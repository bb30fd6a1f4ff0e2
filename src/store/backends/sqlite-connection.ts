/**
 * The SQLite store's one connection (better-sqlite3): Keyv's key-value table, each statement prepared
 * once and kept, every call synchronous.
 *
 * The table is the one `@keyv/sqlite` created (`keyv(key VARCHAR(255) PRIMARY KEY, value TEXT)`, the
 * value Keyv's serialised envelope), so a file written by an earlier Radar opens as it was.
 *
 * Why synchronous: node-sqlite3 ran each query as three trips through libuv's threadpool (prepare,
 * step, finalize), about 0.1 ms of CPU and two thread hand-offs per key read or claim; a prepared
 * statement here takes a few microseconds in WAL mode with `synchronous=NORMAL` (no fsync per commit).
 * One Radar replica per file (sqlite-store.ts) means no other writer to wait for; a lock held by some
 * other process (an operator's `sqlite3` shell) is waited for at most `busyTimeoutMs`, then fails as
 * SQLITE_BUSY, an outage like any other. What does wait on the disk, the log's checkpoint and its
 * sync, runs on a thread of its own (`sqlite-checkpointer.ts`).
 */
import Database from 'better-sqlite3';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpointer.js';

/** The table `@keyv/sqlite` used, kept so existing files read as before. */
export const KEYV_TABLE = 'keyv';

export type SqlValue = string | number | bigint | null;

export interface SqliteConnection {
  /** The value stored under `key` (Keyv's serialised envelope), or undefined. */
  get(key: string): string | undefined;
  /** The values of `keys`, in their order. */
  getMany(keys: readonly string[]): (string | undefined)[];
  set(key: string, value: string): void;
  /** Whether there was a row to delete. */
  delete(key: string): boolean;
  deleteMany(keys: readonly string[]): boolean;
  has(key: string): boolean;
  /** Runs `sql` (a prepared statement kept for the next call), returning its rows (none for a statement that returns none). */
  query(sql: string, ...params: SqlValue[]): unknown[];
  /** Runs a checkpoint of the write-ahead log now (a file's; nothing for `:memory:`). */
  checkpoint(): Promise<void>;
  /** Closes the connection, then the checkpointer's. */
  close(): Promise<void>;
}

export interface SqliteConnectionOptions {
  /** How long a statement waits for a lock another process holds, then fails SQLITE_BUSY. */
  busyTimeoutMs: number;
  /** How often the checkpointer looks at the write-ahead log's size (default every second). */
  checkpointEveryMs?: number;
  /** The log's size from which the checkpointer folds it into the file (default 1,000 pages, SQLite's own). */
  walLimitBytes?: number;
}

/** Opens `path` (`:memory:` for a private in-memory database) and creates Keyv's table if missing. */
export function openSqliteConnection(path: string, { busyTimeoutMs, checkpointEveryMs, walLimitBytes }: SqliteConnectionOptions): SqliteConnection {
  const db = new Database(path, { timeout: busyTimeoutMs });
  try {
    if (path !== ':memory:') {
      db.pragma('journal_mode = WAL');
      // In WAL mode, NORMAL syncs at checkpoints rather than at every commit: a commit survives the
      // process being killed (what Radar's exactly-once promises are about) and may be lost only to
      // an OS crash or power cut.
      db.pragma('synchronous = NORMAL');
      // Checkpoints sync the file: the checkpointer's thread runs them, never this connection.
      db.pragma('wal_autocheckpoint = 0');
    }
    db.exec(`CREATE TABLE IF NOT EXISTS ${KEYV_TABLE}(key VARCHAR(255) PRIMARY KEY, value TEXT )`);
  } catch (error) {
    db.close();
    throw error;
  }

  const checkpointer: Checkpointer | null =
    path === ':memory:'
      ? null
      : startCheckpointer(path, {
          busyTimeoutMs,
          walLimitBytes: walLimitBytes ?? 1_000 * (db.pragma('page_size', { simple: true }) as number),
          ...(checkpointEveryMs ? { everyMs: checkpointEveryMs } : {}),
        });
  const statements = new Map<string, Database.Statement>();
  const statement = (sql: string): Database.Statement => {
    let found = statements.get(sql);
    if (!found) {
      found = db.prepare(sql);
      statements.set(sql, found);
    }
    return found;
  };
  const query = (sql: string, ...params: SqlValue[]): unknown[] => {
    const prepared = statement(sql);
    if (prepared.reader) return prepared.all(...params);
    prepared.run(...params);
    return [];
  };
  const valueOf = (row: unknown) => (row as { value: string } | undefined)?.value;

  return {
    get: (key) => valueOf(statement(`SELECT value FROM ${KEYV_TABLE} WHERE key = ?`).get(key)),
    getMany(keys) {
      const rows = statement(`SELECT key, value FROM ${KEYV_TABLE} WHERE key IN (SELECT value FROM json_each(?))`).all(JSON.stringify(keys)) as { key: string; value: string }[];
      const byKey = new Map(rows.map((row) => [row.key, row.value]));
      return keys.map((key) => byKey.get(key));
    },
    set(key, value) {
      statement(`INSERT INTO ${KEYV_TABLE} (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`).run(key, value);
    },
    delete: (key) => statement(`DELETE FROM ${KEYV_TABLE} WHERE key = ?`).run(key).changes > 0,
    deleteMany: (keys) => statement(`DELETE FROM ${KEYV_TABLE} WHERE key IN (SELECT value FROM json_each(?))`).run(JSON.stringify(keys)).changes > 0,
    has: (key) => statement(`SELECT 1 FROM ${KEYV_TABLE} WHERE key = ?`).get(key) !== undefined,
    query,
    checkpoint: async () => checkpointer?.checkpointNow(),
    async close() {
      statements.clear();
      try {
        db.close();
      } finally {
        await checkpointer?.stop();
      }
    },
  };
}
