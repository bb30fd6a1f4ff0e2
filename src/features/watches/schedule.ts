/**
 * A channel's watch times (issue 30): quiet hours and the daily digest's time, `HH:MM` in an IANA zone
 * (null: UTC), worked out with Intl (the zone's offset at each instant, so summer time moves with it)
 * and date-fns for calendar days. Every time is a function of the stored schedule and the instant
 * asked about, so every replica, and a restarted one, agrees on when quiet hours end and which day's
 * digest is due.
 */
import { addDays } from 'date-fns';
import type { WatchSchedule } from '../../store/watches.js';

const HHMM = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of `HH:MM` (or `H:MM`); null when it is not a time of day. */
export function minutesOf(text: string): number | null {
  const m = HHMM.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** `HH:MM` of minutes after midnight. */
export const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** True when `zone` is an IANA time zone this runtime knows. */
export function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formats.set(zone, f);
  }
  return f;
}

interface LocalTime {
  /** The local calendar day at UTC midnight (for date-fns day arithmetic). */
  day: Date;
  minutes: number;
}

/** The local day and minute of `at` in `zone`. */
export function localTime(at: Date, zone: string | null): LocalTime {
  if (zone === null) return { day: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())), minutes: at.getUTCHours() * 60 + at.getUTCMinutes() };
  const parts = Object.fromEntries(formatIn(zone).formatToParts(at).map((p) => [p.type, p.value]));
  return { day: new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day))), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The zone's offset from UTC at `at`, in ms. */
function offsetAt(at: number, zone: string | null): number {
  if (zone === null) return 0;
  const parts = Object.fromEntries(formatIn(zone).formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - (at - (at % 1000));
}

/** The instant of local `minutes` on local `day` in `zone` (a time skipped by a clock change lands just after it). */
export function instantOf(day: Date, minutes: number, zone: string | null): Date {
  const wall = day.getTime() + minutes * 60_000;
  let guess = wall - offsetAt(wall, zone);
  guess = wall - offsetAt(guess, zone);
  return new Date(guess);
}

/** True when `at` is inside the quiet hours (from inclusive, to exclusive; a window may span midnight). */
export function inQuiet(schedule: Pick<WatchSchedule, 'quiet' | 'zone'>, at: Date): boolean {
  if (!schedule.quiet) return false;
  const from = minutesOf(schedule.quiet.from);
  const to = minutesOf(schedule.quiet.to);
  if (from === null || to === null || from === to) return false;
  const { minutes } = localTime(at, schedule.zone);
  return from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}

/** The first instant after `at` when the quiet hours end (local `to`); null without quiet hours. */
export function quietEnd(schedule: Pick<WatchSchedule, 'quiet' | 'zone'>, at: Date): Date | null {
  const to = schedule.quiet ? minutesOf(schedule.quiet.to) : null;
  if (to === null) return null;
  const { day } = localTime(at, schedule.zone);
  const today = instantOf(day, to, schedule.zone);
  return today.getTime() > at.getTime() ? today : instantOf(addDays(day, 1), to, schedule.zone);
}

/** The latest daily digest time at or before `at` (local `digestAt`, 09:00 when unreadable). */
export function lastDigestSlot(schedule: Pick<WatchSchedule, 'digestAt' | 'zone'>, at: Date): Date {
  const minutes = minutesOf(schedule.digestAt) ?? 9 * 60;
  const { day } = localTime(at, schedule.zone);
  const today = instantOf(day, minutes, schedule.zone);
  return today.getTime() <= at.getTime() ? today : instantOf(addDays(day, -1), minutes, schedule.zone);
}
