/** The report message within Slack's limits, escaped, each section only when it changed, the AI chart with its figures. */
import { describe, expect, it } from 'vitest';
import { reportFacts, type ReportFacts } from '../../../../src/features/reports/facts.js';
import type { ProjectReads } from '../../../../src/features/reports/reads.js';
import { REPORT_AI_CHART, reportMessage } from '../../../../src/features/reports/views/report-message.js';
import { REPORT_SECTIONS } from '../../../../src/store/report-settings.js';
import { expectValidMessage, messageText } from '../../../support/view-checks.js';

const since = new Date('2026-11-16T08:00:00Z');
const until = new Date('2026-11-23T08:00:00Z');
const empty: ReportFacts = { since, until, briefing: null, pricing: null, ai: null, content: null, tech: null, tickets: null, unread: [] };

const pricingRun = (prices: Record<string, number | null>, own: number | null) => ({
  summary: { customer: { lowestPrice: own, currency: 'USD', pricingUnit: 'per_seat_month' }, marketAvgPrice: null },
  competitors: Object.entries(prices).map(([domain, lowestPrice]) => ({ domain, isOwn: false, lowestPrice, currency: 'USD', pricingUnit: 'per_seat_month' })),
});

/** A cycle's reads answered from plain data (the shape the service sends), no network. */
function readsOf(data: { pricing?: { runId: string; completedAt: string; run: unknown }[] }): ProjectReads {
  return {
    projectId: 'p',
    startedAt: until,
    retryFailed: () => readsOf(data),
    briefingHistory: async () => [],
    runs: async (d) => (d === 'pricing' ? (data.pricing ?? []).map((r) => ({ runId: r.runId, at: r.completedAt })) : []),
    run: async (_d, id) => data.pricing?.find((r) => r.runId === id)?.run ?? null,
    aiHistory: async () => [],
    changelog: async () => null,
    tickets: async () => ({ items: [], total: 0, hasMore: false }),
  };
}

describe('report facts', () => {
  it('price moves keep the null contract: a value becoming measured is "now measured", one no longer measured says so', async () => {
    const reads = readsOf({
      pricing: [
        { runId: 'r3', completedAt: '2026-11-20T00:00:00Z', run: pricingRun({ 'a.example': 30, 'b.example': null, 'c.example': 12 }, 29) },
        { runId: 'r1', completedAt: '2026-11-10T00:00:00Z', run: pricingRun({ 'a.example': null, 'b.example': 20, 'c.example': 12 }, 29) },
      ],
    });
    const facts = await reportFacts(reads, since, until, new Set(REPORT_SECTIONS));
    expect(facts.pricing?.lines).toEqual(['*a.example*: now measured: lowest price $30 per seat a month', '*b.example*: lowest price no longer measured (was $20 per seat a month)']);
    expect(facts.briefing).toBeNull();
    expect(facts.tickets).toBeNull();
  });

  it('no run since: the pricing section is left out', async () => {
    const reads = readsOf({ pricing: [{ runId: 'r1', completedAt: '2026-11-10T00:00:00Z', run: pricingRun({ 'a.example': 10 }, 29) }] });
    expect((await reportFacts(reads, since, until, new Set(REPORT_SECTIONS))).pricing).toBeNull();
  });
});

describe('reportMessage', () => {
  it('escapes service text, stays within Slack limits with many lines, and draws the AI trend with its figures', () => {
    const hostile = '<!channel> *bold* & <http://x|y>';
    const facts: ReportFacts = {
      ...empty,
      briefing: Array.from({ length: 40 }, (_, i) => ({ number: i + 1, headline: `${'h'.repeat(200)} ${i}`, date: '2026-11-20T00:00:00Z' })),
      ai: { points: [{ at: '2026-11-10T00:00:00Z', score: 40, mentionRate: 0.3 }, { at: '2026-11-20T00:00:00Z', score: null, mentionRate: 0.35 }], newChecks: 1, lines: ['Your AI visibility score 40 → not measured'] },
      tickets: { opened: Array.from({ length: 30 }, (_, i) => ({ number: i + 1, title: `ticket ${i}`, status: 'in_progress' })), closed: [], atLeast: false },
    };
    const message = reportMessage({ projectName: hostile, title: 'Weekly report', facts, schedule: 'weekly on Monday at 09:00 Europe/Berlin' });
    expectValidMessage(message);
    const raw = JSON.stringify(message.blocks);
    expect(raw).not.toContain('<!channel>');
    expect(messageText(message)).toContain('…and 25 more');
    expect(message.charts.map((c) => c.blockId)).toEqual([REPORT_AI_CHART]);
    // A point not measured is null in the chart, never a zero.
    expect(message.charts[0]!.facts.series[0]!.points.map((p) => p.value)).toEqual([40, null]);
    expect(messageText(message)).not.toContain('Price moves');
  });

  it('nothing changed: one line says so', () => {
    const message = reportMessage({ projectName: 'P', title: 'Daily report', facts: empty, schedule: null });
    expectValidMessage(message);
    expect(messageText(message)).toContain('Nothing changed');
    expect(message.charts).toEqual([]);
  });
});
