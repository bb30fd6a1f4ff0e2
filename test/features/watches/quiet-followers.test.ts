/**
 * Followers and quiet hours (issue 30 with issue 31's notifier): a now-tier change a channel holds
 * through its quiet hours is told to the competitor's followers when the quiet-hours message posts,
 * not before, and once (the notifier's claim per event and person), however many ticks follow.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import type { StoredMessage } from '../../../src/slack/local-web-api/index.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS, USERS } from '../../support/slack-fixtures.js';
import { publishRun, watchesIn, watchPoller } from './support.js';

const NW = SEED.projects.northwind.id;
const HOUR = 60 * 60_000;
const priceRow = (domain: string, o: Record<string, unknown> = {}) => ({ domain, isOwn: false, lowestPrice: 24, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 4, hasFreePlan: false, ...o });
const pricingRows = (o: Record<string, Record<string, unknown>> = {}) => ['pipedrift.com', 'closewise.com', 'hubforge.io'].map((d) => priceRow(d, o[d]));
const dms = (h: RadarHarness, user: string): readonly StoredMessage[] => h.slack.messagesIn(user);
const textOf = (m: StoredMessage) => `${m.text}\n${JSON.stringify(m.blocks ?? [])}`;

describe('followers of changes held through quiet hours', () => {
  let h: RadarHarness;
  let clock = 0;
  beforeEach(async () => {
    clock = Date.parse('2026-11-26T10:00:00Z');
    h = await startRadarHarness({ env: { WATCH_INTERVAL_SECONDS: '3600', DIGEST_INTERVAL_SECONDS: '3600' }, now: () => new Date(clock) });
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  it('are told when the quiet-hours message posts, once', async () => {
    await h.command('follow competitor pipedrift.com', { channel: CHANNELS.intel, user: USERS.maya });
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows() } });
    await h.command('watch pricing', { channel: CHANNELS.intel });
    await h.command('watch quiet 09:00-11:00 UTC', { channel: CHANNELS.intel });
    const run = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: pricingRows({ 'pipedrift.com': { lowestPrice: 19 }, 'closewise.com': { hasFreePlan: true } }) } });
    await watchPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(0); // held: nobody is told yet
    clock += 2 * HOUR;
    await watchPoller(h).tick();
    await watchPoller(h).tick();
    expect(watchesIn(h, CHANNELS.intel).filter((m) => m.metadata?.event_payload.held === 'quiet')).toHaveLength(1);
    expect(dms(h, USERS.maya)).toHaveLength(1);
    const told = textOf(dms(h, USERS.maya)[0]!);
    expect(told).toContain('Pricing moved: pipedrift.com');
    expect(told).toContain('$24 per seat a month → $19 per seat a month');
    expect(told).not.toContain('closewise.com');
    // The direct message says what it is about in its metadata too (issue 30 item 7).
    // …beside the batch it delivers, by which a restart would find it again.
    expect(dms(h, USERS.maya)[0]!.metadata).toEqual({ event_type: 'radar_change', event_payload: { project_id: NW, dimension: 'pricing', run_id: run, competitor: 'pipedrift.com', batch: expect.any(String) } });
    await watchPoller(h).tick();
    expect(dms(h, USERS.maya)).toHaveLength(1);
  });
});
