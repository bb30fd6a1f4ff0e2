import { describe, expect, it } from 'vitest';
import { failingPatch } from '../../../src/features/background/poller-skeleton.js';

const now = new Date('2025-03-01T10:00:00.000Z');
const marked = { reason: 'Radar is not a member of this channel (not_in_channel)', since: '2025-02-01T00:00:00.000Z' };

describe('failingPatch', () => {
  it('marks a channel Slack refuses, keeping the first since while the reason stays the same', () => {
    expect(failingPatch({ failing: null }, { failing: marked.reason, posted: false }, now)).toEqual({ failing: { reason: marked.reason, since: now.toISOString() } });
    expect(failingPatch({ failing: marked }, { failing: marked.reason, posted: false }, now)).toEqual({});
    expect(failingPatch({ failing: marked }, { failing: 'the channel is archived (is_archived)', posted: false }, now)).toEqual({
      failing: { reason: 'the channel is archived (is_archived)', since: now.toISOString() },
    });
  });

  it('clears the mark once something was posted, and leaves a healthy channel alone', () => {
    expect(failingPatch({ failing: marked }, { failing: null, posted: true }, now)).toEqual({ failing: null });
    expect(failingPatch({ failing: marked }, { failing: marked.reason, posted: true }, now)).toEqual({ failing: null });
    expect(failingPatch({ failing: null }, { failing: null, posted: true }, now)).toEqual({});
    expect(failingPatch({ failing: null }, { failing: null, posted: false }, now)).toEqual({});
  });
});
