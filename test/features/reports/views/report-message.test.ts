/** The report message within Slack's limits, escaped, each section only when it changed, the AI chart with its figures. */
import { describe, expect, it } from 'vitest';
import { reportFacts, type ReportFacts } from '../../../../src/features/reports/facts.js';
import type { ProjectReads } from '../../../../src/features/reports/reads.js';
import { runAreaOf } from '../../../../src/service/read/runs.js';
import { REPORT_AI_CHART, reportMessage } from '../../../../src/features/reports/views/report-message.js';
import { REPORT_SECTIONS } from '../../../../src/store/report-settings.js';
import { readAiHistoryRow } from '../../../../src/service/schemas/ai-visibility.js';
import { expectValidMessage, messageText } from '../../../support/view-checks.js';

const since = new Date('2026-11-16T08:00:00Z');
const until = new Date('2026-11-23T08:00:00Z');
const empty: ReportFacts = { since, until, briefing: null, pricing: null, positioning: null, ai: null, content: null, tech: null, tickets: null, unread: [] };

const pricingRun = (prices: Record<string, number | null>, own: number | null) => ({
  summary: { customer: { lowestPrice: own, currency: 'USD', pricingUnit: 'per_seat_month' }, marketAvgPrice: null },
  competitors: Object.entries(prices).map(([domain, lowestPrice]) => ({ domain, isOwn: false, lowestPrice, currency: 'USD', pricingUnit: 'per_seat_month' })),
});

/** A cycle's reads answered from plain data (the shape the service sends), no network. */
type Runs = { runId: string; completedAt: string; run: unknown }[];
function readsOf(data: { pricing?: Runs; positioning?: Runs; ai?: unknown[] }): ProjectReads {
  const runsOf = (d: string): Runs => (d === 'pricing' ? data.pricing : d === 'positioning' ? data.positioning : undefined) ?? [];
  return {
    projectId: 'p',
    startedAt: until,
    retryFailed: () => readsOf(data),
    briefingHistory: async () => [],
    runs: async (d) => runsOf(d).map((r) => ({ runId: r.runId, at: r.completedAt })),
    // The run's area facts as the service client's runFacts reads them (its area's reader on the run).
    run: async (d, id) => {
      const run = runsOf(d).find((r) => r.runId === id)?.run;
      return run === undefined || run === null ? null : runAreaOf(run, d);
    },
    aiHistory: async () => (data.ai ?? []).flatMap((raw) => readAiHistoryRow(raw) ?? []),
    changelog: async () => null,
    tickets: async () => ({ items: [], total: 0, hasMore: false }),
  };
}

const positioningRun = (rows: Record<string, Record<string, unknown>>) => ({ competitors: Object.entries(rows).map(([domain, r]) => ({ domain, isOwn: false, ...r })) });
const aiRow = (checkId: string, checkedAt: string, rate: number, engines: Record<string, number | null>) => ({
  checkId,
  checkedAt,
  summary: { customer: { domain: 'own.example', score: 50, mentionRate: rate, perProvider: Object.entries(engines).map(([provider, mentionRate]) => ({ provider, mentionRate })) } },
});

describe('report facts', () => {
  it('positioning: headline and messaging moves since the last report, through the positioning reader, switchable', async () => {
    const reads = readsOf({
      positioning: [
        { runId: 'p2', completedAt: '2026-11-20T00:00:00Z', run: positioningRun({ 'a.example': { headline: 'The CRM for <teams>', subheadline: '', targetAudience: 'SMB', valuePropositions: ['Fast', 'Cheap'] }, 'b.example': { headline: 'Same', subheadline: null } }) },
        { runId: 'p1', completedAt: '2026-11-10T00:00:00Z', run: positioningRun({ 'a.example': { headline: 'The CRM for sales', subheadline: null, targetAudience: 'SMB', valuePropositions: ['Fast', 'Simple'] }, 'b.example': { headline: 'Same', subheadline: null } }) },
      ],
    });
    const facts = await reportFacts(reads, since, until, new Set(REPORT_SECTIONS));
    expect(facts.positioning?.runs).toBe(1);
    expect(facts.positioning?.lines).toHaveLength(1);
    const line = facts.positioning!.lines[0]!;
    expect(line).toContain('*a.example*');
    expect(line).toContain('headline “The CRM for sales” → “The CRM for &lt;teams&gt;”');
    // "" is a finding (the page has none), null was "never read": kept apart.
    expect(line).toContain('now read: subheadline _the page has none_');
    expect(line).toContain('new value proposition: “Cheap”');
    expect(line).toContain('dropped value proposition: “Simple”');
    expect(line).not.toContain('target audience');
    const text = messageText(reportMessage({ projectName: 'P', title: 'Weekly report', facts, schedule: null }));
    expect(text).toContain('Positioning (1 new run)');
    const off = await reportFacts(reads, since, until, new Set(REPORT_SECTIONS.filter((s) => s !== 'positioning')));
    expect(off.positioning).toBeNull();
  });

  it('AI presence per engine when the history row breaks it down: the newest check, with the earlier one where it moved', async () => {
    const reads = readsOf({
      ai: [aiRow('c2', '2026-11-20T00:00:00Z', 0.5, { chatgpt: 0.6, gemini: null, perplexity: 0.4 }), aiRow('c1', '2026-11-12T00:00:00Z', 0.4, { chatgpt: 0.3, perplexity: 0.4 })],
    });
    const facts = await reportFacts(reads, since, until, new Set(REPORT_SECTIONS));
    const engines = facts.ai?.lines.find((l) => l.startsWith('Named by engine'));
    expect(engines).toBe('Named by engine: *chatgpt* 60% (was 30%), *gemini* not measured, *perplexity* 40%');
  });

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
