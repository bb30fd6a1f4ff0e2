/**
 * Issue 29: a digest carries the edition's AI trend and price position as charts, in one thread
 * reply under the digest (two charts, each with its figures as text); when Slack refuses the chart
 * block, the reply goes without it and each chart's PNG is uploaded into the digest's thread.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { chartBlocks } from '../../support/view-checks.js';
import { digestsIn, publish } from './support.js';

const NORTHWIND = SEED.projects.northwind.id;

describe('the charts of a digest', () => {
  let h: RadarHarness;
  beforeEach(async () => {
    h = await startRadarHarness({ env: { DIGEST_INTERVAL_SECONDS: '3600' } });
    await h.command('bind northwind', { channel: CHANNELS.intel });
  });
  afterEach(async () => {
    expectNoViolations(h.slack);
    await h.stop();
  });

  const chartsReplyOf = (ts: string) => h.slack.messagesIn(CHANNELS.intel).find((m) => m.thread_ts === ts && m.ts !== ts && m.text.endsWith(': charts'));

  it('the AI trend and the comparable prices, in one thread reply, the figures beside them', async () => {
    const edition = await publish(h, NORTHWIND, { opened: 1 });
    await h.command('digest now', { channel: CHANNELS.intel });
    const [digest] = digestsIn(h, CHANNELS.intel, edition.runId);
    const reply = chartsReplyOf(digest!.ts);
    expect(reply).toBeDefined();
    const text = JSON.stringify(reply?.blocks);
    // The price position: Slack's bar chart, exactly the prices the market average is made of, the average and yours.
    const pricing = chartBlocks(reply?.blocks).find((b) => b.block_id === 'pricing-comparable-prices');
    expect(pricing?.chart.series?.[0]?.data.slice(-2)).toEqual([
      { label: 'Market average', value: 39.25 },
      { label: 'You', value: 29 },
    ]);
    expect(text).toContain('• Market average: 39.25 USD');
    // The AI trend: presence over the checks, its figures said line by line.
    expect(text).toContain('*AI presence by check*');
    const trendShown = chartBlocks(reply?.blocks).some((b) => b.block_id === 'ai-presence-trend');
    const trendPng = h.slack.files().some((f) => f.thread_ts === digest!.ts && f.filename === 'ai-presence-trend.png');
    // Drawn by Slack, or (a brand missing from a check is a gap Slack's block cannot draw) as a PNG in the thread.
    expect(trendShown !== trendPng).toBe(true);
  });

  it('when Slack refuses the chart block, the reply goes without it and both PNGs go into the digest thread', async () => {
    const edition = await publish(h, NORTHWIND, { opened: 0 });
    h.slack.failNext('chat.postMessage', { error: 'invalid_blocks', when: (args) => JSON.stringify(args.blocks ?? []).includes('data_visualization') });
    await h.command('digest now', { channel: CHANNELS.intel });
    const [digest] = digestsIn(h, CHANNELS.intel, edition.runId);
    const reply = chartsReplyOf(digest!.ts);
    expect(chartBlocks(reply?.blocks)).toEqual([]);
    expect(JSON.stringify(reply?.blocks)).toContain('• You: 29 USD');
    const files = h.slack.files().filter((f) => f.thread_ts === digest!.ts);
    expect(files.map((f) => f.filename).sort()).toEqual(['ai-presence-trend.png', 'pricing-comparable-prices.png']);
    for (const file of files) {
      expect([...(file.bytes ?? Buffer.alloc(0)).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      expect(file.bytes?.length).toBeGreaterThan(5_000);
      expect(file.bytes?.length).toBeLessThan(300_000);
    }
  });
});
