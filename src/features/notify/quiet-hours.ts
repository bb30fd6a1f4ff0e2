/**
 * Quiet hours in a person's own time zone (`users.info` tz): a window of the day, `HH:MM`–`HH:MM`,
 * that may span midnight. Read on Radar's clock (`deps.now()`), so tests move time instead of waiting.
 */
import type { QuietHours } from '../../store/follows.js';
import { isTimeOfDay } from '../../store/follows.js';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The time of day at `now` in `tz` (minutes after midnight); UTC when `tz` is null or unknown. */
export function localMinutes(now: Date, tz: string | null): number {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone: tz ?? 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
    const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
    const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
    return hour * 60 + minute;
  } catch {
    return now.getUTCHours() * 60 + now.getUTCMinutes();
  }
}

/** True when `now` falls inside the quiet hours (start included, end excluded), read in `tz`. */
export function isQuiet(now: Date, tz: string | null, quiet: QuietHours | null): boolean {
  if (!quiet) return false;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  const m = localMinutes(now, tz);
  return start < end ? m >= start && m < end : m >= start || m < end;
}

/** `22:00-07:00` (or `22:00–07:00`, `22-7`) as quiet hours; null when it is not one. */
export function parseQuietHours(text: string): QuietHours | null {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*[-–to ]+\s*(\d{1,2})(?::(\d{2}))?$/i.exec(text.trim());
  if (!match) return null;
  const pad = (h: string | undefined, m: string | undefined) => `${(h ?? '0').padStart(2, '0')}:${m ?? '00'}`;
  const start = pad(match[1], match[2]);
  const end = pad(match[3], match[4]);
  if (!isTimeOfDay(start) || !isTimeOfDay(end) || start === end) return null;
  return { start, end };
}

export const quietText = (quiet: QuietHours) => `${quiet.start}–${quiet.end}`;

/** The presets the Home tab offers (value `HH:MM-HH:MM`, or `off`). */
export const QUIET_PRESETS: readonly QuietHours[] = [
  { start: '22:00', end: '07:00' },
  { start: '21:00', end: '08:00' },
  { start: '20:00', end: '09:00' },
  { start: '18:00', end: '09:00' },
  { start: '23:00', end: '08:00' },
];
