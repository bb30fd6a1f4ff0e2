/**
 * A bound on concurrent work (`p-limit`): at most `max` tasks run at once, the rest wait their turn in order.
 * Radar makes one for all background requests to the service (`deps.background`), so the scan
 * follower and the digest poller together stay within `timing.maxConcurrentPolls`. That one is made
 * with `priority: 'background'`: every service request a task makes is then background work, which
 * the client lets people's requests overtake on the throttled endpoints (`src/service/budget.ts`).
 */
import pLimit from 'p-limit';
import { runInBackground } from './service/index.js';
import type { Priority } from './service/index.js';

export interface LimiterOptions {
  /** `background`: tasks run inside `runInBackground`, so their service requests yield to people's. */
  priority?: Priority;
}

export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now (for tests and logs). */
  readonly active: number;
}

export function createLimiter(max: number, options: LimiterOptions = {}): Limiter {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`a limiter needs a whole number of at least 1, got ${max}`);
  const start = options.priority === 'background' ? runInBackground : <T>(task: () => Promise<T>) => task();
  const limit = pLimit(max);
  return {
    get active() {
      return limit.activeCount;
    },
    run: (task) => limit(() => start(task)),
  };
}

/** Runs `fn` over `items` with at most `max` at once; resolves when all have settled (errors are `fn`'s to handle). */
export async function forEachLimited<T>(items: readonly T[], max: number, fn: (item: T) => Promise<void>): Promise<void> {
  const limit = pLimit(max);
  await Promise.all(items.map((item) => limit(() => fn(item))));
}
