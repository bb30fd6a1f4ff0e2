/**
 * The SQLite store's read cache for the few namespaces every command reads (a channel's binding):
 * raw values by full key, at most `max`. A SQLite file has one writer, this process (one replica per
 * file), and every write of a cached namespace goes through the store, so a value read since that
 * key's last write is still the file's. Each key has a version, bumped before and after every write
 * of it, so a read that overlapped a write never puts back the value the write replaced. A key
 * found absent is kept as absent (`null`) the same way: a scope with no scan starts under way is
 * read by every start.
 */
export interface ReadCache {
  /** The stored string kept for `key`, `null` when `key` is kept as absent, undefined when nothing is kept. */
  get(key: string): string | null | undefined;
  /** The version a read of `key` starts at; `fill` keeps the value read only if it is still current. */
  version(key: string): string;
  fill(key: string, value: unknown, at: string): void;
  /** Forgets `key` and bumps its version (call before and after a write of it). */
  forget(key: string): void;
  /** Forgets every key starting with `prefix` (a namespace cleared) and every version. */
  forgetPrefix(prefix: string): void;
}

export function createReadCache(max: number): ReadCache {
  const values = new Map<string, string | null>();
  const versions = new Map<string, number>();
  let epoch = 0;
  const versionOf = (key: string) => `${epoch}:${versions.get(key) ?? 0}`;
  return {
    get: (key) => values.get(key),
    version: versionOf,
    fill(key, value, at) {
      // Stored strings (Keyv's serialized envelope) are kept, and nothing found as absent.
      if ((typeof value !== 'string' && value !== undefined) || at !== versionOf(key)) return;
      values.delete(key);
      values.set(key, value ?? null);
      if (values.size > max) {
        const oldest = values.keys().next().value;
        if (oldest !== undefined) values.delete(oldest);
      }
    },
    forget(key) {
      values.delete(key);
      versions.set(key, (versions.get(key) ?? 0) + 1);
      // Versions of keys no longer cached matter only while a read of them is under way.
      if (versions.size > max * 4) {
        versions.clear();
        epoch += 1;
      }
    },
    forgetPrefix(prefix) {
      for (const key of [...values.keys()]) if (key.startsWith(prefix)) values.delete(key);
      versions.clear();
      epoch += 1;
    },
  };
}
