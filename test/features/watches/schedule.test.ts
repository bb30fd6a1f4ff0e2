/** Quiet hours and the digest time in a zone (src/features/watches/schedule.ts): plain instants in, instants out. */
import { describe, expect, it } from 'vitest';
import { inQuiet, lastDigestSlot, minutesOf, quietEnd } from '../../../src/features/watches/schedule.js';

const berlin = { zone: 'Europe/Berlin', quiet: { from: '19:00', to: '08:00' }, digestAt: '09:00' };
const at = (iso: string) => new Date(iso);

describe('watch schedule', () => {
  it('reads times of day', () => {
    expect(minutesOf('8:05')).toBe(485);
    expect(minutesOf('23:59')).toBe(1439);
    expect(minutesOf('24:00')).toBeNull();
    expect(minutesOf('7pm')).toBeNull();
  });

  it('quiet hours spanning midnight, in the zone, summer time included', () => {
    expect(inQuiet(berlin, at('2026-11-27T18:30:00Z'))).toBe(true); // 19:30 CET
    expect(inQuiet(berlin, at('2026-11-27T17:59:00Z'))).toBe(false); // 18:59 CET
    expect(inQuiet(berlin, at('2026-11-28T06:59:00Z'))).toBe(true); // 07:59 CET
    expect(inQuiet(berlin, at('2026-11-28T07:00:00Z'))).toBe(false); // 08:00 CET: the end is not quiet
    expect(quietEnd(berlin, at('2026-11-27T18:30:00Z'))?.toISOString()).toBe('2026-11-28T07:00:00.000Z');
    expect(quietEnd(berlin, at('2026-07-01T20:00:00Z'))?.toISOString()).toBe('2026-07-02T06:00:00.000Z'); // CEST
    // The night the clocks go back (25 October 2026): 08:00 CET the next morning.
    expect(quietEnd(berlin, at('2026-10-24T20:00:00Z'))?.toISOString()).toBe('2026-10-25T07:00:00.000Z');
    expect(quietEnd({ ...berlin, zone: null }, at('2026-07-01T20:00:00Z'))?.toISOString()).toBe('2026-07-02T08:00:00.000Z');
    expect(inQuiet({ zone: 'UTC', quiet: { from: '09:00', to: '17:00' } }, at('2026-07-01T12:00:00Z'))).toBe(true);
    expect(inQuiet({ zone: 'UTC', quiet: null }, at('2026-07-01T12:00:00Z'))).toBe(false);
  });

  it('the latest digest time at or before an instant', () => {
    expect(lastDigestSlot(berlin, at('2026-11-27T08:00:00Z')).toISOString()).toBe('2026-11-27T08:00:00.000Z');
    expect(lastDigestSlot(berlin, at('2026-11-27T07:59:59Z')).toISOString()).toBe('2026-11-26T08:00:00.000Z');
    expect(lastDigestSlot({ zone: 'America/New_York', digestAt: '17:30' }, at('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-06-30T21:30:00.000Z');
  });
});
