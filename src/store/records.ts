/**
 * Reading stored records through a zod schema. Every repository parses what it reads (schemas are
 * `z.looseObject` with defaults for fields a record may lack), so a record an older Radar wrote reads
 * with the defaults filled, and fields a newer Radar added are kept on rewrite. A record that cannot be
 * parsed at all is never thrown at the caller: one key reads as absent, a listing skips it, and the
 * store's logger says so once per key (per process).
 */
import type { z } from 'zod';
import type { Store } from './backends/store.js';

/** Keys already reported; bounded, so a namespace of unreadable records cannot grow it for ever. */
const MAX_REPORTED = 1_000;

export interface RecordReader<T> {
  /** The stored `value` of `key` parsed; undefined when absent, or unreadable (logged once). */
  parse(key: string, value: unknown): T | undefined;
  /** One key of the namespace, parsed. */
  get(key: string): Promise<T | undefined>;
  /** Every readable record of the namespace with its key; unreadable ones skipped (logged once each). */
  entries(): Promise<{ key: string; value: T }[]>;
}

export function recordReader<S extends z.ZodType>(store: Store, namespace: string, schema: S): RecordReader<z.output<S>> {
  const reported = new Set<string>();
  const parse = (key: string, value: unknown): z.output<S> | undefined => {
    if (value === undefined) return undefined;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    if (!reported.has(key) && reported.size < MAX_REPORTED) {
      reported.add(key);
      store.logger.warn('a stored record cannot be read; it is skipped', {
        namespace,
        key,
        problems: result.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`),
      });
    }
    return undefined;
  };
  return {
    parse,
    get: async (key) => parse(key, await store.keyv(namespace).get(key)),
    async entries() {
      const found: { key: string; value: z.output<S> }[] = [];
      for (const entry of await store.entries(namespace)) {
        const value = parse(entry.key, entry.value);
        if (value !== undefined) found.push({ key: entry.key, value });
      }
      return found;
    },
  };
}
