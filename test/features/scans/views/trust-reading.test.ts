/** Issue 17, point 4: a trust-signals result reads as people write it, each thing said once. */
import { describe, expect, it } from 'vitest';
import { label } from '../../../../src/features/scans/views/parts.js';
import { prevalenceText, trustDetailsView, trustSummaryView } from '../../../../src/features/scans/views/trust-view.js';
import type { ScanSubject } from '../../../../src/features/scans/views/parts.js';
import { trustResultFacts } from '../../../../src/service/read/scans.js';
import { trustSignalsResult } from '../../../../src/sandbox/routes/scans/trust-result.js';
import { messageText } from '../../../support/view-checks.js';

const subject: ScanSubject = { kind: 'trust', domain: 'acme.example.com', startedBy: 'U07ALICE01', scanId: 'scan_123' };
const resultFor = (domain: string) => trustResultFacts(trustSignalsResult(domain, '2026-11-20T14:02:11.000Z', 4200));

describe('trust-signals result wording', () => {
  it('writes signal names as people write them', () => {
    expect(label('soc2_badge')).toBe('SOC 2 badge');
    expect(label('iso27001_badge')).toBe('ISO 27001 badge');
    expect(label('gdpr_statement')).toBe('GDPR statement');
    expect(label('sso_mention')).toBe('SSO mention');
    expect(label('hipaa_compliance')).toBe('HIPAA compliance');
    expect(label('pci_dss')).toBe('PCI DSS');
    expect(label('g2_badge')).toBe('G2 badge');
    expect(label('enterpriseReadiness', true)).toBe('enterprise readiness');
    expect(label('customer_logos')).toBe('Customer logos');
  });

  it('says "most" only above half', () => {
    expect(prevalenceText(0.4)).toBe('40% of the benchmark show it');
    expect(prevalenceText(0.5)).toBe('half of the benchmark show it (50%)');
    expect(prevalenceText(0.6)).toBe('most of the benchmark show it (60%)');
    expect(prevalenceText('often')).toBe('benchmark prevalence often');
  });

  it('says the found count once, and shows the fetch time as a date token (the reader\'s zone)', () => {
    const result = resultFor('northwind-example.com');
    const summary = messageText(trustSummaryView(subject, result));
    expect(summary.match(/\b\d+ of 26\b/g)).toHaveLength(1);
    expect(summary).not.toMatch(/Soc2|Iso27001|Gdpr/);
    const detailsView = trustDetailsView(subject, result);
    const details = messageText(detailsView);
    expect(JSON.stringify(detailsView.blocks)).toMatch(/fetched <!date\^\d+\^\{date_short_pretty\} \{time\}\|2026-11-20 14:02 UTC>/);
    expect(details).not.toContain('2026-11-20T14:02');
    expect(details).toContain('scan took 4.2 s');
    // The sandbox's insight words the share as it is.
    const gaps = (result.gapsVsBenchmark ?? []) as { benchmarkPrevalence: number; ciInsight: string }[];
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) expect(gap.ciInsight.startsWith('Most')).toBe(gap.benchmarkPrevalence > 0.5);
  });

  it('says "never inspected" once per message, naming the parts', () => {
    const result = resultFor('legacy-null-example.com');
    for (const view of [trustSummaryView(subject, result), trustDetailsView(subject, result)]) {
      const text = messageText(view);
      expect(text.match(/never inspected/gi)).toHaveLength(1);
      expect(text).toContain('Never inspected: verdict, category scores, signals detected, suspicious patterns, gaps vs the benchmark, signals evaluated.');
      expect(text).not.toMatch(/\b0\/100\b/);
    }
  });
});
