/**
 * A bound on concurrent work: at most `max` tasks run at once, the rest wait their turn in order.
 * The scan follower sends every background request to the service through one limiter.
 */
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now (for tests and logs). */
  readonly active: number;
}

export function createLimiter(max: number): Limiter {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`a limiter needs a whole number of at least 1, got ${max}`);
  let active = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };

  return {
    get active() {
      return active;
    },
    async run(task) {
      if (active < max) active += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
