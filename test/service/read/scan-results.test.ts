/**
 * The finished-scan readers (src/service/read/scans.ts; issue 27, spec 2.9): a trust-signals or
 * agent-adoption result answered in another house style (keys in snake_case, PascalCase or kebab-case,
 * unknown text fields with hostile mrkdwn added) gives the same facts, and the views built from them
 * state the same thing, with every unknown field shown once, escaped. A null part stays "never
 * inspected" whatever its key's spelling; an empty list stays a real finding.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agentsDetailsView, agentsSummaryView } from '../../../src/features/scans/views/agents-view.js';
import type { ScanSubject } from '../../../src/features/scans/views/parts.js';
import { trustDetailsView, trustSummaryView } from '../../../src/features/scans/views/trust-view.js';
import { agentAdoptionResult } from '../../../src/sandbox/routes/scans/agent-result.js';
import { trustSignalsResult } from '../../../src/sandbox/routes/scans/trust-result.js';
import { agentsResultFacts, trustResultFacts } from '../../../src/service/read/scans.js';
import { isUnreadable } from '../../../src/service/tolerant.js';
import { renderBlocksText } from '../../../src/slack/blocks/render-text.js';

type Json = Record<string, unknown>;
const STYLES = ['snake', 'pascal', 'kebab', 'upper', 'same'] as const;
type Style = (typeof STYLES)[number];

function words(key: string): string[] {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_-]+/).filter(Boolean).map((w) => w.toLowerCase());
}

function styled(key: string, style: Style): string {
  const w = words(key);
  switch (style) {
    case 'snake':
      return w.join('_');
    case 'pascal':
      return w.map((x) => x.charAt(0).toUpperCase() + x.slice(1)).join('');
    case 'kebab':
      return w.join('-');
    case 'upper':
      return w.join('_').toUpperCase();
    case 'same':
      return key;
  }
}

/** Every key of `value`, at every depth, renamed in a style picked per key from `styles` (by its position). */
function restyle(value: unknown, styles: readonly Style[], counter = { n: 0 }): unknown {
  if (Array.isArray(value)) return value.map((v) => restyle(v, styles, counter));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [styled(k, styles[counter.n++ % styles.length] ?? 'same'), restyle(v, styles, counter)]));
}

const HOSTILE = '*bold* <!here> <@U1> &amp; _it_';
/** Unknown text fields a differently built service might add: where, under which key, with which token. */
const UNKNOWN_TRUST: { at: 'top' | 'verdict' | 'meta' | 'signalsDetected' | 'gapsVsBenchmark' | 'categoryScores'; key: string; token: string }[] = [
  { at: 'signalsDetected', key: 'evidence_note', token: 'TOKEN-SIGNAL' },
  { at: 'categoryScores', key: 'communityTrust', token: 'TOKEN-CATEGORY' },
  { at: 'gapsVsBenchmark', key: 'peerExamples', token: 'TOKEN-GAP' },
  { at: 'top', key: 'analystNote', token: 'TOKEN-TOP' },
  { at: 'verdict', key: 'tier_rationale', token: 'TOKEN-VERDICT' },
  { at: 'meta', key: 'CrawlerHint', token: 'TOKEN-META' },
];

function withUnknown(result: Json, fields: typeof UNKNOWN_TRUST): Json {
  const copy = structuredClone(result);
  for (const f of fields) {
    const part = f.at === 'top' ? copy : copy[f.at];
    const target = (Array.isArray(part) ? part[0] : part) as Json | null | undefined;
    if (target && typeof target === 'object') target[f.key] = `${f.token} ${HOSTILE}`;
  }
  return copy;
}

const subject = (kind: ScanSubject['kind'], domain: string): ScanSubject => ({ kind, domain, startedBy: 'UAUTHOR', scanId: 'scn_1' });
const textOf = (view: { text: string; blocks: unknown[] }) => renderBlocksText(view.blocks as never, view.text);
const without = (text: string, re: RegExp) => text.split('\n').filter((l) => !re.test(l)).join('\n');

const TRUST_DOMAINS = ['northwind-example.com', 'shielded-1.example', 'legacy-null-example.com', 'acme.example.com', 'pipedrift.com'];

/** What a person reads in the two messages, and the mrkdwn as sent (where escaping is checked). */
function trustText(raw: unknown, domain: string): { summary: string; details: string; mrkdwn: string } {
  const facts = trustResultFacts(raw);
  const summary = trustSummaryView(subject('trust', domain), facts);
  const details = trustDetailsView(subject('trust', domain), facts);
  return { summary: textOf(summary), details: textOf(details), mrkdwn: JSON.stringify([summary.blocks, details.blocks]) };
}

describe('the trust-signals result reader', () => {
  it('a result in another house style states the same facts in both messages, each unknown field once and escaped', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TRUST_DOMAINS), fc.array(fc.constantFrom(...STYLES), { minLength: 1, maxLength: 6 }), fc.subarray(UNKNOWN_TRUST), (domain, styles, unknown) => {
        const sandbox = trustSignalsResult(domain, '2026-11-20T14:02:11.000Z', 4200);
        const base = trustText(sandbox, domain);
        const variant = restyle(withUnknown(sandbox, unknown), styles);
        const seen = trustText(variant, domain);
        // The named facts: the same text once the unknown fields' lines are set aside.
        expect(without(seen.summary, /TOKEN-/)).toBe(base.summary);
        expect(without(seen.details, /TOKEN-/)).toBe(base.details);
        // And the facts themselves, read from the variant.
        const a = trustResultFacts(sandbox);
        const b = trustResultFacts(variant);
        for (const part of ['verdict', 'categoryScores', 'signalsDetected', 'suspiciousPatterns', 'gapsVsBenchmark', 'domain', 'finalUrl', 'fetchedAt'] as const) {
          expect(JSON.stringify(stripUnknown(b[part])), part).toBe(JSON.stringify(stripUnknown(a[part])));
        }
        // Every unknown field is shown exactly once across the two messages (a field on a never-inspected verdict has nowhere to live), escaped.
        const all = `${seen.summary}\n${seen.details}`;
        for (const f of unknown) {
          const part = f.at === 'top' ? a : a[f.at];
          const expected = part === null || (Array.isArray(part) && part.length === 0) ? 0 : 1;
          expect(all.split(f.token).length - 1, f.key).toBe(expected);
        }
        expect(seen.mrkdwn).not.toMatch(/<!here>|<@U1>/);
        if (unknown.some((f) => f.at === 'top' || f.at === 'meta' || (a[f.at] !== null && !(Array.isArray(a[f.at]) && (a[f.at] as unknown[]).length === 0)))) expect(seen.mrkdwn).toContain('&lt;!here&gt; &lt;@U1&gt; &amp;amp;');
      }),
      { numRuns: 40 },
    );
  });

  it('a null part is never inspected and an empty list a finding, whatever the key spelling', () => {
    const legacy = restyle(trustSignalsResult('legacy-null-example.com', '2026-11-20T14:02:11.000Z', 4200), ['snake']) as Json;
    expect(Object.keys(legacy)).toContain('category_scores');
    const facts = trustResultFacts(legacy);
    expect([facts.verdict, facts.categoryScores, facts.signalsDetected, facts.suspiciousPatterns, facts.gapsVsBenchmark]).toEqual([null, null, null, null, null]);
    const meta = facts.meta;
    expect(isUnreadable(meta) ? 'unreadable' : meta.signalsEvaluated).toBeNull();
    const text = trustText(legacy, 'legacy-null-example.com');
    expect(text.summary).toContain('Never inspected: verdict, category scores, signals detected, suspicious patterns, gaps vs the benchmark, signals evaluated');
    expect(text.summary).not.toMatch(/\b0\/100\b|Score:\* 0/);

    const found = restyle({ ...trustSignalsResult('acme.example.com', '2026-11-20T14:02:11.000Z', 4200), suspiciousPatterns: [], gapsVsBenchmark: [] }, ['pascal']);
    const empty = trustResultFacts(found);
    expect([empty.suspiciousPatterns, empty.gapsVsBenchmark]).toEqual([[], []]);
    const shown = trustText(found, 'acme.example.com');
    expect(shown.summary).toContain('*Suspicious patterns:* none found.');
    expect(shown.details).toContain('No gaps: every benchmark signal was found.');
    expect(shown.summary).not.toContain('Never inspected');
  });

  it('keeps the category chart: the same bars from snake_case category scores', () => {
    const sandbox = trustSignalsResult('acme.example.com', '2026-11-20T14:02:11.000Z', 4200);
    const a = trustSummaryView(subject('trust', 'acme.example.com'), trustResultFacts(sandbox));
    const b = trustSummaryView(subject('trust', 'acme.example.com'), trustResultFacts(restyle(sandbox, ['snake', 'upper'])));
    expect(a.charts).toHaveLength(1);
    expect(b.charts).toEqual(a.charts);
    expect(a.charts[0]?.facts.series[0]?.points.every((p) => typeof p.value === 'number')).toBe(true);
  });
});

/** A part without the unknown fields the schema passes through (compared separately, as extras). */
function stripUnknown(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripUnknown);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'extras' && !UNKNOWN_TRUST.some((f) => f.key === k || words(f.key).join('_') === words(k).join('_'))).map(([k, v]) => [k, stripUnknown(v)]));
}

describe('the agent-adoption result reader', () => {
  const sandbox = (domain: string) => agentAdoptionResult(domain, '2026-01-01T00:00:05Z', 42_000, { debugMode: false, includeFixPrompts: true });
  const render = (raw: unknown, domain: string) => {
    const facts = agentsResultFacts(raw);
    const summary = agentsSummaryView(subject('agents', domain), facts);
    const details = agentsDetailsView(subject('agents', domain), facts, true);
    return { summary: textOf(summary), details: textOf(details), mrkdwn: JSON.stringify([summary.blocks, details.blocks]) };
  };

  it('a result in another house style states the same score, level, checks and clusters; unknown fields once, escaped', () => {
    fc.assert(
      fc.property(fc.constantFrom('pipedrift.com', 'northwind-example.com', 'acme.example.com'), fc.array(fc.constantFrom(...STYLES), { minLength: 1, maxLength: 6 }), fc.boolean(), (domain, styles, addUnknown) => {
        const raw = sandbox(domain);
        const base = render(raw, domain);
        const withExtras = structuredClone(raw);
        if (addUnknown) {
          withExtras.scanNote = `TOKEN-TOP ${HOSTILE}`;
          (withExtras.meta as Json).crawler_hint = `TOKEN-META ${HOSTILE}`;
          const reports = withExtras.categoryReports as Json[];
          (reports[0] as Json).owner_team = `TOKEN-REPORT ${HOSTILE}`;
          const failed = reports.flatMap((rep) => rep.checks as Json[]).find((c) => c.scored === true && c.status === 'fail');
          if (failed) failed.remediationNote = `TOKEN-CHECK ${HOSTILE}`;
          ((withExtras.clusters as Json[])[0] as Json).Rationale = `TOKEN-CLUSTER ${HOSTILE}`;
        }
        const variant = restyle(withExtras, styles);
        const seen = render(variant, domain);
        expect(without(seen.summary, /TOKEN-/)).toBe(base.summary);
        expect(without(seen.details, /TOKEN-/)).toBe(base.details);
        const a = agentsResultFacts(raw);
        const b = agentsResultFacts(variant);
        expect([b.score, b.level, b.levelName]).toEqual([a.score, a.level, a.levelName]);
        const all = `${seen.summary}\n${seen.details}`;
        for (const token of addUnknown ? ['TOKEN-TOP', 'TOKEN-META', 'TOKEN-REPORT', 'TOKEN-CHECK', 'TOKEN-CLUSTER'] : []) expect(all.split(token).length - 1, token).toBe(1);
        expect(seen.mrkdwn).not.toMatch(/<!here>|<@U1>/);
        if (addUnknown) expect(seen.mrkdwn).toContain('&lt;!here&gt; &lt;@U1&gt; &amp;amp;');
      }),
      { numRuns: 30 },
    );
  });
  it('an open-shape value given as an object is said by its text, read in the reader', () => {
    const raw = sandbox('pipedrift.com');
    (raw.clusters as Json[])[0]!.message = { Message: 'robots.txt <present>', code: 'ok' };
    raw.levelName = { description: 'Emerging' };
    const facts = agentsResultFacts(raw);
    const clusters = facts.clusters;
    expect(isUnreadable(clusters) ? null : (clusters[0] as Json).message).toBe('robots.txt <present>');
    expect(facts.levelName).toBe('Emerging');
    const details = agentsDetailsView(subject('agents', 'pipedrift.com'), facts, false);
    expect(JSON.stringify(details.blocks)).toContain('robots.txt &lt;present&gt;');
    expect(textOf(agentsSummaryView(subject('agents', 'pipedrift.com'), facts))).toContain('(Emerging)');
  });
});
