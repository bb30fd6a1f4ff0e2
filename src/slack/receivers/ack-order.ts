/**
 * Acks before answers. Slack's 3-second ack is a hard rule; an answer through `response_url` may come
 * later. Under a burst, answering one command (rendering, posting) competes for the one event loop
 * with acking the next, so the last ack of a burst waited for every answer before it.
 *
 * The HTTP edge tells this tracker about each request it admits (`enter`, and the returned `leave`
 * once its response is written). A listener that has acked calls `acksBefore()` before its answer:
 * it resolves once every request admitted before that moment has been answered (acked or refused),
 * or after `maxWaitMs` at the latest, so an answer never waits on traffic that came after it, and
 * never waits long. Without an HTTP edge (Socket Mode, the console) nothing is admitted and
 * `acksBefore()` resolves at once.
 */
export interface AckOrder {
  /** Counts a request admitted at the edge; call the returned function once it has been answered. */
  enter(): () => void;
  /** Resolves when every request admitted so far has been answered, or after `maxWaitMs`. */
  acksBefore(): Promise<void>;
  /** Requests admitted and not yet answered. */
  pending(): number;
}

export const DEFAULT_ACK_ORDER_MAX_WAIT_MS = 1_000;

export function createAckOrder(maxWaitMs = DEFAULT_ACK_ORDER_MAX_WAIT_MS): AckOrder {
  let admitted = 0;
  // Insertion order is admission order, so the first entry is the oldest request still open.
  const open = new Set<number>();
  let waiters: { upTo: number; resolve: () => void; timer: NodeJS.Timeout }[] = [];

  const oldestOpen = (): number => {
    for (const seq of open) return seq;
    return Number.POSITIVE_INFINITY;
  };
  const wake = () => {
    if (waiters.length === 0) return;
    const oldest = oldestOpen();
    const still: typeof waiters = [];
    for (const w of waiters) {
      if (w.upTo < oldest) {
        clearTimeout(w.timer);
        w.resolve();
      } else still.push(w);
    }
    waiters = still;
  };

  return {
    enter() {
      const seq = ++admitted;
      open.add(seq);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        open.delete(seq);
        wake();
      };
    },
    acksBefore() {
      const upTo = admitted;
      if (upTo < oldestOpen()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const waiter = {
          upTo,
          resolve,
          timer: setTimeout(() => {
            waiters = waiters.filter((w) => w !== waiter);
            resolve();
          }, maxWaitMs),
        };
        waiter.timer.unref();
        waiters.push(waiter);
      });
    },
    pending: () => open.size,
  };
}
