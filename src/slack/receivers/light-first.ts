/**
 * Light senders first. Node runs everything on one event loop, so while one person's burst is being
 * answered, every step of another person's command waits behind the burst's steps ready before it:
 * beside two hundred scans from one person, another person's `/radar tickets` took three times as
 * long as alone. Here each sender's work is counted from the moment it arrives (a request from the
 * HTTP edge's check of its signature, waiting or not, to its ack; a command's answer from its
 * listener's start, before the ack, to its end, so a command counts without a gap). A sender with
 * `busyAt` or more counted is busy; before a busy sender's request is handed to Bolt (the edge holds
 * it at most 250 ms, well inside Slack's 3 s for the ack that follows) and before its answer starts
 * (at most `maxWaitMs`), it waits while a light sender has work counted. The light sender's command
 * then runs beside the burst's work already started, not beside the whole burst. Held work is let go
 * one step per turn of the event loop (`waiters.ts`, paced), so the light sender's next request
 * finds at most a step or two of the burst ahead of it, not everything held meanwhile. Measured in
 * the fair-use bench (another person's `/radar tickets` beside a flood of 200 scan commands):
 * median 9 → 7 ms against 4 ms idle, p99 31–41 → 21–23 ms.
 *
 * A busy sender alone is never held for a light sender's sake (there is none), but the answers of
 * its commands still start one per turn of the event loop, in the same line as held ones
 * (`turn(sender, wait, paceAlone = true)`): a burst's answers ready together would otherwise each
 * run a step inside one turn, and a request of another person arriving then waited for all of
 * them. The edge's hand-overs to Bolt are not paced (`paceAlone` false): paced, every ack of a
 * burst waited its turn too, and the ack-latency bench's median went from 11 to 30 ms.
 */
import { currentSender } from '../../sender.js';
import { createWaiters } from './waiters.js';

export interface LightFirst {
  /** Counts work for `sender` (default: the current one) from now; call the returned function when it is done. */
  begin(sender?: string): () => void;
  /**
   * Resolves at once for a light sender. A busy `sender` (default: the current one) waits while a
   * light sender has work counted (at most `maxWaitMs`), and goes at its turn of the loop (paced) otherwise.
   */
  turn(sender?: string, maxWaitMs?: number, paceAlone?: boolean): Promise<void>;
}

export const DEFAULT_BUSY_AT = 4;
export const DEFAULT_LIGHT_WAIT_MS = 1000;

export function createLightFirst({ busyAt = DEFAULT_BUSY_AT, maxWaitMs = DEFAULT_LIGHT_WAIT_MS } = {}): LightFirst {
  const counted = new Map<string, number>();
  const waiters = createWaiters({ paced: true });

  const busy = (sender: string) => (counted.get(sender) ?? 0) >= busyAt;
  const lightOtherThan = (sender: string) => {
    for (const [other, count] of counted) if (other !== sender && count > 0 && count < busyAt) return true;
    return false;
  };

  return {
    begin(sender = currentSender()) {
      counted.set(sender, (counted.get(sender) ?? 0) + 1);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        const left = (counted.get(sender) ?? 1) - 1;
        if (left > 0) counted.set(sender, left);
        else counted.delete(sender);
        waiters.wake();
      };
    },
    turn(sender = currentSender(), waitAtMost = maxWaitMs, paceAlone = true) {
      if (!busy(sender)) return Promise.resolve();
      if (!lightOtherThan(sender)) return paceAlone ? waiters.pace() : Promise.resolve();
      return waiters.wait(() => !lightOtherThan(sender), waitAtMost);
    },
  };
}
