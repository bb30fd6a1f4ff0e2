/**
 * Tolerant reading of what the spec leaves unstated (docs/assumptions.md, "Tolerant reads").
 *
 * The zod schemas require only what the spec names *and* places. Everything else (a field the spec
 * does not name, a named field whose location it does not give, an availability object's shape, a
 * section layout) is looked up here: found where it is, whatever its case, at the expected place, one
 * level up or one level down. What is not found is reported as a third state, never invented:
 *
 * - `value`: found; the value as sent, null included (null is "not measured", spec 2.2).
 * - `omitted`: not found, where an absent key is itself a state of the contract (spec 2.2.3).
 * - `unreadable`: not found where it had to be, or found with a type Radar cannot read; a view
 *   renders that part as one line and shows the rest of the answer.
 */
import * as z from 'zod';

export type JsonRecord = Record<string, unknown>;

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where a key was found, relative to the place it was looked for. */
export type Where = 'here' | 'up' | 'down';

export type Found = { found: true; value: unknown; where: Where; key: string } | { found: false };

export interface Near {
  /** The object one level up (the parent of the expected place), searched after the place itself. */
  up?: unknown;
  /** Search the place's child objects (one level down) too; default true. */
  down?: boolean;
}

const NOT_FOUND: Found = { found: false };

/**
 * A key's spelling without its house style: lower case, without `_`, `-` and spaces, so `isOwn`,
 * `is_own`, `IsOwn` and `is-own` are one key.
 */
export function keyStem(key: string): string {
  return key.toLowerCase().replace(/[_\-\s]/g, '');
}

/** `key` on `obj` itself: the exact key first, then any key equal to it ignoring case and style (`keyStem`). */
function own(obj: unknown, key: string, where: Where): Found {
  if (!isRecord(obj)) return NOT_FOUND;
  if (Object.hasOwn(obj, key)) return { found: true, value: obj[key], where, key };
  const stem = keyStem(key);
  for (const k of Object.keys(obj)) {
    if (keyStem(k) === stem) return { found: true, value: obj[k], where, key: k };
  }
  return NOT_FOUND;
}

/**
 * Looks `key` up at `obj`, case-insensitively: on `obj` itself, then on `near.up`, then on each child
 * object of `obj` (arrays are not entered). The first hit wins.
 */
export function lookup(obj: unknown, key: string, near: Near = {}): Found {
  const here = own(obj, key, 'here');
  if (here.found) return here;
  const up = own(near.up, key, 'up');
  if (up.found) return up;
  if (near.down !== false && isRecord(obj)) {
    for (const child of Object.values(obj)) {
      const down = own(child, key, 'down');
      if (down.found) return down;
    }
  }
  return NOT_FOUND;
}

/** The tri-state result of a tolerant read. */
export type Part<T> = { kind: 'value'; value: T } | { kind: 'omitted' } | { kind: 'unreadable' };

export const OMITTED: Part<never> = Object.freeze({ kind: 'omitted' });
export const UNREADABLE: Part<never> = Object.freeze({ kind: 'unreadable' });

export function valuePart<T>(value: T): Part<T> {
  return { kind: 'value', value };
}

export interface ReadOptions extends Near {
  /** What "not found" means: a third state of the contract (`omitted`, the default) or a part Radar could not read. */
  absent?: 'omitted' | 'unreadable';
}

/** Looks `key` up tolerantly and checks it against `schema`: a value of another type is `unreadable`. */
export function read<T>(obj: unknown, key: string, schema: z.ZodType<T>, options: ReadOptions = {}): Part<T> {
  const hit = lookup(obj, key, options);
  if (!hit.found) return options.absent === 'unreadable' ? UNREADABLE : OMITTED;
  const parsed = schema.safeParse(hit.value);
  return parsed.success ? valuePart(parsed.data) : UNREADABLE;
}

/** The value of a `value` part, or `fallback` for the other two states. */
export function valueOr<T, F>(part: Part<T>, fallback: F): T | F {
  return part.kind === 'value' ? part.value : fallback;
}

/** An object found tolerantly at `key` (same search as `lookup`), or null when there is none. */
export function recordAt(obj: unknown, key: string, near: Near = {}): JsonRecord | null {
  const hit = lookup(obj, key, near);
  return hit.found && isRecord(hit.value) ? hit.value : null;
}

/** An array found tolerantly at `key` (same search as `lookup`), or null when there is none. */
export function arrayAt(obj: unknown, key: string, near: Near = {}): unknown[] | null {
  const hit = lookup(obj, key, near);
  return hit.found && Array.isArray(hit.value) ? hit.value : null;
}

/**
 * Every `[key, value]` under `root` (objects only, arrays never entered) whose key satisfies `match`,
 * nearest first (breadth first), down to `depth` levels below `root` (0 = `root`'s own keys).
 */
export function collect(root: unknown, match: (key: string, value: unknown) => boolean, depth = 2): [string, unknown][] {
  const hits: [string, unknown][] = [];
  let level: JsonRecord[] = isRecord(root) ? [root] : [];
  for (let d = 0; d <= depth && level.length > 0; d++) {
    const next: JsonRecord[] = [];
    for (const obj of level) {
      for (const [k, v] of Object.entries(obj)) {
        if (match(k, v)) hits.push([k, v]);
        else if (isRecord(v)) next.push(v);
      }
    }
    level = next;
  }
  return hits;
}

/** True when `key` equals one of `names`, ignoring case and style (`keyStem`). */
export function keyIn(key: string, names: ReadonlySet<string>): boolean {
  return names.has(keyStem(key));
}

/** A set of key names for `keyIn`, by their stems. */
export function keySet(names: readonly string[]): ReadonlySet<string> {
  return new Set(names.map(keyStem));
}

/**
 * The one line a view shows for a part it could not read (mrkdwn, italic). `part` is Radar's own
 * label for it, never service text.
 */
export function unreadableText(part: string): string {
  return `_${part}: Radar couldn't read this part of the service's answer._`;
}

/** The short form, for a value shown inside a line ("*Price gap:* _couldn't read_"). */
export const UNREADABLE_VALUE = "_couldn't read this part of the service's answer_";

/**
 * A spec-named part of an answer that arrived missing or with a type Radar cannot read: a list item
 * that failed its schema, or a named field of a single resource. It keeps the raw value as sent (for
 * a list item, its `id` or `number` can still be quoted). Views render it as one "couldn't read" line
 * or value and show the rest of the answer; it is never turned into a zero, a no or an empty list.
 */
export class Unreadable {
  readonly unreadable = true;
  constructor(readonly raw: unknown) {}
}

export function isUnreadable(value: unknown): value is Unreadable {
  return value instanceof Unreadable;
}

/**
 * A named field Radar can show without: a missing key or a value `schema` refuses becomes
 * `Unreadable` instead of failing the whole answer. Null and (for an optional schema) omitted pass
 * through as themselves: null is "not measured", omitted a third state (spec 2.2).
 */
export function tolerantPart<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .optional()
    .transform((value): z.output<T> | Unreadable => {
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : new Unreadable(value);
    });
}

/** A list whose items are checked one by one: an item `item` refuses becomes `Unreadable`, the rest are kept in order. */
export function tolerantArray<T extends z.ZodType>(item: T) {
  return z.array(z.unknown()).transform((values): (z.output<T> | Unreadable)[] =>
    values.map((value) => {
      const parsed = item.safeParse(value);
      return parsed.success ? parsed.data : new Unreadable(value);
    }),
  );
}

/** The items Radar could read (for actions and pickers, which need every field they use). */
export function readable<T>(items: readonly (T | Unreadable)[]): T[] {
  return items.filter((v): v is T => !isUnreadable(v));
}

/** The items Radar could not read. */
export function unreadableOf<T>(items: readonly (T | Unreadable)[]): Unreadable[] {
  return items.filter(isUnreadable);
}

/** A string the raw item carries at one of `keys` (own keys, any case), e.g. its `id` or `number`. */
export function rawKey(item: Unreadable, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const hit = lookup(item.raw, key, { down: false });
    if (hit.found && (typeof hit.value === 'string' || typeof hit.value === 'number') && String(hit.value) !== '') return String(hit.value);
  }
  return undefined;
}

/**
 * The one line a list shows for its unreadable items (mrkdwn, italic), or null when there are none:
 * "_One ticket Radar couldn't read (id t_123)_", "_2 rows Radar couldn't read_". `noun` is Radar's
 * own word, singular; the id is the raw item's, escaped by `escape`.
 */
export function unreadableItemsLine(items: readonly Unreadable[], noun: string, escape: (text: string) => string, keys: readonly string[] = ['id', 'number']): string | null {
  if (items.length === 0) return null;
  if (items.length === 1) {
    const item = items[0] as Unreadable;
    const key = keys.find((k) => rawKey(item, k) !== undefined);
    const id = key === undefined ? '' : ` (${key} ${escape(rawKey(item, key) ?? '')})`;
    return `_One ${noun} Radar couldn't read${id}_`;
  }
  return `_${items.length} ${noun}s Radar couldn't read_`;
}

/** `render(value)`, or the short "couldn't read" value when the part is unreadable. */
export function shown<T>(value: T | Unreadable, render: (value: T) => string): string {
  return isUnreadable(value) ? UNREADABLE_VALUE : render(value);
}

/** The value, or `fallback` when it is unreadable. */
export function readableOr<T, F>(value: T | Unreadable, fallback: F): T | F {
  return isUnreadable(value) ? fallback : value;
}

/** The value, or a thrown error when it is unreadable: for a caller that cannot go on without it (tests, a write's own answer). */
export function mustRead<T>(value: T | Unreadable, what = 'a part of the service answer'): T {
  if (isUnreadable(value)) throw new Error(`Radar couldn't read ${what}`);
  return value;
}
