import { describe, expect, it } from 'vitest';
import { dueSlot, latestSlot, nextSlot, previousSlot, timeOf, weekdayOf } from '../../../src/features/reports/schedule.js';
import type { ReportSchedule } from '../../../src/store/report-settings.js';

const weekly: ReportSchedule = { cadence: 'weekly', weekday: 1, time: '09:00', zone: 'Europe/Berlin' };

describe('report schedule', () => {
  it('puts a weekly slot at the zone’s wall-clock time, summer and winter', () => {
    // Wednesday 2026-07-15: the latest Monday 09:00 Berlin (UTC+2) is 07:00Z on the 13th.
    expect(latestSlot(weekly, new Date('2026-07-15T12:00:00Z')).toISOString()).toBe('2026-07-13T07:00:00.000Z');
    // Winter (UTC+1): Monday 2026-11-23 09:00 Berlin is 08:00Z.
    expect(latestSlot(weekly, new Date('2026-11-23T08:00:00Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(latestSlot(weekly, new Date('2026-11-23T07:59:59Z')).toISOString()).toBe('2026-11-16T08:00:00.000Z');
    expect(nextSlot(weekly, new Date('2026-11-23T08:00:00Z')).toISOString()).toBe('2026-11-30T08:00:00.000Z');
    expect(previousSlot(weekly, new Date('2026-11-23T08:00:00Z')).toISOString()).toBe('2026-11-16T08:00:00.000Z');
    // Across the October change (Sunday the 25th): Monday the 26th is already winter time.
    expect(nextSlot(weekly, new Date('2026-10-20T00:00:00Z')).toISOString()).toBe('2026-10-26T08:00:00.000Z');
  });

  it('daily slots in New York', () => {
    const daily: ReportSchedule = { cadence: 'daily', weekday: null, time: '17:30', zone: 'America/New_York' };
    expect(latestSlot(daily, new Date('2026-11-27T23:00:00Z')).toISOString()).toBe('2026-11-27T22:30:00.000Z');
    expect(latestSlot(daily, new Date('2026-11-27T22:00:00Z')).toISOString()).toBe('2026-11-26T22:30:00.000Z');
  });

  it('only the latest slot is due, after the schedule was set and after the last one delivered', () => {
    const settings = { schedule: weekly, setAt: '2026-11-01T00:00:00Z', lastSlot: '2026-11-02T08:00:00.000Z' };
    // Three Mondays passed while down: one slot is due, the latest.
    expect(dueSlot(settings, new Date('2026-11-24T00:00:00Z'))?.toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(dueSlot({ ...settings, lastSlot: '2026-11-23T08:00:00.000Z' }, new Date('2026-11-24T00:00:00Z'))).toBeNull();
    // Set after this week's slot: nothing until next week's.
    expect(dueSlot({ schedule: weekly, setAt: '2026-11-23T10:00:00Z', lastSlot: null }, new Date('2026-11-24T00:00:00Z'))).toBeNull();
    expect(dueSlot({ schedule: null, setAt: '2026-11-01T00:00:00Z', lastSlot: null }, new Date('2026-11-24T00:00:00Z'))).toBeNull();
  });

  it('reads times and weekdays', () => {
    expect(timeOf('9:05')).toBe('09:05');
    expect(timeOf('24:00')).toBeNull();
    expect(weekdayOf('Monday')).toBe(1);
    expect(weekdayOf('mon')).toBe(1);
    expect(weekdayOf('moon')).toBeNull();
  });
});
