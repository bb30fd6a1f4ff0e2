/**
 * Callers waiting for a condition, each at most a given time: `wait` resolves at once when the
 * condition holds, else when a `wake` finds it holding, else after `maxWaitMs` (the timer does not
 * keep the process alive). Acks-before-answers and light-senders-first both hold answers this way.
 *
 * `paced`: waiters go one per turn of the event loop, oldest first, whether their condition came to
 * hold or their time ran out (the condition checked again at each), instead of all at once. Fifty
 * held steps of one person's burst, let go together, would all run before the next request's first
 * step could; let go one a turn, a request arriving meanwhile is read and handled between them. A
 * line longer than sixteen goes a sixteenth a turn: one a turn, two thousand answers of one
 * person's flood took two thousand turns (26 s against 14 s in the fuzz test, whose turns are long).
 * `pace` joins that line with nothing to wait for: it goes at its turn, behind the waiters before it.
 */
export interface Waiters {
  wait(isReady: () => boolean, maxWaitMs: number): Promise<void>;
  /** Re-checks every waiter's condition; call it whenever what they wait for may have changed. */
  wake(): void;
  /** Paced: resolves at this caller's turn (one a turn of the event loop, after those before it); otherwise at once. */
  pace(): Promise<void>;
}

interface Waiter {
  isReady: () => boolean;
  resolve: () => void;
  timer: NodeJS.Timeout | undefined;
  /** Paced: its time has run out; it goes at its turn whatever its condition. */
  expired: boolean;
}

/** Past this many waiters, a paced turn lets go of this share of them (1/16), not one. */
const DRAIN_SHARE = 16;

export function createWaiters({ paced = false }: { paced?: boolean } = {}): Waiters {
  let waiting: Waiter[] = [];
  let releasing = false;

  const release = (waiter: Waiter) => {
    clearTimeout(waiter.timer);
    waiter.resolve();
  };

  const releaseNextTurn = () => {
    if (releasing) return;
    releasing = true;
    setImmediate(releaseOne);
  };

  /**
   * Paced: the oldest ready waiter goes now (a long line: its oldest sixteenth), and the next check
   * is at the next turn of the loop. One a turn keeps a burst's steps from running back to back; a
   * sixteenth of a long line keeps a line of thousands from taking thousands of turns to drain.
   */
  const releaseOne = () => {
    releasing = false;
    let count = Math.max(1, Math.floor(waiting.length / DRAIN_SHARE));
    const still: Waiter[] = [];
    for (const w of waiting) {
      if (count > 0 && (w.expired || w.isReady())) {
        count -= 1;
        release(w);
      } else still.push(w);
    }
    const releasedAny = still.length < waiting.length;
    waiting = still;
    if (releasedAny && waiting.length > 0) releaseNextTurn();
  };

  return {
    wait(isReady, maxWaitMs) {
      if (isReady()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const waiter: Waiter = {
          isReady,
          resolve,
          expired: false,
          timer: setTimeout(() => {
            if (paced) {
              waiter.expired = true;
              if (!releasing) releaseOne();
              return;
            }
            waiting = waiting.filter((w) => w !== waiter);
            resolve();
          }, maxWaitMs),
        };
        waiter.timer?.unref();
        waiting.push(waiter);
      });
    },
    pace() {
      if (!paced) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiting.push({ isReady: () => true, resolve, expired: true, timer: undefined });
        releaseNextTurn();
      });
    },
    wake() {
      if (waiting.length === 0) return;
      if (paced) {
        if (!releasing) releaseOne();
        return;
      }
      const still: Waiter[] = [];
      for (const w of waiting) {
        if (w.isReady()) release(w);
        else still.push(w);
      }
      waiting = still;
    },
  };
}
