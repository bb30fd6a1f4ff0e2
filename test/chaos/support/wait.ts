/** Polling for a condition: chaos tests wait for what happened, never for a fixed time. */
import { WAIT_MS } from '../../support/fake-slack.js';

const POLL_MS = 10;

/**
 * Calls `check` every 10 ms until it returns something other than undefined, and resolves with
 * that; rejects (naming `what`) after `timeoutMs` (by default just under the test's own timeout: a
 * clearer failure, never a bound on how fast Radar must be), or at once if `check` throws or rejects.
 */
export async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Resolves once `count()` has grown by `by` from its value now (e.g. `by` more poll cycles have run). */
export async function waitForMore(count: () => number, by: number, what: string, timeoutMs = WAIT_MS): Promise<void> {
  const target = count() + by;
  await waitFor(() => (count() >= target ? true : undefined), what, timeoutMs);
}
