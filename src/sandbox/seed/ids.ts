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
  return new Date(SEED_NOW - days * 86_400_000 - hours * 3_600_000).toISOString();
}

/** The moment the seed data was "taken"; timestamps are laid out before it. */
export const SEED_NOW = Date.UTC(2026, 10, 20, 9, 0, 0);
