/**
 * Fair use of one API key (spec 8: "free-tool and ticket endpoints are limited per API key (429);
 * the core resource endpoints are not throttled").
 *
 * - Groups: every request belongs to `tools` (`/v1/tools/*`), `tickets` (`/v1/projects/{id}/tickets…`)
 *   or `core` (everything else, never gated).
 * - A pause per throttled group: after a 429, no request of that group is sent until its
 *   `Retry-After` has passed (the clock is the client's `now`); a request that would have to wait
 *   is refused unsent with a `RateLimitHold` (a 429 `ServiceError` carrying the time left), which
 *   the retry loop waits out when it fits the caller's budget, and otherwise hands to the caller.
 * - Priority: a request is `interactive` (a person is waiting) unless it runs inside
 *   `runInBackground` (the background limiter, `src/limiter.ts`, wraps every task in it). Each
 *   throttled group has a concurrency gate; interactive requests are let in before any waiting
 *   background one, and background requests never hold the gate's last slot, so a person's request
 *   never queues behind polls.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ServiceError } from './errors.js';

export type Priority = 'interactive' | 'background';
export type EndpointGroup = 'tools' | 'tickets' | 'core';
export const THROTTLED_GROUPS = ['tools', 'tickets'] as const;
export type ThrottledGroup = (typeof THROTTLED_GROUPS)[number];

const priorityContext = new AsyncLocalStorage<Priority>();

/** Runs `task` with every service request it makes marked as background work. */
export function runInBackground<T>(task: () => Promise<T>): Promise<T> {
  return priorityContext.run('background', task);
}

/** Runs `task` with every service request it makes marked as interactive (the default). */
export function runInteractive<T>(task: () => Promise<T>): Promise<T> {
  return priorityContext.run('interactive', task);
}

/** The priority of a request made now: background inside `runInBackground`, else interactive. */
export function currentPriority(): Priority {
  return priorityContext.getStore() ?? 'interactive';
}

/** Which budget a concrete request path (`/v1/...`, no query) draws on. */
export function endpointGroup(path: string): EndpointGroup {
  if (path.startsWith('/v1/tools/')) return 'tools';
  if (/^\/v1\/projects\/[^/]+\/tickets(\/|$)/.test(path)) return 'tickets';
  return 'core';
}

/** A request Radar did not send: the service's `Retry-After` for its group is still in force. */
export class RateLimitHold extends ServiceError {
  /** The group whose pause held the request back. */
  readonly group: ThrottledGroup;

  constructor(init: { group: ThrottledGroup; retryAfterMs: number; endpoint: string; path: string }) {
    super({
      code: 'rate_limit_exceeded',
      status: 429,
      message: `not sent: the service asked Radar to wait before more ${init.group} requests (${Math.ceil(init.retryAfterMs / 1000)} s left)`,
      endpoint: init.endpoint,
      path: init.path,
      retryAfterMs: init.retryAfterMs,
    });
    this.group = init.group;
  }
}

export function isRateLimitHold(error: unknown): error is RateLimitHold {
  return error instanceof RateLimitHold;
}

export interface BudgetOptions {
  /** Requests of one throttled group in flight at once (default 4); background work may use all but one. */
  concurrency?: number;
  /** The pause after a 429 without a readable `Retry-After` (default 1 s). */
  defaultPauseMs?: number;
  now(): number;
}

export interface BudgetSnapshot {
  group: ThrottledGroup;
  inFlight: number;
  waiting: { interactive: number; background: number };
  /** Milliseconds of pause left (0 when none). */
  pausedForMs: number;
}

export interface KeyBudget {
  /**
   * Sends `send` when the group may: refuses at once with a `RateLimitHold` while the group is
   * paused, otherwise waits its turn at the gate (interactive first). Core requests go straight on.
   */
  run<T>(group: EndpointGroup, priority: Priority, ctx: { endpoint: string; path: string }, send: () => Promise<T>): Promise<T>;
  /** Records a 429 of the group: nothing more of it is sent for `retryAfterMs` (or the default). */
  pause(group: EndpointGroup, retryAfterMs: number | undefined): void;
  /** For tests, logs and `/radar status`. */
  snapshot(group: ThrottledGroup): BudgetSnapshot;
}

export const DEFAULT_GROUP_CONCURRENCY = 4;
const DEFAULT_PAUSE_MS = 1_000;

interface Gate {
  inFlight: number;
  backgroundInFlight: number;
  interactive: (() => void)[];
  background: (() => void)[];
  pausedUntil: number;
}

export function createKeyBudget(options: BudgetOptions): KeyBudget {
  const max = options.concurrency ?? DEFAULT_GROUP_CONCURRENCY;
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`a group's concurrency must be a whole number of at least 1, got ${max}`);
  /** Background work keeps one slot free for people (when there is more than one). */
  const backgroundMax = Math.max(1, max - 1);
  const defaultPauseMs = options.defaultPauseMs ?? DEFAULT_PAUSE_MS;
  const gates: Record<ThrottledGroup, Gate> = {
    tools: { inFlight: 0, backgroundInFlight: 0, interactive: [], background: [], pausedUntil: 0 },
    tickets: { inFlight: 0, backgroundInFlight: 0, interactive: [], background: [], pausedUntil: 0 },
  };

  const mayEnter = (gate: Gate, priority: Priority) =>
    priority === 'interactive'
      ? gate.inFlight < max
      : gate.inFlight < max && gate.backgroundInFlight < backgroundMax && gate.interactive.length === 0;

  const take = (gate: Gate, priority: Priority) => {
    gate.inFlight += 1;
    if (priority === 'background') gate.backgroundInFlight += 1;
  };

  /** Hands free slots to whoever waits: every waiting interactive request first, then background ones, in order. */
  const admit = (gate: Gate) => {
    while (gate.interactive.length > 0 && mayEnter(gate, 'interactive')) {
      take(gate, 'interactive');
      gate.interactive.shift()?.();
    }
    while (gate.background.length > 0 && mayEnter(gate, 'background')) {
      take(gate, 'background');
      gate.background.shift()?.();
    }
  };

  const enter = async (gate: Gate, priority: Priority): Promise<void> => {
    const queue = priority === 'interactive' ? gate.interactive : gate.background;
    if (queue.length === 0 && mayEnter(gate, priority)) {
      take(gate, priority);
      return;
    }
    await new Promise<void>((resolve) => {
      queue.push(resolve);
      admit(gate);
    });
  };

  const leave = (gate: Gate, priority: Priority) => {
    gate.inFlight -= 1;
    if (priority === 'background') gate.backgroundInFlight -= 1;
    admit(gate);
  };

  const holdIfPaused = (gate: Gate, group: ThrottledGroup, ctx: { endpoint: string; path: string }) => {
    const left = gate.pausedUntil - options.now();
    if (left > 0) throw new RateLimitHold({ group, retryAfterMs: left, ...ctx });
  };

  return {
    async run(group, priority, ctx, send) {
      if (group === 'core') return send();
      const gate = gates[group];
      holdIfPaused(gate, group, ctx);
      await enter(gate, priority);
      try {
        // A 429 may have arrived while this request waited its turn.
        holdIfPaused(gate, group, ctx);
        return await send();
      } finally {
        leave(gate, priority);
      }
    },
    pause(group, retryAfterMs) {
      if (group === 'core') return;
      const gate = gates[group];
      gate.pausedUntil = Math.max(gate.pausedUntil, options.now() + (retryAfterMs ?? defaultPauseMs));
    },
    snapshot(group) {
      const gate = gates[group];
      return {
        group,
        inFlight: gate.inFlight,
        waiting: { interactive: gate.interactive.length, background: gate.background.length },
        pausedForMs: Math.max(0, gate.pausedUntil - options.now()),
      };
    },
  };
}
