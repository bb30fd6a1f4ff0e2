/**
 * Callers waiting for a condition, each at most a given time: `wait` resolves at once when the
 * condition holds, else when a `wake` finds it holding, else after `maxWaitMs` (the timer does not
 * keep the process alive). Acks-before-answers and light-senders-first both hold answers this way.
 */
export interface Waiters {
  wait(isReady: () => boolean, maxWaitMs: number): Promise<void>;
  /** Re-checks every waiter's condition; call it whenever what they wait for may have changed. */
  wake(): void;
}

export function createWaiters(): Waiters {
  let waiting: { isReady: () => boolean; resolve: () => void; timer: NodeJS.Timeout }[] = [];
  return {
    wait(isReady, maxWaitMs) {
      if (isReady()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const waiter = {
          isReady,
          resolve,
          timer: setTimeout(() => {
            waiting = waiting.filter((w) => w !== waiter);
            resolve();
          }, maxWaitMs),
        };
        waiter.timer.unref();
        waiting.push(waiter);
      });
    },
    wake() {
      if (waiting.length === 0) return;
      const still: typeof waiting = [];
      for (const w of waiting) {
        if (w.isReady()) {
          clearTimeout(w.timer);
          w.resolve();
        } else still.push(w);
      }
      waiting = still;
    },
  };
}
