/**
 * Issue 29: an AI watch message carries the moved metric over its last checks in its thread: presence
 * (the AI trend) per check, your brand and the brand that moved first, the figures beside the chart.
 * Posted once with the message (the exactly-once delivery posts its thread), never for a run passed over.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { chartBlocks } from '../../support/view-checks.js';
import { publishRun, watchesIn, watchPoller } from './support.js';

const NW = SEED.projects.northwind.id;

describe('the chart in a watch thread', () => {
  let h: RadarHarness;
  beforeEach(async () => {
    h = await startRadarHarness({ env: { WATCH_INTERVAL_SECONDS: '3600', DIGEST_INTERVAL_SECONDS: '3600' } });
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  const summary = (score: number) => ({ summary: { customer: { domain: 'northwindcrm.com', score, mentionRate: 0.4 }, marketMap: { brands: [{ domain: 'pipedrift.com', rankByPresence: 1, answersNaming: 9 }] } } });

  it('an AI move: presence over the last checks, posted once in the message thread with its figures', async () => {
    await publishRun(h, NW, { dimension: 'ai-visibility', patch: summary(50) });
    await h.command('watch ai', { channel: CHANNELS.intel });
    const run = await publishRun(h, NW, { dimension: 'ai-visibility', patch: summary(60) });
    await watchPoller(h).tick();
    await watchPoller(h).tick();
    const [message, ...again] = watchesIn(h, CHANNELS.intel, run);
    expect(again).toEqual([]);
    const replies = h.slack.messagesIn(CHANNELS.intel).filter((m) => m.thread_ts === message!.ts && m.ts !== message!.ts && m.text.endsWith(': over the last checks'));
    expect(replies).toHaveLength(1);
    const reply = replies[0]!;
    const text = JSON.stringify(reply.blocks);
    expect(text).toContain('*AI presence by check*');
    expect(text).toMatch(/share of answers counted naming each\): Northwind CRM \(you\) \d/);
    const block = chartBlocks(reply.blocks)[0];
    const png = h.slack.files().find((f) => f.thread_ts === message!.ts && f.filename === 'ai-presence-trend.png');
    // Slack's line chart, or (a brand missing from a check is a gap the block cannot draw) its PNG in the same thread.
    expect(Boolean(block) !== Boolean(png)).toBe(true);
    if (block) expect(block.chart.series?.[0]?.name).toBe('Northwind CRM (you)');
  });

  it('other dimensions: no chart reply (their history carries no figures to draw)', async () => {
    const row = (lowestPrice: number) => ({ domain: 'pipedrift.com', isOwn: false, lowestPrice, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 4, hasFreePlan: false });
    await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: [row(24)] } });
    await h.command('watch pricing', { channel: CHANNELS.intel });
    const run = await publishRun(h, NW, { dimension: 'pricing', patch: { competitors: [row(19)] } });
    await watchPoller(h).tick();
    const [message] = watchesIn(h, CHANNELS.intel, run);
    expect(message).toBeDefined();
    expect(h.slack.messagesIn(CHANNELS.intel).filter((m) => m.thread_ts === message!.ts && m.text.endsWith(': over the last checks'))).toEqual([]);
  });
});
