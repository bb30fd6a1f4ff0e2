/**
 * Acknowledged work, counted for a drain: a Bolt global middleware registered first counts each
 * request from its arrival to the end of its listener (Bolt awaits the listener, answer included).
 * `drain` stops taking new work (the HTTP edge answers 503 and `/healthz` says draining, so a load
 * balancer moves traffic; Socket Mode closes its connection) and waits for what is under way, at
 * most `timeoutMs`; what could not finish is counted in the answer (the caller logs it).
 *
 * Acknowledged work is bounded per person and overall: past `maxInFlightPerPerson` requests of
 * one person under way (commands, actions, shortcuts, submissions: `senderOf`), or `maxInFlight`
 * of everyone's, a new one is answered at once with one sentence ("Radar is busy; try again in
 * 5 s.") and not taken, so memory stays flat under any burst, and one person's slow commands never
 * take the others' room. Fair use's limits (`request-limits.ts`) bound how many a person starts a
 * window; this bounds how many wait at once, however slow the service answers.
 */
import type { AllMiddlewareArgs, AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { answerRefusal, senderOf } from './request-limits.js';

/** Requests under way at once by default; past it a new one is answered "Radar is busy" at once. */
export const DEFAULT_MAX_IN_FLIGHT = 200;
/** One person's requests under way at once by default; past it their next is answered "Radar is busy". */
export const DEFAULT_MAX_IN_FLIGHT_PER_PERSON = 10;
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

export function createWorkTracker({
  maxInFlight = DEFAULT_MAX_IN_FLIGHT,
  maxInFlightPerPerson = DEFAULT_MAX_IN_FLIGHT_PER_PERSON,
  onBusy = () => undefined,
}: {
  maxInFlight?: number;
  maxInFlightPerPerson?: number;
  /** Told each refusal: by everyone's bound, or by one person's. */
  onBusy?: (by: 'overall' | 'person') => void;
} = {}): WorkTracker {
  let inFlight = 0;
  // Requests under way per person (team:user); a person with none has no entry.
  const perPerson = new Map<string, number>();
  let draining = false;
  const idle: (() => void)[] = [];
  const settle = () => {
    if (inFlight === 0) for (const wake of idle.splice(0)) wake();
  };
  return {
    middleware: async (args) => {
      const { next } = args;
      const who = senderOf(args.body as Record<string, unknown>);
      const person = who ? `${who.team}:${who.user}` : null;
      const theirs = person ? (perPerson.get(person) ?? 0) : 0;
      const by = inFlight >= maxInFlight ? 'overall' : person && theirs >= maxInFlightPerPerson ? 'person' : null;
      if (by) {
        onBusy(by);
        await answerRefusal(args as AnyMiddlewareArgs & AllMiddlewareArgs, BUSY).catch(() => undefined);
        return;
      }
      inFlight += 1;
      if (person) perPerson.set(person, theirs + 1);
      try {
        await next();
      } finally {
        inFlight -= 1;
        if (person) {
          const left = (perPerson.get(person) ?? 1) - 1;
          if (left > 0) perPerson.set(person, left);
          else perPerson.delete(person);
        }
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
