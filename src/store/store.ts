/**
 * The `Store` every repository is built on: Keyv namespaces over one backend, plus the two things
 * plain Keyv lacks and Radar needs: listing a namespace and an atomic read-modify-write of one entry.
 */
import type Keyv from 'keyv';
import type { Logger } from '../log.js';
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

export interface Store {
  readonly kind: StoreKind;
  /** The Keyv of one namespace (same instance on every call). Names: lower-case letters, digits, `-`. */
  keyv(namespace: string): Keyv;
  /** Every value stored in a namespace, in no particular order. */
  list<T>(namespace: string): Promise<T[]>;
  /**
   * Reads one entry, passes it to `change` and writes the result, atomically with respect to every
   * other writer of the store (every replica, on Redis). `change` may run more than once when a
   * concurrent writer gets in first, so it must be a pure function of its argument.
   * Entries written this way carry no ttl.
   */
  update<T>(namespace: string, key: string, change: (current: T | undefined) => Change<T>): Promise<UpdateResult<T>>;
  /** True when the backend answers. */
  ping(): Promise<boolean>;
  /** Closes connections; the store must not be used afterwards. */
  close(): Promise<void>;
  readonly coordinator: Coordinator;
}

export interface StoreOptions {
  logger?: Logger;
  /** Prepended to every namespace and lock name; lets tests (or deployments) share one backend. */
  namespacePrefix?: string;
}

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

/** The raw string Keyv would store for `value` (no ttl), for writes that bypass Keyv. */
export async function encodeRaw(keyv: Keyv, value: unknown): Promise<string> {
  const raw = await keyv.serializeData({ value, expires: undefined });
  if (typeof raw !== 'string') throw new Error('the store serializer must produce strings');
  return raw;
}

/** Makes one Keyv per namespace on first use and logs every error Keyv reports instead of crashing. */
export function keyvPerNamespace(make: (namespace: string) => Keyv, prefix: string, logger: Logger) {
  const instances = new Map<string, Keyv>();
  const get = (namespace: string): Keyv => {
    let keyv = instances.get(namespace);
    if (!keyv) {
      keyv = make(qualifiedNamespace(prefix, namespace));
      keyv.on('error', (error: unknown) => logger.error('store error', { namespace, error }));
      instances.set(namespace, keyv);
    }
    return keyv;
  };
  return { get };
}
