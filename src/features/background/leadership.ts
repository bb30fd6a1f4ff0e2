/**
 * Being the one replica that does a piece of background work: hold a named lease from the store's
 * coordinator for as long as this process runs, extending it every third of its ttl. A replica
 * that does not hold it tries again on the same beat, so when the holder dies (and stops
 * extending) another takes over within about one ttl; when the holder stops cleanly it releases
 * the lease and the next attempt elsewhere succeeds at once.
 */
import type { Logger } from '../../log.js';
import type { Coordinator, Lease } from '../../store/backends/coordination.js';
import { isStoreUnavailable } from '../../store/backends/errors.js';

export interface Leadership {
  /** The held lease's signal (aborts when the lease is lost), or null when not leading. */
  readonly signal: AbortSignal | null;
  /** Leads now if possible (taking a free lease at once); resolves whether this process leads. */
  ensure(): Promise<boolean>;
  /** Starts the keep-alive beat. */
  start(): void;
  /** Stops the beat and releases the lease. */
  stop(): Promise<void>;
}

export interface LeadershipOptions {
  coordinator: Coordinator;
  name: string;
  ttlMs: number;
  logger: Logger;
  /** Called each time this process becomes the leader. */
  onElected(signal: AbortSignal): void;
}

export function createLeadership({ coordinator, name, ttlMs, logger, onElected }: LeadershipOptions): Leadership {
  let lease: Lease | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let attempt: Promise<boolean> | null = null;

  const held = () => (lease && !lease.signal.aborted ? lease : null);

  const take = async (): Promise<boolean> => {
    const current = held();
    if (current) return current.extend();
    let next: Lease | null = null;
    try {
      next = await coordinator.tryLead(name, ttlMs);
    } catch (error) {
      // A store outage is logged once by the store; this beat repeats every third of the ttl.
      (isStoreUnavailable(error) ? logger.debug : logger.warn)('could not reach the store to take the lease', { lease: name, error });
    }
    if (!next) return false;
    if (stopped) {
      await next.release();
      return false;
    }
    lease = next;
    logger.info('leading', { lease: name });
    onElected(next.signal);
    return true;
  };

  /** One attempt at a time: a beat and an `ensure` never race each other for the lease. */
  const ensure = (): Promise<boolean> => {
    attempt ??= take().finally(() => (attempt = null));
    return attempt;
  };

  const beat = () => {
    timer = setTimeout(() => {
      void ensure().finally(() => {
        if (!stopped) beat();
      });
    }, Math.max(1, Math.floor(ttlMs / 3)));
    timer.unref();
  };

  return {
    get signal() {
      return held()?.signal ?? null;
    },
    ensure,
    start() {
      stopped = false;
      beat();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await attempt?.catch(() => false);
      await lease?.release();
      lease = null;
    },
  };
}
