/**
 * Keeps the SQLite file's write-ahead log short without stalling the event loop. A WAL checkpoint
 * copies the log into the database file and syncs it (`synchronous=NORMAL`: the sync a commit skips
 * happens here), a few milliseconds of disk wait each time. SQLite runs one on the connection that
 * commits once the log passes 1,000 pages, which with a synchronous connection is the event loop;
 * the store turns that off (`wal_autocheckpoint=0`) and this module does it instead: every
 * `everyMs` it looks at the log's size, and once it has passed `walLimitBytes` (the same 1,000
 * pages) a worker thread checkpoints on a connection of its own (PASSIVE: it never waits for, nor
 * holds up, the store's writes). The thread starts the first time it is needed, so a Radar that
 * writes little never starts it; it then stays. When the store closes, the thread's connection
 * closes last and SQLite folds the whole log into the file.
 */
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface Checkpointer {
  /** Runs a checkpoint now (starting the thread if needed) and resolves once it ran. */
  checkpointNow(): Promise<void>;
  /** Stops looking and stops the thread after closing its connection (call after the store's own connection closed). */
  stop(): Promise<void>;
}

export interface CheckpointerOptions {
  busyTimeoutMs: number;
  /** The log's size from which a checkpoint runs (the store passes 1,000 pages, SQLite's own default). */
  walLimitBytes: number;
  /** How often the log's size is looked at (default every second). */
  everyMs?: number;
}

/** The thread's code: one connection, a PASSIVE checkpoint when asked, a close on 'stop'. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { timeout: workerData.busyTimeoutMs });
parentPort.on('message', (message) => {
  if (message === 'checkpoint') {
    try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
    parentPort.postMessage('checkpointed');
  } else if (message === 'stop') {
    try { db.close(); } catch {}
    parentPort.close();
  }
});
`;

export function startCheckpointer(path: string, { busyTimeoutMs, walLimitBytes, everyMs = 1_000 }: CheckpointerOptions): Checkpointer {
  let thread: { worker: Worker; exited: Promise<void> } | null = null;
  let running: Promise<void> | null = null;

  const start = () => {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER, { eval: true, workerData: { path, driver, busyTimeoutMs } });
    // A thread that failed (the file went away under it) leaves the log to grow; the store's own
    // calls report what is wrong with the file.
    worker.on('error', () => undefined);
    worker.unref();
    return { worker, exited: new Promise<void>((resolve) => worker.once('exit', () => resolve())) };
  };

  const checkpointNow = (): Promise<void> => {
    running ??= (async () => {
      thread ??= start();
      const { worker, exited } = thread;
      await Promise.race([
        exited,
        new Promise<void>((resolve) => {
          const done = (message: unknown) => {
            if (message !== 'checkpointed') return;
            worker.off('message', done);
            resolve();
          };
          worker.on('message', done);
          worker.postMessage('checkpoint');
        }),
      ]);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const walSize = () => {
    try {
      return statSync(`${path}-wal`).size;
    } catch {
      return 0;
    }
  };
  const looking = setInterval(() => {
    if (walSize() >= walLimitBytes) void checkpointNow();
  }, everyMs);
  looking.unref();

  return {
    checkpointNow,
    async stop() {
      clearInterval(looking);
      if (!thread) return;
      // Unreferenced, the thread would not keep the process alive for the close being awaited.
      thread.worker.ref();
      thread.worker.postMessage('stop');
      await thread.exited;
    },
  };
}
