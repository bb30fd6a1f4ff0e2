/**
 * Issue 29, point 3: every time a Slack date token (each reader's own zone), the console rendering
 * the token in the machine's zone, and durations said as people say them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderDateToken, renderMrkdwn } from '../../../src/slack/blocks/render-text.js';
import { agoText, dateToken, dateTokenOf, nextRunText } from '../../../src/slack/blocks/time.js';

const NOW = new Date('2026-11-20T12:00:00Z'); // a Friday
const at = (iso: string) => new Date(iso);
const epoch = (iso: string) => Date.parse(iso) / 1000;
let zone: string | undefined;
beforeEach(() => {
  zone = process.env.TZ;
});
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('dateToken', () => {
  it('writes the epoch, the format and the UTC fallback', () => {
    expect(dateToken(at('2026-11-19T14:02:59Z'))).toBe(`<!date^${epoch('2026-11-19T14:02:00Z') + 59}^{date_short_pretty} {time}|2026-11-19 14:02 UTC>`);
    expect(dateToken(at('2026-11-19T14:02:00Z'), '{date_num}', 'a <b> | c')).toBe(`<!date^${epoch('2026-11-19T14:02:00Z')}^{date_num}|a &lt;b&gt; / c>`);
  });

  it('reads a service timestamp; null is never, junk is shown escaped, never as a token', () => {
    expect(dateTokenOf('2026-11-19T14:02:00Z')).toBe(`<!date^${epoch('2026-11-19T14:02:00Z')}^{date_short_pretty} {time}|2026-11-19 14:02 UTC>`);
    expect(dateTokenOf(null)).toBe('never');
    expect(dateTokenOf('soon <!channel>')).toBe('soon &lt;!channel&gt;');
  });
});

describe('natural durations', () => {
  it('says how long ago or from now', () => {
    expect(agoText(at('2026-11-17T11:00:00Z'), NOW)).toBe('3 days ago');
    expect(agoText(at('2026-11-20T17:30:00Z'), NOW)).toBe('in 5 hours');
    expect(agoText(at('2026-11-20T11:59:30Z'), NOW)).toBe('just now');
  });

  it('says the next run by its day, never "at in 5 days"', () => {
    expect(nextRunText(at('2026-11-23T09:00:00Z'), NOW)).toBe(`next run <!date^${epoch('2026-11-23T09:00:00Z')}^on {date_short_pretty} at {time}|on Monday at 09:00 UTC>`);
    expect(nextRunText(at('2026-11-20T18:00:00Z'), NOW)).toBe(`next run <!date^${epoch('2026-11-20T18:00:00Z')}^{date_pretty} at {time}|at 18:00 UTC>`);
    expect(nextRunText(at('2026-12-02T09:00:00Z'), NOW)).toMatch(/^next run <!date\^\d+\^on \{date_short\} at \{time\}\|on 2026-12-02 09:00 UTC>$/);
    expect(nextRunText(at('2026-11-20T10:00:00Z'), NOW)).toBe('next run was due 2 hours ago');
  });
});

describe('the console renders tokens in the machine zone', () => {
  it('in New York and in Tokyo the same token reads each zone\'s day and time', () => {
    const token = dateToken(at('2026-11-20T03:30:00Z'));
    process.env.TZ = 'America/New_York';
    expect(renderMrkdwn(`ran ${token}`)).toMatch(/^ran (yesterday|Nov 19, 2026) 22:30$/);
    expect(renderDateToken(token.slice(1, token.indexOf('|')), 'x', NOW)).toBe('yesterday 22:30');
    process.env.TZ = 'Asia/Tokyo';
    expect(renderDateToken(token.slice(1, token.indexOf('|')), 'x', NOW)).toBe('today 12:30');
  });

  it('every format Radar writes, and {ago}', () => {
    process.env.TZ = 'UTC';
    const target = (format: string) => `!date^${Math.floor(at('2026-11-23T09:05:07Z').getTime() / 1000)}^${format}`;
    expect(renderDateToken(target('{date_num} {time_secs}'), 'x', NOW)).toBe('2026-11-23 09:05:07');
    expect(renderDateToken(target('on {date_short_pretty} at {time}'), 'x', NOW)).toBe('on Nov 23, 2026 at 09:05');
    expect(renderDateToken(target('{date_long}'), 'x', NOW)).toBe('Monday, November 23rd, 2026');
    expect(renderDateToken(target('{ago}'), 'x', NOW)).toBe('in 2 days');
    expect(renderMrkdwn(nextRunText(at('2026-11-23T09:00:00Z'), NOW))).toMatch(/^next run on (Nov 23, 2026|tomorrow) at 09:00$/);
  });
});
