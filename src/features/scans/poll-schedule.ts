/**
 * When to poll a scan next (spec 4.7: every 2 to 5 seconds). The delay starts at `scanPollMinMs`,
 * grows by half each poll towards `scanPollMaxMs`, and is jittered so that hundreds of scans
 * started together spread out instead of polling in lockstep. A `Retry-After` wins when longer.
 */
import type { Timing } from '../../timing.js';

const GROWTH = 1.5;
/** The delay varies by up to this fraction either way. */
const JITTER = 0.2;

export type PollTiming = Pick<Timing, 'scanPollMinMs' | 'scanPollMaxMs'>;

/** Milliseconds before poll number `pollCount + 1`; `random` returns [0, 1) (injectable for tests). */
export function nextPollDelay(pollCount: number, timing: PollTiming, random: () => number = Math.random): number {
  const { scanPollMinMs: min, scanPollMaxMs: max } = timing;
  const base = Math.min(max, min * GROWTH ** Math.max(0, pollCount));
  const jittered = base * (1 + JITTER * (2 * random() - 1));
  return Math.round(Math.min(max, Math.max(min, jittered)));
}

/** The delay after a 429: what the service asked for, never less than the usual delay. */
export function delayAfterRateLimit(retryAfterMs: number | undefined, usual: number): number {
  return Math.max(usual, retryAfterMs ?? 0);
}
