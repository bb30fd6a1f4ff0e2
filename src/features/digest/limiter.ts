/** A bound on concurrent work: at most `max` tasks run at once; the rest wait their turn in order. */
export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

export function createLimit(max: number): Limit {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`a concurrency limit must be a whole number of at least 1, got ${max}`);
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active < max) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

/** Runs `fn` over `items` with at most `max` at once; resolves when all have settled (errors are `fn`'s to handle). */
export async function forEachLimited<T>(items: readonly T[], max: number, fn: (item: T) => Promise<void>): Promise<void> {
  const limit = createLimit(max);
  await Promise.all(items.map((item) => limit(() => fn(item))));
}
