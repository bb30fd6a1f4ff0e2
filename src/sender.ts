/**
 * Whom the work under way is for: the person who sent the Slack request it serves (team and user),
 * carried through every await of that request's handling. The HTTP edge sets it when it hands a
 * request to Bolt; the store reads it to give each person's calls their own turn (`lanes.ts`),
 * so one person's burst of commands never queues another person's reads behind it. Work outside a
 * request (pollers, start-up) is the sender ''.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const context = new AsyncLocalStorage<string>();

/** Runs `work` (and everything it awaits) as done for `sender`. */
export function asSender<T>(sender: string, work: () => T): T {
  return context.run(sender, work);
}

/** The sender of the work under way; '' outside a request (pollers, start-up share that one lane). */
export function currentSender(): string {
  return context.getStore() ?? '';
}
