/**
 * A run summary's figures, read by an area's reader (issue 27): each figure found under the first of
 * its names present (any case or style, on the summary itself), typed (a value, null "not measured" or
 * "no comparison", omitted "not reported", unreadable), and every other key kept, in the order sent,
 * for the view to state after the named ones (nothing the service sends is dropped).
 */
import type * as z from 'zod';
import { isRecord, lookup, OMITTED, UNREADABLE, valuePart, type JsonRecord, type Part } from '../tolerant.js';

export interface FigureReader {
  /** The figure under the first of `keys` on `obj`; records the key found as used. */
  at<T>(keys: readonly string[], schema: z.ZodType<T>): Part<T>;
  /** The keys of `obj` no figure was read from, in the order sent. */
  rest(): [string, unknown][];
}

export function figureReader(obj: unknown): FigureReader {
  const record: JsonRecord = isRecord(obj) ? obj : {};
  const used = new Set<string>();
  return {
    at<T>(keys: readonly string[], schema: z.ZodType<T>): Part<T> {
      for (const key of keys) {
        const hit = lookup(record, key, { down: false });
        if (!hit.found) continue;
        used.add(hit.key);
        const parsed = schema.safeParse(hit.value);
        return parsed.success ? valuePart(parsed.data) : UNREADABLE;
      }
      return OMITTED;
    },
    rest: () => Object.entries(record).filter(([k]) => !used.has(k)),
  };
}
