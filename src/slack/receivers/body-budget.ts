/**
 * One budget for the bytes of request bodies held before their signature is checked, shared by every
 * request in the process. Each request may hold a small allowance of its own (Slack's payloads are a
 * few kB, so real traffic never draws on the pool); past it, every further byte is borrowed from the
 * pool, and a request that cannot borrow is refused (503, retry shortly) instead of buffered. So a
 * flood of large, unverifiable bodies costs at most `connections x allowance + pool` bytes, however
 * many arrive at once, where a per-request cap alone would allow `connections x cap`.
 */
export interface BodyBudget {
  /** Bytes a request may hold without borrowing. */
  readonly allowance: number;
  /** Borrows `bytes` from the pool; false (nothing borrowed) when the pool cannot cover them. */
  borrow(bytes: number): boolean;
  /** Returns `bytes` borrowed earlier. */
  giveBack(bytes: number): void;
  /** Bytes currently borrowed (for tests and /healthz-style reporting). */
  borrowed(): number;
}

/** Per-request allowance: far above any Slack payload Radar receives (a large modal is ~30 kB). */
export const DEFAULT_BODY_ALLOWANCE_BYTES = 64 * 1024;
/** The shared pool: room for a few legitimate large requests at once. */
export const DEFAULT_BODY_POOL_BYTES = 4 * 1024 * 1024;

export function createBodyBudget(pool = DEFAULT_BODY_POOL_BYTES, allowance = DEFAULT_BODY_ALLOWANCE_BYTES): BodyBudget {
  let out = 0;
  return {
    allowance,
    borrow(bytes) {
      if (out + bytes > pool) return false;
      out += bytes;
      return true;
    },
    giveBack(bytes) {
      out = Math.max(0, out - bytes);
    },
    borrowed: () => out,
  };
}
