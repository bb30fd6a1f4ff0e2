/**
 * The `Store` every repository is built on: Keyv namespaces over one backend, plus the two things
 * plain Keyv lacks and Radar needs: listing a namespace and an atomic read-modify-write of one entry.
 */
import type Keyv from 'keyv';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '../../log.js';
import type { Coordinator } from './coordination.js';

export const STORE_KINDS = ['sqlite', 'redis'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/**
 * What an update's `change` function returns: the next value to write, `null` to delete the entry,
 * or `undefined` to leave it exactly as it is.
 */
export type Change<T> = T | null | undefined;

export interface UpdateResult<T> {
  /** The entry after the update (the untouched current value when nothing was written). */
  value: T | undefined;
  /** True when `change` asked for a write or delete and it was applied. */
  written: boolean;
}

export interface UpdateOptions {
  /**
   * How long the written entry lives (milliseconds); without it, until deleted. Each write sets it
   * afresh, so an entry updated with a ttl lives `ttlMs` from its last write.
   */
  ttlMs?: number;
}

/** One stored entry of a namespace, with its key (without the namespace). */
export interface StoredEntry<T> {
  key: string;
  value: T;
}

export interface Store {
  readonly kind: StoreKind;
  /** The store's logger (repositories log the records they cannot read through it). */
  readonly logger: Logger;
  /** The Keyv of one namespace (same instance on every call). Names: lower-case letters, digits, `-`. */
  keyv(namespace: string): Keyv;
  /**
   * Every live value stored in a namespace, in no particular order: what `keyv` and `update` wrote
   * (a namespace used for `claim` is not for listing: Redis leaves seen-once marks out of its index).
   * On Redis it reads the namespace's index, never a scan of the keyspace (after a one-time backfill,
   * per namespace, of entries written before the index existed).
   */
  list<T>(namespace: string): Promise<T[]>;
  /** As `list`, with each value's key. */
  entries<T>(namespace: string): Promise<StoredEntry<T>[]>;
  /**
   * Reads one entry, passes it to `change` and writes the result, atomically with respect to every
   * other writer of the store (every replica, on Redis). `change` may run more than once when a
   * concurrent writer gets in first, so it must be a pure function of its argument.
   * The entry written lives for `options.ttlMs` when given, else until deleted.
   */
  update<T>(namespace: string, key: string, change: (current: T | undefined) => Change<T>, options?: UpdateOptions): Promise<UpdateResult<T>>;
  /**
   * Records `key` in `namespace` for `ttlMs` if it is not recorded yet, atomically with respect to
   * every other writer of the store (every replica, on Redis). True for the one caller that
   * recorded it; false while an earlier record lives. For "seen once" guards (replayed requests).
   */
  claim(namespace: string, key: string, ttlMs: number): Promise<boolean>;
  /**
   * `claim` for each of `keys` (distinct), in as few round trips as the backend allows: whether each
   * was claimed by this call, in the order of `keys`. For records written in batches behind answers.
   */
  claimMany(namespace: string, keys: readonly string[], ttlMs: number): Promise<boolean[]>;
  /** True when the backend answers (a read). */
  ping(): Promise<boolean>;
  /**
   * True when the store can be used for writes right now: a health entry is written and read back
   * within the command timeout, and (SQLite) the file at the path is still the one opened, writable.
   * What `/healthz` reports. Never throws; concurrent calls share one probe.
   */
  probe(): Promise<boolean>;
  /**
   * False from a call failing with StoreUnavailableError until a later call succeeds: what the
   * store last found, without asking the backend (for refusing work up front during an outage).
   */
  readonly available: boolean;
  /** Closes connections; the store must not be used afterwards. */
  close(): Promise<void>;
  readonly coordinator: Coordinator;
  /**
   * A rate limiter (`rate-limiter-flexible`) shared as the store is: in this process's memory on
   * SQLite (one replica), in Redis for replicas (with an in-memory stand-in while Redis fails).
   */
  rateLimiter(options: RateLimitOptions): RateLimiterAbstract;
}

export interface RateLimitOptions {
  /** Names the limit (its keys in Redis); letters, digits and '-'. */
  name: string;
  /** Requests allowed per window. */
  points: number;
  /** The window, in seconds. */
  durationS: number;
}

export interface StoreOptions {
  logger?: Logger;
  /** Prepended to every namespace and lock name; lets tests (or deployments) share one backend. */
  namespacePrefix?: string;
  /**
   * How long one store command may go unanswered before it fails with a StoreUnavailableError
   * (default 2 s): a frozen Redis then fails calls instead of hanging them. Tests shorten it.
   */
  commandTimeoutMs?: number;
}

export const DEFAULT_COMMAND_TIMEOUT_MS = 2_000;

/** The namespace of the entry `probe` writes and reads back. */
export const HEALTH_NAMESPACE = 'radar-health';

const NAMESPACE = /^[a-z0-9][a-z0-9-]*$/;
const PREFIX = /^[A-Za-z0-9-]*$/;

/** Refuses a namespace prefix with characters that would act as LIKE or glob patterns. */
export function assertNamespacePrefix(prefix: string): void {
  if (!PREFIX.test(prefix)) throw new Error(`store namespace prefix may hold only letters, digits and '-', got ${JSON.stringify(prefix)}`);
}

/** Builds the backend's namespace name, refusing characters that would act as LIKE or glob patterns. */
export function qualifiedNamespace(prefix: string, namespace: string): string {
  assertNamespacePrefix(prefix);
  if (!NAMESPACE.test(namespace)) throw new Error(`store namespace must be lower-case letters, digits and '-', got ${JSON.stringify(namespace)}`);
  return `${prefix}${namespace}`;
}

/**
 * Turns a raw stored string back into its value with the namespace's own Keyv (serializer, ttl
 * envelope); undefined for a missing or expired entry.
 */
export async function decodeRaw<T>(keyv: Keyv, raw: string | null | undefined): Promise<T | undefined> {
  if (typeof raw !== 'string') return undefined;
  const data = await keyv.deserializeData<T>(raw);
  if (!data || (typeof data.expires === 'number' && data.expires < Date.now())) return undefined;
  return data.value as T | undefined;
}

/**
 * The raw string Keyv would store for `value`, for writes that bypass Keyv; `expires` (epoch ms) is
 * the ttl envelope Keyv checks on read (none by default).
 */
export async function encodeRaw(keyv: Keyv, value: unknown, expires?: number): Promise<string> {
  const raw = await keyv.serializeData({ value, expires });
  if (typeof raw !== 'string') throw new Error('the store serializer must produce strings');
  return raw;
}

/** Checks an update's ttl: a positive number of milliseconds, or none. */
export function assertTtl(ttlMs: number | undefined): void {
  if (ttlMs !== undefined && (!Number.isFinite(ttlMs) || ttlMs <= 0)) throw new RangeError(`an update's ttl must be a positive number of milliseconds, got ${ttlMs}`);
}

/**
 * Makes one Keyv per namespace on first use, and hands every error Keyv reports to `onError`
 * (which logs it) instead of crashing.
 */
export function keyvPerNamespace(make: (namespace: string) => Keyv, prefix: string, onError: (error: unknown, namespace: string) => void) {
  const instances = new Map<string, Keyv>();
  const get = (namespace: string): Keyv => {
    let keyv = instances.get(namespace);
    if (!keyv) {
      keyv = make(qualifiedNamespace(prefix, namespace));
      keyv.on('error', (error: unknown) => onError(error, namespace));
      instances.set(namespace, keyv);
    }
    return keyv;
  };
  return { get };
}
