import { describe, expect, it } from 'vitest';
import { createPoller, failingPatch } from '../../../src/features/background/poller-skeleton.js';
import { createLogger } from '../../../src/log.js';

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

describe('a leased poller elected by a tick', () => {
  it('runs one cycle for that tick, every group at once: the election’s own, never a second beside it', async () => {
    // The store could not be reached when the poller started (no lease then); the tick takes it.
    let free = false;
    const coordinator = {
      tryLead: async (name: string) => {
        if (!free) return null;
        const controller = new AbortController();
        return { name, signal: controller.signal, extend: async () => true, release: async () => controller.abort() };
      },
      runExclusive: async () => ({ ran: false as const }),
    };
    const polls: string[] = [];
    const poller = createPoller({
      name: 'test-poller',
      lease: 'test:poller',
      intervalMs: 3_600_000,
      deps: {
        store: { coordinator } as never,
        timing: { leaseTtlMs: 10_000 } as never,
        now: () => new Date(),
        workspaces: undefined,
        config: { backgroundJobs: 'in-process', storeUrl: 'sqlite://:memory:', storePrefix: 'test' },
      },
      logger: createLogger({ level: 'error' }),
      cycleFailed: 'cycle failed',
      groups: async () => new Map([['project', 'group'], ['other', 'group']]),
      poll: async (key) => {
        polls.push(key);
      },
    });
    await poller.start();
    expect(polls).toEqual([]);
    free = true;
    await poller.tick?.();
    // Let any timer the election set fire before counting.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Every group at once, as a tick polls (the interval is an hour: not spread over it).
    expect(polls).toEqual(['project', 'other']);
    await poller.tick?.();
    expect(polls).toEqual(['project', 'other', 'project', 'other']);
    await poller.stop();
  });
});
