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

  const movedReply = (ts: string) => h.slack.messagesIn(CHANNELS.intel).filter((m) => m.thread_ts === ts && m.ts !== ts && m.text.endsWith(': over the last runs'));

  /** Publishes a run, watches, publishes the next and ticks twice; the reply with the chart and the service requests of the ticks. */
  async function moved(dimension: string, watch: string, before: unknown, after: unknown) {
    await publishRun(h, NW, { dimension, patch: before } as never);
    await h.command(`watch ${watch} --now all`, { channel: CHANNELS.intel });
    h.sandbox.control.advanceClock(60_000);
    const run = await publishRun(h, NW, { dimension, patch: after } as never);
    h.sandbox.control.clearRequests();
    await watchPoller(h).tick();
    await watchPoller(h).tick();
    const [message, ...again] = watchesIn(h, CHANNELS.intel, run);
    expect(again).toEqual([]);
    const replies = movedReply(message!.ts);
    expect(replies).toHaveLength(1);
    const reads = h.sandbox.control.requests().filter((r) => r.path.startsWith(`/v1/projects/${NW}/`));
    return { reply: replies[0]!, reads, message: message! };
  }
  /** Only history pages and run details: the chart is drawn from the runs the watch read anyway. */
  const onlyRunReads = (reads: { path: string }[]) => expect(reads.filter((r) => !/\/history(\/[^/]+)?$/.test(r.path)).map((r) => r.path)).toEqual([]);

  it('a pricing move: the lowest price that moved over the two runs compared, beside the market average; no read of its own', async () => {
    const row = (lowestPrice: number) => ({ domain: 'pipedrift.com', isOwn: false, lowestPrice, currency: 'USD', pricingUnit: 'per_seat_month', planCount: 4, hasFreePlan: false });
    const { reply, reads } = await moved('pricing', 'pricing', { competitors: [row(24)], summary: { marketAvgPrice: 30 } }, { competitors: [row(19)], summary: { marketAvgPrice: 28.5 } });
    const [block] = chartBlocks(reply.blocks);
    expect(block).toMatchObject({ block_id: 'watch-move', title: 'Lowest price over the last runs', chart: { type: 'line' } });
    const series = block!.chart.series ?? [];
    expect(series.map((s) => [s.name, s.data.map((d) => d.value)]).slice(0, 2)).toEqual([
      ['pipedrift.com', [24, 19]],
      ['Market average', [30, 28.5]],
    ]);
    // The figures beside it, exactly, for everyone who cannot see the chart.
    expect(JSON.stringify(reply.blocks)).toMatch(/: pipedrift\.com 24 USD · Market average 30 USD/);
    expect(JSON.stringify(reply.blocks)).toMatch(/: pipedrift\.com 19 USD · Market average 28\.5 USD/);
    onlyRunReads(reads);
  });

  it('a tech move: the security score of the site that moved beside yours, drawn by Slack (every figure measured)', async () => {
    const rows = (score: number | null) => ({ competitors: [
      { domain: 'northwindcrm.com', isOwn: true, securityHeaders: { grade: 'B', score: 70 } },
      { domain: 'pipedrift.com', isOwn: false, securityHeaders: { grade: score === null ? null : 'C', score } },
    ] });
    const { reply, reads, message } = await moved('tech-trust', 'tech', rows(50), rows(80));
    const [block] = chartBlocks(reply.blocks);
    expect(block?.title).toBe('Security header score over the last runs');
    expect(block?.chart.series?.map((s) => [s.name, s.data.map((d) => d.value)])).toEqual([
      ['pipedrift.com', [50, 80]],
      ['northwindcrm.… (you)', [70, 70]],
    ]);
    expect(JSON.stringify(reply.blocks)).toMatch(/: pipedrift\.com 80 · northwindcrm\.com \(you\) 70/);
    onlyRunReads(reads);
    expect(h.slack.files().filter((f) => f.thread_ts === message.ts)).toEqual([]);
  });

  it('a content move: the URL count of the site that moved over the two runs compared', async () => {
    const rows = (urls: number) => ({ competitors: [{ domain: 'pipedrift.com', isOwn: false, urlCount: urls }] });
    const { reply, reads } = await moved('content', 'content', rows(120), rows(180));
    const [block] = chartBlocks(reply.blocks);
    expect(block?.title).toBe('URLs in the sitemap over the last runs');
    expect(block?.chart.series?.[0]).toMatchObject({ name: 'pipedrift.com', data: [{ value: 120 }, { value: 180 }] });
    onlyRunReads(reads.filter((r) => !r.path.endsWith('/content/changelog')));
  });
});
