/**
 * Acknowledged work, counted for a drain: a Bolt global middleware registered first counts each
 * request from its arrival to the end of its listener (Bolt awaits the listener, answer included).
 * `drain` stops taking new work (the HTTP edge answers 503 and `/healthz` says draining, so a load
 * balancer moves traffic; Socket Mode closes its connection) and waits for what is under way, at
 * most `timeoutMs`; what could not finish is counted in the answer (the caller logs it).
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';

export interface WorkTracker {
  readonly middleware: Middleware<AnyMiddlewareArgs>;
  /** True once a drain has begun: new work is refused. */
  readonly draining: boolean;
  /** Requests under way now. */
  inFlight(): number;
  /** Stops new work and waits up to `timeoutMs` for the work under way; resolves with what is left. */
  drain(timeoutMs: number): Promise<{ unfinished: number }>;
}

export function createWorkTracker(): WorkTracker {
  let inFlight = 0;
  let draining = false;
  const idle: (() => void)[] = [];
  const settle = () => {
    if (inFlight === 0) for (const wake of idle.splice(0)) wake();
  };
  return {
    middleware: async ({ next }) => {
      inFlight += 1;
      try {
        await next();
      } finally {
        inFlight -= 1;
        settle();
      }
    },
    get draining() {
      return draining;
    },
    inFlight: () => inFlight,
    async drain(timeoutMs) {
      draining = true;
      if (inFlight > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => idle.push(resolve)),
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, timeoutMs);
          }),
        ]);
        clearTimeout(timer);
      }
      return { unfinished: inFlight };
    },
  };
}
