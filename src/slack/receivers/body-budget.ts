/**
 * One budget for the bytes of request bodies read before their signature is checked, shared by every
 * request in the process. Each request may read a small allowance of its own (Slack's payloads are a
 * few kB, so real traffic never draws on the pool); past it, every further byte is borrowed from the
 * pool, and a request that cannot borrow is refused (503, retry shortly) instead of read further.
 *
 * A request whose body proves to be Slack's repays at once. One that is refused (too large, wrongly
 * signed) repays only `refusedHoldMs` later: the bytes it made Radar read stay charged for a while,
 * so a flood of large unverifiable bodies is read at most `pool` bytes a second beyond the allowances,
 * however fast it arrives. Each chunk read is memory the garbage collector reclaims only later, so
 * this bound on bytes read, not only on bytes held, is what keeps such a flood from growing RSS.
 */
export interface BodyBudget {
  /** Bytes a request may read without borrowing. */
  readonly allowance: number;
  /** Opens one request's account with the pool. */
  loan(): BodyLoan;
  /** Bytes currently borrowed (for tests and reporting). */
  borrowed(): number;
}

export interface BodyLoan {
  /** Borrows `bytes` more; false (nothing borrowed) when the pool cannot cover them. */
  borrow(bytes: number): boolean;
  /** Bytes this request has borrowed. */
  readonly size: number;
  /** Gives everything borrowed back now (idempotent). */
  repay(): void;
  /** Gives everything borrowed back after the budget's hold for refused requests. */
  repayLater(): void;
}

/** Per-request allowance: far above any Slack payload Radar receives (a large modal is ~30 kB). */
export const DEFAULT_BODY_ALLOWANCE_BYTES = 64 * 1024;
/** The shared pool: room for a few legitimate large requests at once. */
export const DEFAULT_BODY_POOL_BYTES = 4 * 1024 * 1024;
/** How long a refused request's bytes stay charged. */
export const DEFAULT_REFUSED_HOLD_MS = 1_000;

export interface BodyBudgetOptions {
  pool?: number;
  allowance?: number;
  refusedHoldMs?: number;
}

export function createBodyBudget(options: BodyBudgetOptions = {}): BodyBudget {
  const pool = options.pool ?? DEFAULT_BODY_POOL_BYTES;
  const allowance = options.allowance ?? DEFAULT_BODY_ALLOWANCE_BYTES;
  const holdMs = options.refusedHoldMs ?? DEFAULT_REFUSED_HOLD_MS;
  let out = 0;
  return {
    allowance,
    borrowed: () => out,
    loan() {
      let size = 0;
      const repay = () => {
        out = Math.max(0, out - size);
        size = 0;
      };
      return {
        get size() {
          return size;
        },
        borrow(bytes) {
          if (out + bytes > pool) return false;
          out += bytes;
          size += bytes;
          return true;
        },
        repay,
        repayLater() {
          if (size === 0) return;
          setTimeout(repay, holdMs).unref();
        },
      };
    },
  };
}
