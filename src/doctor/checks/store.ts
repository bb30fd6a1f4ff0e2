/**
 * Store checks: the store opens and a probe key can be written, read back and deleted; on Redis,
 * whether Redis persists its data (AOF or RDB snapshots), since bindings and digest positions live there.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { openStore } from '../../store/backends/open-store.js';
import { fail, pass, warn } from '../types.js';
import type { CheckResult } from '../types.js';

/** The store URL without a password, for lines. */
export function redactStoreUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = 'redacted';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//redacted@');
  }
}

export async function checkStore(storeUrl: string, namespacePrefix: string): Promise<CheckResult[]> {
  const where = redactStoreUrl(storeUrl);
  let store;
  try {
    store = await openStore(storeUrl, { namespacePrefix });
  } catch (error) {
    return [fail('store', `the store at ${where} cannot be opened (${error instanceof Error ? error.message : String(error)})`, storeFix(storeUrl))];
  }
  const results: CheckResult[] = [];
  try {
    const keyv = store.keyv('doctor');
    const key = `probe-${randomUUID()}`;
    const value = { at: new Date().toISOString() };
    await keyv.set(key, value);
    const read = (await keyv.get(key)) as typeof value | undefined;
    await keyv.delete(key);
    const gone = (await keyv.get(key)) === undefined;
    results.push(
      read?.at === value.at && gone
        ? pass('store', `the ${store.kind} store at ${where} is writable (a probe key was written, read back and deleted)`)
        : fail('store', `the ${store.kind} store at ${where} did not give back what was written`, storeFix(storeUrl)),
    );
  } catch (error) {
    results.push(fail('store', `the ${store.kind} store at ${where} refused a write (${error instanceof Error ? error.message : String(error)})`, storeFix(storeUrl)));
  } finally {
    await store.close().catch(() => undefined);
  }
  if (store.kind === 'redis' && results.every((r) => r.ok)) results.push(await checkRedisPersistence(storeUrl, where));
  return results;
}

function storeFix(url: string): string {
  return url.startsWith('sqlite://')
    ? 'Check STORE_URL: the SQLite file\'s folder must exist and be writable by Radar (one replica per file).'
    : 'Check STORE_URL (redis://host:port[/db]), that Redis is reachable from here and accepts writes (not a read-only replica, memory not full).';
}

const PERSIST_FIX =
  'Turn persistence on in Redis (appendonly yes, or RDB snapshots such as save "3600 1 300 100"), or your provider\'s persistence option: without it a Redis restart forgets every channel binding and digest position.';

/** AOF or RDB on, from `CONFIG GET` (or `INFO persistence` where CONFIG is refused, as on managed Redis). */
export async function checkRedisPersistence(url: string, where: string): Promise<CheckResult> {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    let aof: boolean | null = null;
    let rdb: boolean | null = null;
    try {
      const appendonly = (await redis.call('CONFIG', 'GET', 'appendonly')) as string[];
      const save = (await redis.call('CONFIG', 'GET', 'save')) as string[];
      aof = appendonly[1] === 'yes';
      rdb = typeof save[1] === 'string' && save[1].trim() !== '';
    } catch {
      const info = await redis.info('persistence');
      aof = /^aof_enabled:1/m.test(info);
    }
    if (aof || rdb) return pass('redis persistence', `Redis at ${where} persists its data (${[aof ? 'AOF' : '', rdb ? 'RDB snapshots' : ''].filter(Boolean).join(' and ')})`);
    if (rdb === null) return warn('redis persistence', `Redis at ${where} does not use AOF and refused CONFIG GET, so RDB snapshots could not be confirmed`, PERSIST_FIX);
    return warn('redis persistence', `Redis at ${where} keeps its data in memory only (appendonly no, no save points)`, PERSIST_FIX);
  } catch (error) {
    return warn('redis persistence', `Redis persistence could not be read (${error instanceof Error ? error.message : String(error)})`, PERSIST_FIX);
  } finally {
    redis.disconnect();
  }
}
