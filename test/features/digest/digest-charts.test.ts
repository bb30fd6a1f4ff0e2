/**
 * Issue 29: a digest carries the charts of the edition's own AI visibility and pricing deep dives,
 * drawn from the same edition read the digest makes (`sections=all`, `includeCharts=true`): no other
 * service read. One thread reply under the digest (two charts, each with its figures as text and its
 * note); when Slack refuses the chart block, the reply goes without it and each chart's PNG is
 * uploaded into the digest's thread.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEED } from '../../../src/sandbox/seed.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { chartBlocks } from '../../support/view-checks.js';
import { digestsIn, publish } from './support.js';

const NORTHWIND = SEED.projects.northwind.id;

/** The series the sandbox's deep sections carry with includeCharts=true (src/sandbox/routes/briefings/read.ts). */
const SERIES = [
  { name: 'Northwind CRM (you)', points: [48, 52, 55] },
  { name: 'Pipedrift', points: [50, 53, 57] },
  { name: 'HubForge', points: [54, 56, 59] },
  { name: 'Closewise', points: [58, 59, 61] },
];
const asBlockSeries = SERIES.map((s) => ({ name: s.name, data: s.points.map((value, i) => ({ label: `Point ${i + 1}`, value })) }));

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

  /** The digest's charts reply, once posted (the digest's thread replies may still be on their way when `digest now` answers). */
  const chartsReplyOf = async (ts: string) => {
    await h.slack.waitForCall('chat.postMessage', (c) => c.args.thread_ts === ts && String(c.args.text ?? '').endsWith(': charts'));
    return h.slack.messagesIn(CHANNELS.intel).find((m) => m.thread_ts === ts && m.ts !== ts && m.text.endsWith(': charts'));
  };

  it("the AI visibility and pricing deep dives' charts, from the one edition read, in one thread reply with their figures", async () => {
    const edition = await publish(h, NORTHWIND, { opened: 1 });
    h.sandbox.control.clearRequests();
    await h.command('digest now', { channel: CHANNELS.intel });
    const [digest] = digestsIn(h, CHANNELS.intel, edition.runId);
    const reply = await chartsReplyOf(digest!.ts);
    expect(reply).toBeDefined();
    const blocks = chartBlocks(reply?.blocks);
    expect(blocks.map((b) => [b.block_id, b.title])).toEqual([
      ['edition-chart-ai-visibility', 'AI visibility over the last editions'],
      ['edition-chart-pricing', 'Pricing over the last editions'],
    ]);
    // Exactly the section's series, the own project marked.
    for (const block of blocks) {
      expect(block.chart.type).toBe('line');
      expect(block.chart.series).toEqual(asBlockSeries);
    }
    const text = JSON.stringify(reply?.blocks);
    expect(text).toContain('*AI visibility over the last editions*\\n• Point 1: Northwind CRM (you) 48 · Pipedrift 50 · HubForge 54 · Closewise 58');
    expect(text).toContain('• Point 3: Northwind CRM (you) 55 · Pipedrift 57 · HubForge 59 · Closewise 61');
    expect(text).toContain('Own project against the tracked competitors.');
    // One read of the edition carries the hub and the charts; no dimension read for the charts.
    const reads = h.sandbox.control.requests().filter((r) => r.path.startsWith(`/v1/projects/${NORTHWIND}/`));
    const editionReads = reads.filter((r) => r.path.endsWith(`/strategic-briefing/history/${edition.runId}`));
    expect(editionReads.map((r) => [r.query.sections, r.query.includeCharts])).toEqual([['all', 'true']]);
    expect(reads.filter((r) => /\/(ai-visibility|pricing)/.test(r.path))).toEqual([]);
  });

  it('when Slack refuses the chart block, the reply goes without it and both PNGs go into the digest thread', async () => {
    const edition = await publish(h, NORTHWIND, { opened: 0 });
    h.slack.failNext('chat.postMessage', { error: 'invalid_blocks', when: (args) => JSON.stringify(args.blocks ?? []).includes('data_visualization') });
    await h.command('digest now', { channel: CHANNELS.intel });
    const [digest] = digestsIn(h, CHANNELS.intel, edition.runId);
    const reply = await chartsReplyOf(digest!.ts);
    expect(chartBlocks(reply?.blocks)).toEqual([]);
    expect(JSON.stringify(reply?.blocks)).toContain('*Pricing over the last editions*\\n• Point 1: Northwind CRM (you) 48 · Pipedrift 50');
    await vi.waitFor(() => expect(h.slack.files().filter((f) => f.thread_ts === digest!.ts)).toHaveLength(2), { timeout: 30_000 });
    const files = h.slack.files().filter((f) => f.thread_ts === digest!.ts);
    expect(files.map((f) => f.filename).sort()).toEqual(['edition-chart-ai-visibility.png', 'edition-chart-pricing.png']);
    for (const file of files) {
      expect([...(file.bytes ?? Buffer.alloc(0)).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      expect(file.bytes?.length).toBeGreaterThan(5_000);
      expect(file.bytes?.length).toBeLessThan(300_000);
    }
  });
});
