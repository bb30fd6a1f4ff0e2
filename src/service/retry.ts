/**
 * The retry policy of the client: which failures are retried, how long to wait, and the loop itself
 * (p-retry: exponential backoff with jitter, bounded attempts and total time).
 *
 * Every method is retried after a 429 and after a failure that proves nothing was sent (connection
 * refused, connect timeout). Only GET (idempotent) is retried after any 5xx (spec 7: "transient
 * failures (429 and 5xx) are safe to retry"; a plain 500 included) or a connection lost mid-way: a
 * POST, PATCH or DELETE that may have reached the service is never repeated (a ticket must never be
 * created twice). Timeouts after connecting are not retried.
 *
 * On the throttled groups (`budget.ts`) a `Retry-After` is a pause Radar keeps: a wait longer than
 * `maxRetryAfterMs` is not slept (the 429 comes back at once), and background work is never retried
 * after a 429 (its owner reschedules after `retryAfterMs`, so it holds no slot while it waits).
 */
import pRetry from 'p-retry';
import type { Logger } from '../log.js';
import type { Priority } from './budget.js';
import { isServiceError } from './errors.js';
import type { ServiceError } from './errors.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Backoff before the first retry; it doubles each time, with jitter (x1 to x2). */
  minDelayMs: number;
  /** Ceiling of one backoff delay. */
  maxDelayMs: number;
  /** No retry starts once this much time has passed since the first attempt. */
  maxTotalMs: number;
  /** A longer `Retry-After` is cut to this. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 4,
  minDelayMs: 300,
  maxDelayMs: 4_000,
  maxTotalMs: 20_000,
  maxRetryAfterMs: 10_000,
};

/** Any 5xx: a server-side failure a GET may simply be asked again (spec 7). */
const isServerError = (status: number) => status >= 500 && status <= 599;
/** Transport failures that prove the request never left: safe to repeat for every method. */
const NOTHING_SENT = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT']);
/** A connection lost before the answer: the request may have been processed. */
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** The Node or undici `code` of a transport failure (looking inside an AggregateError). */
export function transportCode(cause: unknown): string | undefined {
  if (!cause || typeof cause !== 'object') return undefined;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  const inner = (cause as { errors?: unknown }).errors;
  return Array.isArray(inner) ? transportCode(inner[0]) : undefined;
}

/** Whether a failed call may be attempted again. */
export function isRetryable(error: ServiceError, method: HttpMethod): boolean {
  if (error.status === 429) return true;
  if (error.status !== null) return method === 'GET' && isServerError(error.status);
  const code = transportCode(error.cause);
  if (code === undefined) return false;
  return NOTHING_SENT.has(code) || (method === 'GET' && CONNECTION_LOST.has(code));
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP-date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return undefined;
  if (/^\d+$/.test(raw)) return Number(raw) * 1000;
  if (!/GMT$/i.test(raw)) return undefined;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it succeeds or the policy gives up; the last `ServiceError` is thrown. A
 * `Retry-After` (capped) is waited in full before the usual backoff; when it would outlast the total
 * budget the call gives up at once, so the caller sees the 429 and its `retryAfterMs`.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  context: { policy: RetryPolicy; method: HttpMethod; logger: Logger; priority?: Priority; throttled?: boolean },
): Promise<T> {
  const { policy, method, logger } = context;
  const started = performance.now();
  return pRetry(attempt, {
    retries: Math.max(0, policy.attempts - 1),
    factor: 2,
    minTimeout: policy.minDelayMs,
    maxTimeout: policy.maxDelayMs,
    randomize: true,
    maxRetryTime: policy.maxTotalMs,
    shouldRetry: async ({ error, attemptNumber }) => {
      if (!isServiceError(error) || !isRetryable(error, method)) return false;
      if (error.status === 429 && context.priority === 'background') return false;
      if (error.status === 429 && context.throttled && (error.retryAfterMs ?? 0) > policy.maxRetryAfterMs) return false;
      const waitMs = Math.min(error.retryAfterMs ?? 0, policy.maxRetryAfterMs);
      if (waitMs >= policy.maxTotalMs - (performance.now() - started)) return false;
      logger.warn('service call failed, retrying', {
        endpoint: error.endpoint,
        code: error.code,
        status: error.status,
        attempt: attemptNumber,
        retryAfterMs: waitMs,
      });
      if (waitMs > 0) await sleep(waitMs);
      return true;
    },
  });
}
