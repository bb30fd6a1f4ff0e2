/**
 * Where store tests keep their data. A "place" opens stores on the same data each time, so opening
 * twice is either a restart (close, then open) or a second replica (both open, Redis only).
 * SQLite places are temp files; Redis places are a unique namespace prefix on REDIS_URL, whose
 * keys `cleanup` deletes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { openStore } from '../../src/store/backends/open-store.js';
import type { Store } from '../../src/store/backends/open-store.js';
import type { Logger } from '../../src/log.js';

export const REDIS_URL = process.env.REDIS_URL;

export interface Place {
  open(logger?: Logger): Promise<Store>;
  /** Closes every store this place opened and deletes its data. */
  cleanup(): Promise<void>;
}

export interface PlaceKind {
  name: 'sqlite' | 'redis';
  /** True when the kind cannot run here (Redis without REDIS_URL): its suites are reported as skipped. */
  skip: boolean;
  create(): Place;
}

export const PLACE_KINDS: readonly PlaceKind[] = [
  { name: 'sqlite', skip: false, create: sqlitePlace },
  { name: 'redis', skip: !REDIS_URL, create: redisPlace },
];

function tracking(open: (logger?: Logger) => Promise<Store>, removeData: (openedAny: boolean) => Promise<void>): Place {
  const opened: Store[] = [];
  return {
    async open(logger) {
      const store = await open(logger);
      opened.push(store);
      return store;
    },
    async cleanup() {
      await Promise.all(opened.map((s) => s.close()));
      await removeData(opened.length > 0);
    },
  };
}

export function sqlitePlace(): Place {
  const dir = mkdtempSync(join(tmpdir(), 'radar-store-'));
  const url = `sqlite://${join(dir, 'nested', 'radar.sqlite')}`;
  return tracking(
    (logger) => openStore(url, { logger }),
    async () => rmSync(dir, { recursive: true, force: true }),
  );
}

export function redisPlace(): Place {
  if (!REDIS_URL) throw new Error('REDIS_URL is not set');
  const url = REDIS_URL;
  const namespacePrefix = `test-${randomUUID().slice(0, 8)}-`;
  return tracking(
    (logger) => openStore(url, { logger, namespacePrefix }),
    // Nothing to delete when no store could be opened (the test has already failed on that).
    async (openedAny) => (openedAny ? deleteKeys(url, `${namespacePrefix}*`) : undefined),
  );
}

async function deleteKeys(url: string, pattern: string): Promise<void> {
  const redis = new Redis(url);
  try {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: pattern, count: 500 }) as AsyncIterable<string[]>) keys.push(...batch);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
