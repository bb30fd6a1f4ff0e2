/**
 * Trust-signals scan results (spec 2.9), deterministic by domain. A domain containing `shielded`
 * hides its response headers (no header evidence); one containing `legacy-null` reads like a scan
 * stored before pages were inspected (nulls that never mean a zero score).
 */
import { hashOf } from '../domain.js';

const CATEGORIES = ['enterpriseReadiness', 'thirdPartyValidation', 'socialProof', 'brandAuthority', 'riskReversal'] as const;
type Category = (typeof CATEGORIES)[number];

/** The fixed set of 26 signals in five categories. */
const SIGNALS: { signal: string; category: Category; weight: number }[] = [
  ...['soc2_badge', 'iso27001_badge', 'gdpr_statement', 'sso_mention', 'security_page', 'status_page'].map((signal) => ({ signal, category: 'enterpriseReadiness' as const, weight: 5 })),
  ...['g2_badge', 'capterra_rating', 'trustpilot_widget', 'gartner_mention', 'award_badge'].map((signal) => ({ signal, category: 'thirdPartyValidation' as const, weight: 4 })),
  ...['customer_logos', 'testimonials', 'case_studies', 'user_count_claim', 'review_quotes', 'community_size'].map((signal) => ({ signal, category: 'socialProof' as const, weight: 3 })),
  ...['press_mentions', 'founding_year', 'team_page', 'investor_logos', 'physical_address'].map((signal) => ({ signal, category: 'brandAuthority' as const, weight: 3 })),
  ...['free_trial', 'money_back_guarantee', 'no_credit_card', 'cancel_anytime'].map((signal) => ({ signal, category: 'riskReversal' as const, weight: 4 })),
];

function tier(score: number): string {
  if (score >= 75) return 'comprehensive';
  if (score >= 50) return 'substantial';
  if (score >= 25) return 'moderate';
  return 'minimal';
}

const BENCHMARK_FOR_TIER: Record<string, number> = { comprehensive: 82, substantial: 61, moderate: 38, minimal: 15 };

export function trustSignalsResult(domain: string, fetchedAt: string, scanDurationMs: number): Record<string, unknown> {
  const base = { domain, finalUrl: `https://${domain}/`, fetchedAt };
  if (domain.includes('legacy-null')) {
    return { ...base, verdict: null, categoryScores: null, signalsDetected: null, suspiciousPatterns: null, gapsVsBenchmark: null, meta: { signalsEvaluated: null, benchmarkSource: null, scanDurationMs } };
  }
  const shielded = domain.includes('shielded');
  const seed = hashOf(domain);
  const found = SIGNALS.filter((_, i) => ((seed >>> i % 29) + i) % 3 !== 0);
  const missing = SIGNALS.filter((s) => !found.includes(s));
  const totalWeight = SIGNALS.reduce((n, s) => n + s.weight, 0);
  const score = Math.round((found.reduce((n, s) => n + s.weight, 0) / totalWeight) * 100);
  const categoryScores = Object.fromEntries(
    CATEGORIES.map((category) => {
      const all = SIGNALS.filter((s) => s.category === category);
      const hits = found.filter((s) => s.category === category);
      return [category, { score: hits.reduce((n, s) => n + s.weight, 0), max: all.reduce((n, s) => n + s.weight, 0), signalsFound: hits.length }];
    }),
  );
  const signalsDetected = found.map((s) => {
    const evidence: { kind: string; source: string; matched: string }[] = [{ kind: 'html', source: `https://${domain}/`, matched: s.signal.replace(/_/g, ' ') }];
    if (!shielded && s.signal === 'security_page') evidence.push({ kind: 'header', source: 'strict-transport-security', matched: 'max-age=31536000' });
    return { signal: s.signal, category: s.category, weight: s.weight, confidence: evidence.length > 1 ? 'high' : 'medium', evidenceCount: evidence.length, evidence };
  });
  const t = tier(score);
  const result: Record<string, unknown> = {
    ...base,
    verdict: { tier: t, score, benchmarkForTier: BENCHMARK_FOR_TIER[t], benchmarkComparison: score >= (BENCHMARK_FOR_TIER[t] ?? 0) ? 'above-average' : 'below-average', summary: `${found.length} of ${SIGNALS.length} trust signals found.` },
    categoryScores,
    signalsDetected,
    suspiciousPatterns: found.some((s) => s.signal === 'soc2_badge') && !found.some((s) => s.signal === 'security_page') ? [{ type: 'unverified_compliance_claim', description: 'A SOC 2 badge with no security page to back it.' }] : [],
    gapsVsBenchmark: missing.slice(0, 5).map((s) => gap(s, 0.4 + (s.weight % 3) / 10)),
    meta: { signalsEvaluated: SIGNALS.length, benchmarkSource: 'sandbox-benchmark-2026', scanDurationMs },
  };
  if (shielded) result.headerInspection = { available: false, reason: 'site_uses_behavioral_protection' };
  return result;
}

/** A gap whose insight words the share as it is: "most peers" only above half. */
function gap(s: { signal: string; category: Category }, prevalence: number): Record<string, unknown> {
  const share = prevalence > 0.5 ? 'Most peers' : prevalence === 0.5 ? 'Half of peers' : `${Math.round(prevalence * 100)}% of peers`;
  return { signal: s.signal, category: s.category, benchmarkPrevalence: prevalence, ciInsight: `${share} show ${s.signal.replace(/_/g, ' ')}.` };
}
