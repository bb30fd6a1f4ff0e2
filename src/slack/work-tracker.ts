/**
 * Acknowledged work, counted for a drain: a Bolt global middleware registered first counts each
 * request from its arrival to the end of its listener (Bolt awaits the listener, answer included).
 * `drain` stops taking new work (the HTTP edge answers 503 and `/healthz` says draining, so a load
 * balancer moves traffic; Socket Mode closes its connection) and waits for what is under way, at
 * most `timeoutMs`; what could not finish is counted in the answer (the caller logs it).
 *
 * Acknowledged work is bounded: past `maxInFlight` requests under way (per person, fair use's
 * limits bound it already), a new one is answered at once with one sentence ("Radar is busy; try
 * again in 5 s.") and not taken, so memory stays flat under any burst.
 */
import type { AllMiddlewareArgs, AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { answerRefusal } from './request-limits.js';

/** Requests under way at once by default; past it a new one is answered "Radar is busy" at once. */
export const DEFAULT_MAX_IN_FLIGHT = 200;
/** The wait a busy answer names. */
const BUSY_RETRY_S = 5;
export const BUSY = `Radar is busy; try again in ${BUSY_RETRY_S} s.`;

export interface WorkTracker {
  readonly middleware: Middleware<AnyMiddlewareArgs>;
  /** True once a drain has begun: new work is refused. */
  readonly draining: boolean;
  /** Requests under way now. */
  inFlight(): number;
  /** Stops new work and waits up to `timeoutMs` for the work under way; resolves with what is left. */
  drain(timeoutMs: number): Promise<{ unfinished: number }>;
}

export function createWorkTracker({ maxInFlight = DEFAULT_MAX_IN_FLIGHT, onBusy = () => undefined }: { maxInFlight?: number; onBusy?: () => void } = {}): WorkTracker {
  let inFlight = 0;
  let draining = false;
  const idle: (() => void)[] = [];
  const settle = () => {
    if (inFlight === 0) for (const wake of idle.splice(0)) wake();
  };
  return {
    middleware: async (args) => {
      const { next } = args;
      if (inFlight >= maxInFlight) {
        onBusy();
        await answerRefusal(args as AnyMiddlewareArgs & AllMiddlewareArgs, BUSY).catch(() => undefined);
        return;
      }
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
