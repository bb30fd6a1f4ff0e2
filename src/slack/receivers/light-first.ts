/**
 * Light senders first. Node runs everything on one event loop, so while one person's burst is being
 * answered, every step of another person's command waits behind the burst's steps ready before it:
 * beside two hundred scans from one person, another person's `/radar tickets` took three times as
 * long as alone. Here each sender's work under way is counted (a request from its hand-over to its
 * ack, a command's answer from its start to its end). A sender with `busyAt` or more under way is
 * busy; before a busy sender starts another answer it waits while a light sender has work under
 * way, at most `maxWaitMs`. The light sender's command then runs beside the burst's work already
 * started, not beside the whole burst. Acks are never held (Slack's 3 s: a busy sender held at
 * every hand-over could be acked forty times a second), and a sender alone is never held.
 */
import { currentSender } from '../../sender.js';
import { createWaiters } from './waiters.js';

export interface LightFirst {
  /** Counts work under way for `sender` (default: the current one); call the returned function when it is done. */
  begin(sender?: string): () => void;
  /** Resolves at once unless `sender` (default: the current one) is busy while a light sender has work under way. */
  turn(sender?: string): Promise<void>;
}

export const DEFAULT_BUSY_AT = 4;
export const DEFAULT_LIGHT_WAIT_MS = 100;

export function createLightFirst({ busyAt = DEFAULT_BUSY_AT, maxWaitMs = DEFAULT_LIGHT_WAIT_MS } = {}): LightFirst {
  const underWay = new Map<string, number>();
  const waiters = createWaiters();

  const busy = (sender: string) => (underWay.get(sender) ?? 0) >= busyAt;
  const lightOtherThan = (sender: string) => {
    for (const [other, count] of underWay) if (other !== sender && count > 0 && count < busyAt) return true;
    return false;
  };

  return {
    begin(sender = currentSender()) {
      underWay.set(sender, (underWay.get(sender) ?? 0) + 1);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        const left = (underWay.get(sender) ?? 1) - 1;
        if (left > 0) underWay.set(sender, left);
        else underWay.delete(sender);
        waiters.wake();
      };
    },
    turn(sender = currentSender()) {
      if (!busy(sender)) return Promise.resolve();
      return waiters.wait(() => !lightOtherThan(sender), maxWaitMs);
    },
  };
}
