import { describe, expect, it } from 'vitest';
import { relativeAndAbsolute } from '../../../src/slack/blocks/time.js';

const NOW = new Date('2026-11-20T12:00:00Z');

describe('relativeAndAbsolute', () => {
  it('shows a timestamp relative to now and as a date token (the reader\'s zone), UTC only as its fallback', () => {
    expect(relativeAndAbsolute('2026-11-17T12:00:00Z', NOW)).toBe(`3 days ago (<!date^${Date.parse('2026-11-17T12:00:00Z') / 1000}^{date_short_pretty} {time}|2026-11-17 12:00 UTC>)`);
    expect(relativeAndAbsolute('2026-11-20T11:59:30Z', NOW)).toMatch(/^just now \(<!date/);
  });

  it('says the given word for null', () => {
    expect(relativeAndAbsolute(null, NOW, 'never')).toBe('never');
  });

  it('escapes an unparsable service string, so a <!channel> in it stays inert', () => {
    expect(relativeAndAbsolute('<!channel> & soon', NOW)).toBe('&lt;!channel&gt; &amp; soon');
  });
});
