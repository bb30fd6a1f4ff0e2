/**
 * Whether the store's backend can be used, as its calls find out. Every backend call runs through
 * `guard`: a failure that means an outage (see each backend's `classify`) is rethrown as a
 * `StoreUnavailableError`, and the outage is logged once when it starts and once when a call made
 * during it succeeds again, never once per request. A call that was already under way when the
 * store came back and then fails (sent into a frozen connection, it times out just after the thaw)
 * belongs to the outage that ended: it fails, but does not open and log another.
 */
import type { Logger } from '../../log.js';
import { isStoreUnavailable, StoreUnavailableError } from './errors.js';
import { withDeadline } from '../../deadline.js';

export interface Availability {
  /**
   * Runs one backend call; an outage failure becomes a StoreUnavailableError (other errors pass
   * unchanged). Its success ends an outage unless `reachesBackend` is false (a call that may be
   * answered without the backend, e.g. extending a lock already expired).
   */
  guard<T>(call: () => Promise<T>, context?: Record<string, unknown>, reachesBackend?: boolean): Promise<T>;
  /** Records a failure reported outside a call (a connection's error event). */
  report(error: unknown, context?: Record<string, unknown>): void;
  /** False from the first outage failure until a call made after it succeeds. */
  readonly available: boolean;
}

export interface AvailabilityOptions {
  logger: Logger;
  /** The outage a backend error means, or null when it is not an outage (a bug, a refused value). */
  classify(error: unknown): StoreUnavailableError | null;
  now?: () => number;
}

export function createAvailability({ logger, classify, now = Date.now }: AvailabilityOptions): Availability {
  let available = true;
  /** Counts outages, so only a call started during the current one can end it. */
  let outage = 0;
  /** Counts recoveries, so a call started before the last one cannot open a new outage. */
  let recovered = 0;
  let since = 0;

  const toOutage = (error: unknown) => (isStoreUnavailable(error) ? error : classify(error));

  const down = (error: StoreUnavailableError, context: Record<string, unknown> | undefined, recoveriesAtStart = recovered) => {
    if (!available || recoveriesAtStart !== recovered) return;
    // Calls after this process closed the store are its own doing, not an outage to report.
    if (error.fault === 'closed') return;
    available = false;
    outage++;
    since = now();
    logger.error('store unavailable', { fault: error.fault, reason: error.message, ...context, error: error.cause ?? error });
  };

  return {
    async guard(call, context, reachesBackend = true) {
      const during = outage;
      const recoveriesAtStart = recovered;
      let value;
      try {
        value = await call();
      } catch (error) {
        const unavailable = toOutage(error);
        if (!unavailable) throw error;
        down(unavailable, context, recoveriesAtStart);
        throw unavailable;
      }
      if (!available && reachesBackend && during === outage) {
        available = true;
        recovered++;
        logger.info('store available again', { unavailableForMs: now() - since });
      }
      return value;
    },
    report(error, context) {
      const unavailable = toOutage(error);
      if (unavailable) down(unavailable, context);
      else logger.error('store error', { ...context, error });
    },
    get available() {
      return available;
    },
  };
}

/** Rejects with a `timeout` StoreUnavailableError when `promise` has not settled within `ms`. */
export function withinTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return withDeadline(promise, ms, () => new StoreUnavailableError('timeout', `the store did not answer ${what} within ${ms} ms`));
}

/** Methods of a Keyv storage adapter that reach the backend. */
const ADAPTER_CALLS = ['get', 'getMany', 'set', 'setMany', 'delete', 'deleteMany', 'has', 'hasMany', 'clear'] as const;

/** Routes an adapter's backend calls through `guard` (own properties shadow the class methods). */
export function guardAdapter<A extends object>(adapter: A, guard: Availability['guard'], context: Record<string, unknown>): A {
  const target = adapter as Record<string, unknown>;
  for (const name of ADAPTER_CALLS) {
    const original = target[name];
    if (typeof original !== 'function') continue;
    const bound = (original as (...args: unknown[]) => Promise<unknown>).bind(adapter);
    target[name] = (...args: unknown[]) => guard(() => bound(...args), context);
  }
  return adapter;
}
