/**
 * The one error type of the service boundary.
 *
 * Every failure of a service call (an error envelope, a body that is not what the spec promises, a
 * timeout, a connection failure) reaches callers as a `ServiceError`. The API key is never stored on
 * it, so `String(e)`, `e.stack`, `JSON.stringify(e)` and `util.inspect(e)` cannot leak it.
 */

/** Codes the client itself assigns; every other `code` is the service envelope's own. */
export const CLIENT_ERROR_CODES = {
  unexpectedResponse: 'unexpected_response',
  timeout: 'timeout',
  networkError: 'network_error',
} as const;

export interface ServiceErrorInit {
  code: string;
  status: number | null;
  message: string;
  /** Method and path pattern, e.g. `GET /v1/projects/{projectId}/pricing`. */
  endpoint: string;
  /** The concrete path that was requested, without the query string. */
  path: string;
  retryAfterMs?: number;
  issuePath?: readonly (string | number)[];
  cause?: unknown;
}

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  /**
   * The envelope's `code`, or `unexpected_response`, `timeout`, `network_error`; also
   * `invalid_parameters` with status null when the client refused an empty or dot id unsent.
   */
  readonly code: string;
  /** HTTP status; null when no response arrived. */
  readonly status: number | null;
  readonly endpoint: string;
  readonly path: string;
  /** The wait the service asked for (`Retry-After`), in milliseconds. */
  readonly retryAfterMs: number | undefined;
  /** For `unexpected_response`: where in the body the shape broke (empty for a non-JSON body). */
  readonly issuePath: readonly (string | number)[] | undefined;

  constructor(init: ServiceErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.endpoint = init.endpoint;
    this.path = init.path;
    this.retryAfterMs = init.retryAfterMs;
    this.issuePath = init.issuePath;
  }

  override toString(): string {
    const status = this.status === null ? 'no response' : String(this.status);
    return `ServiceError [${this.code}, ${status}] ${this.endpoint}: ${this.message}`;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      status: this.status,
      message: this.message,
      endpoint: this.endpoint,
      path: this.path,
      retryAfterMs: this.retryAfterMs,
      issuePath: this.issuePath,
    };
  }
}

export function isServiceError(e: unknown): e is ServiceError {
  return e instanceof ServiceError;
}
