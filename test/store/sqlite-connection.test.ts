/**
 * The SQLite connection under the store: a file an earlier Radar wrote (through @keyv/sqlite's
 * table) reads as before; the Keyv adapter calls keep their meanings; and the write-ahead log is
 * folded into the file by the checkpointer's thread, never by the store's own commits.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createLogger } from '../../src/log.js';
import { openStore } from '../../src/store/backends/open-store.js';
import { openSqliteConnection, type SqliteConnection } from '../../src/store/backends/sqlite-connection.js';
import { StoreUnavailableError } from '../../src/store/backends/errors.js';
import { PURGE_EVERY, PURGE_STEP_ROWS } from '../../src/store/backends/sqlite-store.js';

const silent = createLogger({ level: 'error', sink: () => undefined });

describe('the SQLite connection', () => {
  let dir: string;
  let file: string;
  let connection: SqliteConnection | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'radar-sqlite-connection-'));
    file = join(dir, 'radar.sqlite');
  });
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens a file written through @keyv/sqlite (its table and envelope) and reads its entries', async () => {
    const earlier = new Database(file);
    earlier.exec('CREATE TABLE IF NOT EXISTS keyv(key VARCHAR(255) PRIMARY KEY, value TEXT )');
    const binding = { teamId: 'T1', channelId: 'C1', projectId: 'p1' };
    earlier.prepare('INSERT INTO keyv (key, value) VALUES (?, ?)').run('bindings:T1:C1', JSON.stringify({ value: binding, expires: null }));
    earlier.close();

    const store = await openStore(`sqlite://${file}`, { logger: silent });
    try {
      expect(await store.keyv('bindings').get('T1:C1')).toEqual(binding);
      expect(await store.list('bindings')).toEqual([binding]);
    } finally {
      await store.close();
    }
  });

  it('keeps what each adapter call means: missing keys, order of many, whether a delete found a row', async () => {
    connection = openSqliteConnection(file, { busyTimeoutMs: 500 });
    expect(connection.get('a')).toBeUndefined();
    expect(connection.has('a')).toBe(false);
    connection.set('a', '"1"');
    connection.set('b', '"2"');
    connection.set('a', '"3"');
    expect(connection.get('a')).toBe('"3"');
    expect(connection.getMany(['b', 'missing', 'a'])).toEqual(['"2"', undefined, '"3"']);
    expect(connection.has('b')).toBe(true);
    expect(connection.delete('a')).toBe(true);
    expect(connection.delete('a')).toBe(false);
    expect(connection.deleteMany(['a', 'nope'])).toBe(false);
    expect(connection.deleteMany(['b', 'nope'])).toBe(true);
    expect(connection.query('SELECT count(*) AS n FROM keyv')).toEqual([{ n: 0 }]);
    // A statement that returns no rows answers an empty list.
    expect(connection.query('DELETE FROM keyv WHERE key = ?', 'x')).toEqual([]);
  });

  it('leaves checkpoints to the checkpointer: commits only grow the log, a checkpoint fills the file, a close folds the rest in', async () => {
    // The timer far off, so only the checkpoints asked for here run.
    connection = openSqliteConnection(file, { busyTimeoutMs: 500, checkpointEveryMs: 3_600_000 });
    const value = JSON.stringify({ value: 'x'.repeat(200), expires: null });
    // Well past the 1,000 pages at which SQLite's own automatic checkpoint would run on this connection.
    for (let i = 0; i < 20_000; i++) connection.set(`k${i}`, value);
    const fileBefore = statSync(file).size;
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(4_096 * 1_000);
    expect(fileBefore).toBeLessThan(64 * 1024);

    await connection.checkpoint();
    expect(statSync(file).size).toBeGreaterThan(fileBefore + 4_000_000);

    connection.set('last', value);
    await connection.close();
    connection = undefined;
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = new Database(file, { readonly: true });
    try {
      expect(reopened.prepare('SELECT count(*) AS n FROM keyv').get()).toEqual({ n: 20_001 });
    } finally {
      reopened.close();
    }
  });

  it('folds the log in by itself once it passes its limit', async () => {
    connection = openSqliteConnection(file, { busyTimeoutMs: 500, checkpointEveryMs: 5, walLimitBytes: 256 * 1024 });
    const value = JSON.stringify({ value: 'x'.repeat(200), expires: null });
    connection.set('one', value);
    const small = statSync(file).size;
    // Past the limit: the next look starts the thread, which fills the file.
    for (let i = 0; i < 5_000; i++) connection.set(`k${i}`, value);
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(small + 1_000_000), { timeout: 20_000, interval: 5 });
  });

  it("fails a write as an outage while another process holds the file's write lock, and writes once it is let go", async () => {
    const store = await openStore(`sqlite://${file}`, { logger: silent });
    const other = new Database(file);
    try {
      await store.keyv('bindings').set('T1:C1', { projectId: 'p1' });
      other.exec('BEGIN IMMEDIATE');
      const refused = await store.keyv('bindings').set('T1:C2', { projectId: 'p2' }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(StoreUnavailableError);
      other.exec('ROLLBACK');
      await store.keyv('bindings').set('T1:C2', { projectId: 'p2' });
      expect(await store.keyv('bindings').get('T1:C2')).toEqual({ projectId: 'p2' });
    } finally {
      other.close();
      await store.close();
    }
  });

  it('purges expired rows a bounded step at a time as the namespace is written, and keeps the live ones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = await openStore(`sqlite://${file}`, { logger: silent });
    try {
      const keys = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}-${i}`);
      // More expiring rows than one step looks at, then some that stay.
      await store.claimMany('slack-seen', keys('old', PURGE_STEP_ROWS + 500), 1_000);
      await store.claimMany('slack-seen', keys('live', 100), 3_600_000);
      vi.setSystemTime(Date.now() + 10_000);
      const rows = () => {
        const db = new Database(file, { readonly: true });
        try {
          return (db.prepare("SELECT key FROM keyv WHERE key >= 'slack-seen:' AND key < 'slack-seen;'").all() as { key: string }[]).map((row) => row.key);
        } finally {
          db.close();
        }
      };
      expect(rows().filter((key) => key.includes(':old-'))).toHaveLength(PURGE_STEP_ROWS + 500);
      // One step's worth of writes: at most one step's rows looked at, so some old rows are still there.
      await store.claimMany('slack-seen', keys('a', PURGE_EVERY), 3_600_000);
      const afterOne = rows().filter((key) => key.includes(':old-')).length;
      expect(afterOne).toBeGreaterThan(0);
      expect(afterOne).toBeLessThan(PURGE_STEP_ROWS + 500);
      // More writes: the sweep goes on from where it stopped and reaches every expired row.
      await store.claimMany('slack-seen', keys('b', 2 * PURGE_EVERY), 3_600_000);
      expect(rows().filter((key) => key.includes(':old-'))).toEqual([]);
      expect(rows().filter((key) => key.includes(':live-'))).toHaveLength(100);
      expect(await store.claim('slack-seen', 'live-1', 1_000)).toBe(false);
      expect(await store.claim('slack-seen', 'old-1', 1_000)).toBe(true);
    } finally {
      vi.useRealTimers();
      await store.close();
    }
  });
});
