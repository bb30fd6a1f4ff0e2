/**
 * When a report is due: a schedule is a wall-clock time (daily, or on one weekday) in an IANA time
 * zone, turned into instants with the platform's own zone data (Intl), daylight-saving changes
 * included. The slot due now is the latest one at or before now, so after downtime only one slot is
 * due however many passed (one catch-up report, never a burst).
 */
import type { ReportSchedule, ReportSettings } from '../../store/report-settings.js';

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const DAY_MS = 86_400_000;

/** The zone's canonical name, or null when the platform does not know it. */
export function canonicalZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallParts(zone: string, t: number): { y: number; m: number; d: number; hh: number; mm: number; ss: number } {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, f);
  }
  const parts = f.formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: get('year'), m: get('month') - 1, d: get('day'), hh: get('hour') % 24, mm: get('minute'), ss: get('second') };
}

/** The zone's offset from UTC at instant `t`, in milliseconds (local wall time minus UTC). */
function offsetAt(zone: string, t: number): number {
  const p = wallParts(zone, t);
  return Date.UTC(p.y, p.m, p.d, p.hh, p.mm, p.ss) - Math.floor(t / 1000) * 1000;
}

/** The instant a local day's wall-clock time is in `zone` (a time skipped by a clock change lands just after the change). */
function zonedInstant(zone: string, y: number, m: number, d: number, hh: number, mm: number): number {
  const wall = Date.UTC(y, m, d, hh, mm);
  const first = wall - offsetAt(zone, wall);
  return wall - offsetAt(zone, first);
}

function hoursMinutes(time: string): [number, number] {
  const [h, m] = time.split(':').map(Number);
  return [h ?? 0, m ?? 0];
}

/** Candidate slots around `at`, from `fromDay` to `toDay` days off its local day, in order. */
function* slotsAround(schedule: ReportSchedule, at: number, days: number[]): Generator<number> {
  const local = wallParts(schedule.zone, at);
  const [hh, mm] = hoursMinutes(schedule.time);
  for (const k of days) {
    const day = new Date(Date.UTC(local.y, local.m, local.d + k));
    if (schedule.cadence === 'weekly' && day.getUTCDay() !== schedule.weekday) continue;
    yield zonedInstant(schedule.zone, day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hh, mm);
  }
}

/** The latest slot at or before `now`. */
export function latestSlot(schedule: ReportSchedule, now: Date): Date {
  for (const t of slotsAround(schedule, now.getTime(), [1, 0, -1, -2, -3, -4, -5, -6, -7, -8])) if (t <= now.getTime()) return new Date(t);
  return new Date(now.getTime() - 7 * DAY_MS);
}

/** The first slot after `now`. */
export function nextSlot(schedule: ReportSchedule, now: Date): Date {
  for (const t of slotsAround(schedule, now.getTime(), [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8])) if (t > now.getTime()) return new Date(t);
  return new Date(now.getTime() + 7 * DAY_MS);
}

/** The slot before `slot`: where a first report's "since" starts. */
export function previousSlot(schedule: ReportSchedule, slot: Date): Date {
  return latestSlot(schedule, new Date(slot.getTime() - 1));
}

/**
 * The slot due for a channel at `now`: the latest slot, when it is after the schedule was set and
 * after the last slot delivered; else null.
 */
export function dueSlot(settings: Pick<ReportSettings, 'schedule' | 'setAt' | 'lastSlot'>, now: Date): Date | null {
  if (!settings.schedule) return null;
  const slot = latestSlot(settings.schedule, now);
  if (slot.getTime() <= Date.parse(settings.setAt)) return null;
  if (settings.lastSlot !== null && slot.getTime() <= Date.parse(settings.lastSlot)) return null;
  return slot;
}

/** Where a report made at `until` starts: the last report's end, else one period back (a week when no schedule is set). */
export function sinceOf(settings: Pick<ReportSettings, 'schedule' | 'lastReportAt'> | undefined, until: Date): Date {
  if (settings?.lastReportAt) return new Date(settings.lastReportAt);
  const period = settings?.schedule?.cadence === 'daily' ? DAY_MS : 7 * DAY_MS;
  return new Date(until.getTime() - period);
}

/** "weekly on Monday at 09:00 Europe/Berlin", "daily at 09:00 UTC". */
export function scheduleText(schedule: ReportSchedule): string {
  const day = schedule.cadence === 'weekly' && schedule.weekday !== null ? ` on ${WEEKDAY_NAMES[schedule.weekday]}` : '';
  return `${schedule.cadence}${day} at ${schedule.time} ${schedule.zone}`;
}

/** `9:00`, `09:00` -> `09:00`; null when not a time of day. */
export function timeOf(word: string): string | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(word);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, '0')}:${m[2]}`;
}

/** `mon`, `Monday`, `MON` -> 1; null when not a weekday. */
export function weekdayOf(word: string): number | null {
  const w = word.toLowerCase().slice(0, 3);
  const i = (WEEKDAYS as readonly string[]).indexOf(w);
  if (i < 0) return null;
  return WEEKDAY_NAMES[i]!.toLowerCase().startsWith(word.toLowerCase()) ? i : null;
}
