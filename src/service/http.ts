/**
 * One service call over undici: build the URL, send with the key header, read the body, map every
 * failure to a `ServiceError`, validate a 2xx body with its zod schema, and retry per the policy.
 */
import { Pool, request } from 'undici';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import type { Logger } from '../log.js';
import { currentPriority, endpointGroup, isRateLimitHold } from './budget.js';
import type { KeyBudget } from './budget.js';
import { pauseKeyId, type SharedPauses } from './shared-pauses.js';
import { CLIENT_ERROR_CODES, isServiceError, ServiceError } from './errors.js';
import { parseRetryAfter, transportCode, withRetry } from './retry.js';
import type { HttpMethod, RetryPolicy } from './retry.js';
import { errorEnvelopeSchema } from './schemas/common.js';
import { encodeQuery, expandPath, normaliseBaseUrl } from './url.js';
import type { QueryValue } from './url.js';

export interface Timeouts {
  /** Establishing the TCP connection; applies to the pool the client creates, not to a passed dispatcher. */
  connectMs: number;
  /** From sending the request until the response headers arrive. */
  headersMs: number;
  /** Longest silence while the body streams in. */
  bodyMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 5_000, headersMs: 15_000, bodyMs: 15_000 };

export interface HttpOptions {
  /** The key's budget on the throttled groups (pauses after 429, priority gates). */
  budget: KeyBudget;
  baseUrl: string;
  apiKey: string;
  dispatcher: Dispatcher | undefined;
  retry: RetryPolicy | false;
  logger: Logger;
  timeouts: Timeouts;
  userAgent: string;
  now(): Date;
  /** The key's 429 pauses shared with every other client of it (other replicas); absent: this client's alone. */
  pauses?: SharedPauses;
}

/** A call: the method, the `/v1/...` pattern with `{name}` segments, and what fills it. */
export interface ServiceRequest {
  method: HttpMethod;
  pattern: string;
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
}

export interface Http {
  call<S extends z.ZodType>(req: ServiceRequest, schema: S): Promise<z.output<S>>;
  close(): Promise<void>;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

interface CallContext {
  endpoint: string;
  path: string;
}

function transportFailure(cause: unknown, status: number | null, ctx: CallContext): ServiceError {
  const code = transportCode(cause) ?? 'unknown';
  const timedOut = TIMEOUT_CODES.has(code);
  return new ServiceError({
    code: timedOut ? CLIENT_ERROR_CODES.timeout : CLIENT_ERROR_CODES.networkError,
    status,
    message: timedOut ? `the service did not answer in time (${code})` : `the service could not be reached (${code})`,
    ...ctx,
    cause,
  });
}

function unexpected(
  message: string,
  status: number,
  ctx: CallContext,
  extra: { issuePath?: (string | number)[]; cause?: unknown; retryAfterMs?: number | undefined } = {},
): ServiceError {
  return new ServiceError({ code: CLIENT_ERROR_CODES.unexpectedResponse, status, message, issuePath: [], ...ctx, ...extra });
}

/** The path of the first zod issue, as plain strings and numbers. */
function firstIssuePath(error: z.ZodError): (string | number)[] {
  return (error.issues[0]?.path ?? []).map((p) => (typeof p === 'number' ? p : String(p)));
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error };
  }
}

function errorResponse(status: number, text: string, retryAfterMs: number | undefined, ctx: CallContext): ServiceError {
  const json = parseJson(text);
  if (!json.ok) {
    return unexpected(`HTTP ${status} with a body that is not JSON`, status, ctx, { cause: json.error, retryAfterMs });
  }
  const envelope = errorEnvelopeSchema.safeParse(json.value);
  if (!envelope.success) {
    const issuePath = firstIssuePath(envelope.error);
    return unexpected(`HTTP ${status} without the error envelope`, status, ctx, { issuePath, cause: envelope.error, retryAfterMs });
  }
  const { code, message } = envelope.data.error;
  return new ServiceError({ code, status, message, retryAfterMs, ...ctx });
}

function successBody<S extends z.ZodType>(status: number, text: string, schema: S, ctx: CallContext): z.output<S> {
  const json = parseJson(text);
  if (!json.ok) throw unexpected(`HTTP ${status} with a body that is not JSON`, status, ctx, { cause: json.error });
  const parsed = schema.safeParse(json.value);
  if (parsed.success) return parsed.data;
  const issuePath = firstIssuePath(parsed.error);
  const where = issuePath.length === 0 ? 'the top level' : issuePath.join('.');
  const detail = parsed.error.issues[0]?.message ?? 'invalid';
  throw unexpected(`response does not match the contract at ${where}: ${detail}`, status, ctx, { issuePath, cause: parsed.error });
}

/** Creates the HTTP layer; it owns (and closes) a keep-alive pool unless a dispatcher is passed. */
export function createHttp(options: HttpOptions): Http {
  const { origin, root } = normaliseBaseUrl(options.baseUrl);
  const ownsDispatcher = options.dispatcher === undefined;
  let closing: Promise<void> | undefined;
  const dispatcher: Dispatcher = options.dispatcher ?? new Pool(origin, { connect: { timeout: options.timeouts.connectMs } });
  const { apiKey, timeouts, logger, budget, pauses } = options;
  const pauseId = pauses ? pauseKeyId(apiKey) : '';
  /** The service's own words go on errors; the key must not, even if the service echoed it. */
  const redact = (text: string) => (apiKey === '' ? text : text.split(apiKey).join('[redacted]'));

  async function attempt<S extends z.ZodType>(req: ServiceRequest, schema: S, ctx: CallContext, url: string) {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': options.userAgent,
    };
    // No key (OAuth mode without SVC_API_KEY): no header, for the health endpoint that needs none.
    if (apiKey !== '') headers['svc-api-key'] = apiKey;
    if (req.body !== undefined) headers['content-type'] = 'application/json';

    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        dispatcher,
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        headersTimeout: timeouts.headersMs,
        bodyTimeout: timeouts.bodyMs,
      });
    } catch (cause) {
      throw transportFailure(cause, null, ctx);
    }

    const status = response.statusCode;
    let text: string;
    try {
      text = await response.body.text();
    } catch (cause) {
      throw transportFailure(cause, status, ctx);
    }
    if (status >= 400) {
      throw errorResponse(status, redact(text), parseRetryAfter(response.headers['retry-after'], options.now().getTime()), ctx);
    }
    if (status < 200 || status >= 300) throw unexpected(`unexpected HTTP ${status}`, status, ctx);
    return successBody(status, text, schema, ctx);
  }

  return {
    async call(req, schema) {
      const endpoint = `${req.method} ${req.pattern}`;
      let path: string;
      try {
        path = expandPath(req.pattern, req.params);
      } catch (cause) {
        // Refused before sending, in the words the service uses for a malformed parameter.
        const message = cause instanceof Error ? cause.message : String(cause);
        throw new ServiceError({ code: 'invalid_parameters', status: null, message, endpoint, path: req.pattern, cause });
      }
      const ctx: CallContext = { endpoint, path };
      const url = root + path + encodeQuery(req.query);
      const group = endpointGroup(path);
      const priority = currentPriority();
      const once = async () => {
        // Another client of the key (another replica) may have been told to wait: its pause holds here too.
        if (pauses && group !== 'core') {
          const left = await pauses.pausedFor(pauseId, group);
          if (left > 0) budget.pause(group, left);
        }
        try {
          return await budget.run(group, priority, ctx, () => attempt(req, schema, ctx, url));
        } catch (error) {
          // The service's 429 pauses the whole group, not just this request (and, shared, on every replica).
          if (isServiceError(error) && error.status === 429 && !isRateLimitHold(error)) {
            budget.pause(group, error.retryAfterMs);
            if (pauses && group !== 'core') await pauses.pause(pauseId, group, budget.snapshot(group).pausedForMs);
          }
          throw error;
        }
      };
      if (options.retry === false) return once();
      return withRetry(once, { policy: options.retry, method: req.method, logger, priority, throttled: group !== 'core' });
    },
    async close() {
      if (!ownsDispatcher) return;
      closing ??= dispatcher.close();
      await closing;
    },
  };
}
