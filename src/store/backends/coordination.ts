/**
 * The one coordination mechanism Radar's replicas share: named, expiring leases.
 *
 * A lease is held for `ttlMs` and must be extended before it runs out; a holder that dies (or
 * simply stops extending) loses it when the ttl passes, and another replica may then take it.
 * What enforces exclusivity is a `LockBackend`: Redis (redlock) when replicas share a Redis, or an
 * in-process map when the store is a SQLite file (one replica per file). This module adds only the
 * lease bookkeeping on top: an AbortSignal that fires when the lease is lost, and `runExclusive`,
 * which keeps a lease extended while a task runs.
 */
import type { Logger } from '../../log.js';
import { silentLogger } from '../../log.js';

/** A lock a backend granted; opaque to the coordinator apart from when it runs out. */
export interface HeldLock {
  /** Epoch milliseconds after which the lock can no longer be counted on. */
  readonly expiresAt: number;
}

/** The exclusivity primitive a coordinator is built on. */
export interface LockBackend<L extends HeldLock = HeldLock> {
  /** Takes the lock if nobody holds it; null when someone else does. Throws when the backend is unreachable. */
  acquire(name: string, ttlMs: number): Promise<L | null>;
  /** Renews a held lock for `ttlMs`; null when it was lost meanwhile. */
  extend(lock: L, ttlMs: number): Promise<L | null>;
  /** Gives the lock up; a lock already lost is ignored. */
  release(lock: L): Promise<void>;
}

/** A held lease. `signal` aborts when the lease is lost (ttl passed, extension refused) or released. */
export interface Lease {
  readonly name: string;
  readonly signal: AbortSignal;
  /**
   * Renews the lease for its ttl. Resolves false (and aborts `signal`) when it was lost. When the
   * backend cannot be reached the lease is kept until its current ttl runs out: resolves true
   * while that time remains, and `signal` aborts when it passes.
   */
  extend(): Promise<boolean>;
  /** Gives the lease up so another replica may take it at once. Safe to call twice. */
  release(): Promise<void>;
}

export type ExclusiveResult<T> = { ran: true; value: T } | { ran: false };

export interface Coordinator {
  /** Takes the named lease when nobody holds it; null when another holder (this or another replica) does. */
  tryLead(name: string, ttlMs: number): Promise<Lease | null>;
  /**
   * Runs `fn` only if the named lease is free, keeping the lease extended while `fn` runs and
   * releasing it afterwards. `fn` should stop its work when `signal` aborts: the lease was lost.
   */
  runExclusive<T>(name: string, ttlMs: number, fn: (signal: AbortSignal) => Promise<T>): Promise<ExclusiveResult<T>>;
}

/** The reason a lease's signal carries when it aborts. */
export class LeaseLostError extends Error {
  constructor(
    readonly leaseName: string,
    readonly why: 'expired' | 'extension_refused' | 'released',
  ) {
    super(`lease ${leaseName} is no longer held (${why})`);
    this.name = 'LeaseLostError';
  }
}

export interface CoordinatorOptions {
  logger?: Logger;
  /** Clock for lease expiry; tests may pass their own. */
  now?: () => number;
}

export function createCoordinator<L extends HeldLock>(backend: LockBackend<L>, options: CoordinatorOptions = {}): Coordinator {
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;

  const tryLead = async (name: string, ttlMs: number): Promise<Lease | null> => {
    assertTtl(ttlMs);
    const lock = await backend.acquire(name, ttlMs);
    return lock ? holdLease({ name, ttlMs, lock, backend, logger, now }) : null;
  };

  const runExclusive = async <T>(
    name: string,
    ttlMs: number,
    fn: (signal: AbortSignal) => Promise<T>,
  ): Promise<ExclusiveResult<T>> => {
    const lease = await tryLead(name, ttlMs);
    if (!lease) return { ran: false };
    let timer: NodeJS.Timeout | undefined;
    const keepAlive = () => {
      timer = setTimeout(() => {
        void lease.extend().then((held) => {
          if (held) keepAlive();
        });
      }, Math.max(1, Math.floor(ttlMs / 3)));
      timer.unref();
    };
    keepAlive();
    try {
      return { ran: true, value: await fn(lease.signal) };
    } finally {
      clearTimeout(timer);
      await lease.release();
    }
  };

  return { tryLead, runExclusive };
}

interface LeaseParts<L extends HeldLock> {
  name: string;
  ttlMs: number;
  lock: L;
  backend: LockBackend<L>;
  logger: Logger;
  now: () => number;
}

function holdLease<L extends HeldLock>({ name, ttlMs, lock, backend, logger, now }: LeaseParts<L>): Lease {
  const controller = new AbortController();
  let held: L | null = lock;
  let expiry: NodeJS.Timeout | undefined;

  const lose = (why: LeaseLostError['why']) => {
    held = null;
    clearTimeout(expiry);
    if (!controller.signal.aborted) controller.abort(new LeaseLostError(name, why));
  };
  const watchExpiry = (current: L) => {
    clearTimeout(expiry);
    expiry = setTimeout(() => lose('expired'), Math.max(0, current.expiresAt - now()));
    expiry.unref();
  };
  watchExpiry(lock);

  return {
    name,
    signal: controller.signal,
    async extend() {
      const current = held;
      if (!current) return false;
      let next: L | null;
      try {
        next = await backend.extend(current, ttlMs);
      } catch (error) {
        // The backend did not answer (an outage): the lease is not refused, only unconfirmed. Keep
        // it until its ttl runs out (the expiry timer), so a short outage does not hand the work over.
        logger.debug('lease extension failed; holding the lease until it expires', { lease: name, error });
        return held === current && current.expiresAt > now();
      }
      if (held !== current) return false; // released or lost while the extension was in flight
      if (!next) {
        lose('extension_refused');
        return false;
      }
      held = next;
      watchExpiry(next);
      return true;
    },
    async release() {
      const current = held;
      if (!current) return;
      lose('released');
      try {
        await backend.release(current);
      } catch (error) {
        logger.warn('lease release failed; it will expire by itself', { lease: name, error });
      }
    },
  };
}

function assertTtl(ttlMs: number): void {
  if (!Number.isInteger(ttlMs) || ttlMs <= 0) throw new RangeError(`lease ttl must be a positive integer of milliseconds, got ${ttlMs}`);
}
