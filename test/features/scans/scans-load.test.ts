import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { eventually, resultReplies, SCAN_TIMING, scanRequests, startScan } from './scan-helpers.js';

describe('many scans at once', () => {
  let sandbox: Sandbox;
  let h: RadarHarness;
  beforeAll(async () => {
    // The sandbox's default rate limit (120 calls a minute) would rightly slow Radar to a crawl here.
    sandbox = await startSandbox({ port: 0, speed: 200, rateLimitPerMinute: 1_000_000 });
    // One person starts all hundred in one channel: the fair-use limits are lifted to measure the follower.
    h = await startRadarHarness({ sandbox, timing: { ...SCAN_TIMING, maxConcurrentPolls: 4 }, env: { SCAN_LIMIT_PER_PERSON: '1000', SCAN_LIMIT_PER_CHANNEL: '1000' } });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(async () => {
    await h?.stop();
    await sandbox?.close();
  });

  it('follows a hundred scans side by side on timers and posts each result exactly once', async () => {
    const stamps: string[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const domains = Array.from({ length: 10 }, (_, i) => `site-${batch * 10 + i}-example.com`);
      stamps.push(...(await Promise.all(domains.map((domain) => startScan(h, `scan trust ${domain}`, { channel: CHANNELS.general, domain })))));
    }
    expect(new Set(stamps).size).toBe(100);
    await eventually(async () => ((await h.radar.deps.pendingScans.listAll()).length === 0 ? true : undefined), 'every scan to finish');
    for (const ts of stamps) expect(resultReplies(h.slack, CHANNELS.general, ts)).toHaveLength(1);
    expect(scanRequests(h).filter((r) => r.method === 'POST')).toHaveLength(100);
  });
});
