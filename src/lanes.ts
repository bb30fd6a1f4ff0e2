/**
 * Turns at a shared resource: the SQLite store's one connection, Radar's answers to Slack's
 * response URLs. SQLite runs one statement at a time, so under a burst every call queued behind
 * every call made before it: two hundred commands from one person put another person's replay
 * check and binding read 60 to 90 ms back. Here at most `inFlight` calls are under way at once; the
 * others wait in a lane per sender (the person a request is for, `sender.ts`; work outside a request
 * has a lane of its own); the lane that has had the fewest turns since the resource was last idle
 * goes next, oldest call first within a lane. Nothing is dropped or reordered within a lane, and a
 * lone caller never waits.
 *
 * One call more than `inFlight` may be under way for a lane that has nothing under way or waiting:
 * a person's first call beside a burst starts at once instead of waiting for one of the burst's
 * calls to come back (which waits in turn for the event loop the burst keeps busy). A burst's lane
 * always has calls waiting, so it never takes that place.
 */
export interface Lanes {
  /** Runs `call` in `lane`'s turn; resolves or rejects as it does. */
  run<T>(lane: string, call: () => Promise<T>): Promise<T>;
  /** Calls at the connection now, and calls waiting for their turn. */
  counts(): { inFlight: number; waiting: number };
}

export const DEFAULT_IN_FLIGHT = 2;

export function createLanes(inFlight = DEFAULT_IN_FLIGHT): Lanes {
  const waiting = new Map<string, (() => void)[]>();
  // Calls started per lane in this busy spell (forgotten whenever nothing runs or waits): the lane
  // that has had the fewest turns goes next, so a sender arriving during another's burst is next.
  const turns = new Map<string, number>();
  let running = 0;
  let queued = 0;
  /** Calls under way per lane. */
  const runningIn = new Map<string, number>();

  const nextLane = (): string | undefined => {
    let best: string | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const lane of waiting.keys()) {
      const had = turns.get(lane) ?? 0;
      if (had < fewest) {
        best = lane;
        fewest = had;
      }
    }
    return best;
  };

  const next = () => {
    while (running < inFlight) {
      const lane = nextLane();
      if (lane === undefined) break;
      const queue = waiting.get(lane) ?? [];
      const start = queue.shift();
      if (queue.length === 0) waiting.delete(lane);
      if (!start) continue;
      queued -= 1;
      start();
    }
    if (running === 0 && queued === 0) turns.clear();
  };

  return {
    run(lane, call) {
      return new Promise((resolve, reject) => {
        const start = () => {
          running += 1;
          runningIn.set(lane, (runningIn.get(lane) ?? 0) + 1);
          turns.set(lane, (turns.get(lane) ?? 0) + 1);
          // The next call starts before this caller resumes.
          const done = () => {
            running -= 1;
            const left = (runningIn.get(lane) ?? 1) - 1;
            if (left > 0) runningIn.set(lane, left);
            else runningIn.delete(lane);
            next();
          };
          let pending: Promise<unknown>;
          try {
            pending = call();
          } catch (error) {
            done();
            reject(error);
            return;
          }
          pending.then(
            (value) => {
              done();
              resolve(value as never);
            },
            (error: unknown) => {
              done();
              reject(error);
            },
          );
        };
        const newcomer = !runningIn.has(lane) && !waiting.has(lane) && running < inFlight + 1;
        if ((running < inFlight && waiting.size === 0) || newcomer) {
          start();
          return;
        }
        const queue = waiting.get(lane);
        if (queue) queue.push(start);
        else waiting.set(lane, [start]);
        queued += 1;
        next();
      });
    },
    counts: () => ({ inFlight: running, waiting: queued }),
  };
}
