/**
 * Issue 29: the trust-signals summary carries its category scores as Slack's chart block, the
 * figures as text beside it (the category fields), and through the scan follower it reaches the
 * channel message; a category not measured makes a PNG instead of a block with a made-up zero.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRUST_SCORES_CHART, trustScoresChart, trustSummaryView } from '../../../src/features/scans/views/trust-view.js';
import type { ScanSubject } from '../../../src/features/scans/views/parts.js';
import { trustSignalsResult } from '../../../src/sandbox/routes/scans/trust-result.js';
import { trustResultFacts, type TrustFacts } from '../../../src/service/read/scans.js';
import { Unreadable } from '../../../src/service/tolerant.js';
import { loadBlockKitSchema } from '../../support/block-kit-schema.js';
import { messageLimitProblems } from '../../support/block-kit-limits.js';
import { expectNoViolations } from '../../support/fake-slack.js';
import { startRadarHarness, type RadarHarness } from '../../support/radar-harness.js';
import { CHANNELS } from '../../support/slack-fixtures.js';
import { finished, messageAt, SCAN_TIMING, startScan } from './scan-helpers.js';

const subject: ScanSubject = { kind: 'trust', domain: 'acme.example.com', startedBy: 'U07ALICE01', scanId: 'scan_123' };
const resultFor = (domain: string) => trustResultFacts(trustSignalsResult(domain, '2026-11-20T14:02:11.000Z', 4200));
type Chart = { type: string; block_id?: string; title: string; chart: { type: string; series: { name: string; data: { label: string; value: number }[] }[] } };

describe('the trust summary chart', () => {
  it('is a bar chart of the five category scores, exactly the figures the fields beside it say', () => {
    const result = resultFor('acme.example.com');
    const view = trustSummaryView(subject, result);
    expect(loadBlockKitSchema().messageBlocks(view.blocks)).toEqual([]);
    expect(messageLimitProblems(view.blocks)).toEqual([]);
    const chart = view.blocks.find((b) => (b.type as string) === 'data_visualization') as unknown as Chart;
    expect(chart).toMatchObject({ block_id: TRUST_SCORES_CHART, chart: { type: 'bar' } });
    const scores = result.categoryScores as Record<string, { score: number; max: number }>;
    const expected = [
      ['Enterprise readiness', scores.enterpriseReadiness],
      ['Third party validation', scores.thirdPartyValidation],
      ['Social proof', scores.socialProof],
      ['Brand authority', scores.brandAuthority],
      ['Risk reversal', scores.riskReversal],
    ] as const;
    expect(chart.chart.series[0]?.data).toEqual(expected.map(([label, s]) => ({ label: label.replace('Third party', '3rd-party'), value: s?.score })));
    const text = JSON.stringify(view.blocks);
    for (const [label, s] of expected) expect(text).toContain(`*${label}*\\n${s?.score}/${s?.max}`);
    expect(view.charts).toEqual([{ blockId: TRUST_SCORES_CHART, facts: trustScoresChart(result, 'acme.example.com') }]);
  });

  it('a category not read is a gap: no block (Slack would need a number), the PNG and the fields instead', () => {
    const result = resultFor('acme.example.com');
    const scores = { ...(result.categoryScores as object), socialProof: new Unreadable('lots') };
    const broken = { ...result, categoryScores: scores } as unknown as TrustFacts;
    const facts = trustScoresChart(broken, 'acme.example.com');
    expect(facts?.series[0]?.points.find((p) => p.label === 'Social proof')?.value).toBeNull();
    const view = trustSummaryView(subject, broken);
    expect(JSON.stringify(view.blocks)).not.toContain('data_visualization');
    expect(view.charts.map((c) => c.blockId)).toEqual([TRUST_SCORES_CHART]);
    expect(JSON.stringify(view.blocks)).toContain("*Social proof*\\n_couldn't read this part");
  });

  it('never-inspected scores give no chart', () => {
    const view = trustSummaryView(subject, { ...resultFor('acme.example.com'), categoryScores: null });
    expect(view.charts).toEqual([]);
    expect(JSON.stringify(view.blocks)).not.toContain('data_visualization');
  });
});

describe('/radar scan trust end to end', () => {
  let h: RadarHarness;
  beforeAll(async () => {
    h = await startRadarHarness({ speed: 20, timing: SCAN_TIMING });
  });
  afterEach(() => expectNoViolations(h.slack));
  afterAll(() => h?.stop());

  it('the finished scan message carries the chart block, the category fields beside it', async () => {
    const ts = await startScan(h, 'scan trust northwind-example.com');
    const final = await finished(h, CHANNELS.intel, ts);
    const blocks = messageAt(h.slack, CHANNELS.intel, ts).blocks ?? [];
    const chart = blocks.find((b) => (b as { type?: string }).type === 'data_visualization') as Chart | undefined;
    expect(chart?.title).toMatch(/^Trust category scores/);
    expect(chart?.chart.series[0]?.name).toBe('northwind-example.c…');
    expect(chart?.chart.series[0]?.data.map((d) => d.label)).toEqual(['Enterprise readiness', '3rd-party validation', 'Social proof', 'Brand authority', 'Risk reversal']);
    expect(final).toMatch(/\*Social proof\*\n\d+\/\d+/);
  });
});
