import { createHash } from 'node:crypto';

/** Run ids are `run_` + 12 lower-case hex digits; check ids `chk_` + 12. Anything else is malformed. */
export const RUN_ID_PATTERN = /^run_[0-9a-f]{12}$/;
export const CHECK_ID_PATTERN = /^chk_[0-9a-f]{12}$/;

/** A stable id: `prefix_` + 12 hex digits derived from `key`, so seeds read the same on every start. */
export function hexId(prefix: 'run' | 'chk' | 'scan' | 'chg', key: string): string {
  return `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}

/** An ISO timestamp `days` days (and `hours` hours) before the seed's reference moment. */
export function daysAgo(days: number, hours = 0): string {
  return new Date(anchor - days * 86_400_000 - hours * 3_600_000).toISOString();
}

/** The fixed moment seed data is laid out before when no sandbox clock is given (ids never depend on it). */
export const SEED_NOW = Date.UTC(2026, 10, 20, 9, 0, 0);

let anchor = SEED_NOW;

/**
 * Builds seed data laid out before `now` (epoch ms; the sandbox clock's reading), so a sandbox started
 * today shows a run under way that started minutes ago and editions dated days ago, whatever the date.
 * Seed builders are synchronous; the anchor is restored when `build` returns.
 */
export function withSeedClock<T>(now: number, build: () => T): T {
  const previous = anchor;
  anchor = now;
  try {
    return build();
  } finally {
    anchor = previous;
  }
}
