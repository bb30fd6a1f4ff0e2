/** Quiet hours read in the person's own time zone, across midnight and daylight saving; who hears of what. */
import { describe, expect, it } from 'vitest';
import { isQuiet, parseQuietHours } from '../../../src/features/notify/quiet-hours.js';
import { recipientsOf } from '../../../src/features/notify/audience.js';
import { emptyPerson, type PersonFollows } from '../../../src/store/follows.js';

const night = { start: '22:00', end: '07:00' };

describe('quiet hours', () => {
  it('span midnight in the person’s own zone: 23:30 in Berlin is 22:30 UTC', () => {
    expect(isQuiet(new Date('2026-11-26T22:30:00Z'), 'Europe/Berlin', night)).toBe(true);
    expect(isQuiet(new Date('2026-11-26T22:30:00Z'), 'America/New_York', night)).toBe(false); // 17:30 there
    expect(isQuiet(new Date('2026-11-27T05:59:00Z'), 'Europe/Berlin', night)).toBe(true); // 06:59
    expect(isQuiet(new Date('2026-11-27T06:00:00Z'), 'Europe/Berlin', night)).toBe(false); // 07:00: over
    // Summer time: 22:00 in Berlin is 20:00 UTC.
    expect(isQuiet(new Date('2026-07-01T20:00:00Z'), 'Europe/Berlin', night)).toBe(true);
    expect(isQuiet(new Date('2026-07-01T19:59:00Z'), 'Europe/Berlin', night)).toBe(false);
  });

  it('a window within one day, none, an unknown zone read as UTC', () => {
    expect(isQuiet(new Date('2026-11-26T13:00:00Z'), 'UTC', { start: '12:00', end: '14:00' })).toBe(true);
    expect(isQuiet(new Date('2026-11-26T13:00:00Z'), 'UTC', null)).toBe(false);
    expect(isQuiet(new Date('2026-11-26T23:00:00Z'), 'Not/AZone', night)).toBe(true);
  });

  it('parses what a person types', () => {
    expect(parseQuietHours('22:00-07:00')).toEqual(night);
    expect(parseQuietHours('22-7')).toEqual(night);
    expect(parseQuietHours('9:30 – 10')).toEqual({ start: '09:30', end: '10:00' });
    expect(parseQuietHours('25:00-07:00')).toBeNull();
    expect(parseQuietHours('7-7')).toBeNull();
    expect(parseQuietHours('tonight')).toBeNull();
  });
});

describe('who hears of an event', () => {
  const person = (userId: string, over: Partial<PersonFollows>): PersonFollows => ({ ...emptyPerson('T1', userId), ...over });
  const follow = (kind: 'competitor' | 'project' | 'ticket', target: string) => ({ kind, projectId: 'p1', projectName: 'P', target, label: target, setBy: 'U', setAt: '2026-01-01T00:00:00Z' });
  const maya = person('U1', { names: ['Maya Chen'], follows: [follow('ticket', 't1')] });
  const bob = person('U2', { names: ['Bob Okafor'], follows: [follow('project', 'p1')] });
  const lena = person('U3', { names: ['Léna  fischer'], follows: [follow('competitor', 'pipedrift.com')], settings: { assigned: true, comments: false, changes: true, quietHours: null } });
  const people = [maya, bob, lena];
  const ids = (list: PersonFollows[]) => list.map((p) => p.userId);

  it('an assignment: the person whose Slack name is the assignee’s, loosely', () => {
    expect(ids(recipientsOf(people, 'assigned', { projectId: 'p1', assignee: { fullName: 'Lena Fischer' } }))).toEqual(['U3']);
  });
  it('a comment: the ticket’s and the project’s followers, not its author, not one who switched comments off', () => {
    expect(ids(recipientsOf(people, 'comments', { projectId: 'p1', ticketId: 't1' }))).toEqual(['U1', 'U2']);
    expect(ids(recipientsOf(people, 'comments', { projectId: 'p1', ticketId: 't1', byName: 'maya chen' }))).toEqual(['U2']);
    expect(ids(recipientsOf(people, 'comments', { projectId: 'p2', ticketId: 't1' }))).toEqual([]);
  });
  it('a change: the competitor’s and the project’s followers', () => {
    expect(ids(recipientsOf(people, 'changes', { projectId: 'p1', competitors: ['pipedrift.com'] }))).toEqual(['U2', 'U3']);
    expect(ids(recipientsOf(people, 'changes', { projectId: 'p1', competitors: ['closewise.com'] }))).toEqual(['U2']);
  });
});
