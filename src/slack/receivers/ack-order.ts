/**
 * Acks before answers, per sender. Slack's 3-second ack is a hard rule; an answer through
 * `response_url` may come later. Under a burst, answering one command (rendering, posting) competes
 * for the one event loop with acking the next, so the last ack of a burst waited for every answer
 * before it.
 *
 * The HTTP edge tells this tracker about each request it hands to Bolt (`enter`, and the returned
 * `leave` once its response is written), as done for its sender (`sender.ts`). A listener that has
 * acked calls `acksBefore()` before its answer: it resolves once every request its sender had handed
 * over before that moment has been answered (acked or refused), or after `maxWaitMs` at the latest.
 * Only the same sender's requests are waited for: a person's burst delays that person's answers,
 * never another person's (whose answer costs the burst's acks a millisecond or two). Without an
 * HTTP edge (Socket Mode, the console) nothing is handed over and `acksBefore()` resolves at once.
 */
import { currentSender } from '../../sender.js';
import { createWaiters } from './waiters.js';

export interface AckOrder {
  /** Counts a request handed over for `sender` (default: the current one); call the returned function once it has been answered. */
  enter(sender?: string): () => void;
  /** Resolves when every request handed over so far for `sender` (default: the current one) has been answered, or after `maxWaitMs`. */
  acksBefore(sender?: string): Promise<void>;
  /** Requests handed over and not yet answered, over every sender. */
  pending(): number;
}

export const DEFAULT_ACK_ORDER_MAX_WAIT_MS = 1_000;

export function createAckOrder(maxWaitMs = DEFAULT_ACK_ORDER_MAX_WAIT_MS): AckOrder {
  let admitted = 0;
  let pending = 0;
  // Per sender, in insertion order, which is admission order: the first is its oldest still open.
  const open = new Map<string, Set<number>>();
  const waiters = createWaiters();

  const oldestOpen = (sender: string): number => {
    for (const seq of open.get(sender) ?? []) return seq;
    return Number.POSITIVE_INFINITY;
  };

  return {
    enter(sender = currentSender()) {
      const seq = ++admitted;
      let mine = open.get(sender);
      if (!mine) open.set(sender, (mine = new Set()));
      mine.add(seq);
      pending += 1;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        pending -= 1;
        mine.delete(seq);
        if (mine.size === 0) open.delete(sender);
        waiters.wake();
      };
    },
    acksBefore(sender = currentSender()) {
      const upTo = admitted;
      return waiters.wait(() => upTo < oldestOpen(sender), maxWaitMs);
    },
    pending: () => pending,
  };
}
