/**
 * The one error type of the store boundary: the backend cannot be used right now. Thrown (with the
 * backend's own error as `cause`) when Redis is unreachable or does not answer within the command
 * timeout, or when the SQLite file is gone, replaced or read-only. Anything else a store call throws
 * is a bug, not an outage.
 */

export const STORE_FAULTS = [
  /** The backend refused or dropped the connection, or answered that it cannot serve now. */
  'unreachable',
  /** The backend did not answer within the command timeout (a frozen Redis). */
  'timeout',
  /** The SQLite file is no longer at its path. */
  'file_missing',
  /** Another file now sits at the SQLite path (different device or inode). */
  'file_replaced',
  /** The SQLite file (or the backend) refuses writes. */
  'read_only',
  /** The store was closed by this process. */
  'closed',
] as const;
export type StoreFault = (typeof STORE_FAULTS)[number];

export class StoreUnavailableError extends Error {
  constructor(
    readonly fault: StoreFault,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return error instanceof StoreUnavailableError;
}
