import { SandboxHttpError } from '../types.js';

const WINDOW_MS = 60_000;

/**
 * A fixed one-minute window per key on the sandbox clock. Past the limit a call answers 429
 * `rate_limit_exceeded` with `Retry-After` in whole seconds until the window ends.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {}

  /** Counts one call for the key, or throws the 429 when its window is full. */
  take(keyId: string): void {
    const now = this.now();
    const start = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    const window = this.windows.get(keyId);
    if (!window || window.start !== start) {
      this.windows.set(keyId, { start, count: 1 });
      return;
    }
    if (window.count >= this.perMinute) {
      const retryAfter = Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000));
      throw new SandboxHttpError(429, 'rate_limit_exceeded', `Rate limit of ${this.perMinute} requests a minute exceeded`, {
        'retry-after': String(retryAfter),
      });
    }
    window.count += 1;
  }

  clear(): void {
    this.windows.clear();
  }
}
