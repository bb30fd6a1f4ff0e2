/** Issue 29: the watch list says when a watch was set, and since when it fails, as date tokens (the reader's zone). */
import { describe, expect, it } from 'vitest';
import { watchListView } from '../../../../src/features/watches/views/watch-list.js';
import type { ChannelWatches } from '../../../../src/store/watches.js';

describe('watchListView times', () => {
  it('says the day a watch was set and the start of a failure as date tokens, never an ISO stamp or "UTC"', () => {
    const record = {
      watches: [{ dimension: 'pricing', competitors: [], category: null, threshold: null, muted: [], setBy: 'U1', setAt: '2026-11-20T09:30:00.000Z', lastSeenRunId: null }],
      failing: { reason: 'Radar is not in the channel', since: '2026-11-21T10:00:00.000Z' },
    } as unknown as ChannelWatches;
    const view = watchListView({ projectName: 'P', record, digest: { digestsEnabled: true, lastSeenRunId: null, failing: null } });
    const raw = JSON.stringify(view.blocks);
    expect(raw).toContain(`set by <@U1>, <!date^${Date.parse('2026-11-20T09:30:00Z') / 1000}^{date_short_pretty}|`);
    expect(raw).toContain(`failing since <!date^${Date.parse('2026-11-21T10:00:00Z') / 1000}^{date_short_pretty} {time}|`);
    expect(raw).not.toMatch(/2026-11-2\dT|\d UTC:/);
  });
});
