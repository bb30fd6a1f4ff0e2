/**
 * Positioning dashboards (spec 2.5). An empty string means the page was read and has no such element;
 * null means the page was never read (Northwind's DealStream row).
 */
import type { CompetitorSeed, DimensionSeed, Json } from './types.js';
import { daysAgo, hexId } from './ids.js';

interface Messaging {
  headline: string | null;
  subheadline: string | null;
  primaryCta: string | null;
  secondaryCta: string | null;
  targetAudience: string | null;
  valuePropositions: string[] | null;
}

const NEVER_READ: Messaging = { headline: null, subheadline: null, primaryCta: null, secondaryCta: null, targetAudience: null, valuePropositions: null };

function positioningDimension(projectKey: string, competitors: CompetitorSeed[], messaging: Record<string, Messaging>, analysis: Json): DimensionSeed {
  const rows = competitors.map((c) => ({ competitorId: c.id, domain: c.domain, isOwn: c.isOwn, ...(messaging[c.id] ?? NEVER_READ) }));
  return {
    latest: { competitors: rows, messagingAnalysis: analysis },
    runs: [0, 1].map((i) => ({
      runId: hexId('run', `${projectKey}:positioning:${i}`),
      startedAt: daysAgo(i * 14 + 4, 1),
      completedAt: daysAgo(i * 14 + 4),
      summary: { ...analysis, changedCompetitors: 2 - i },
    })),
  };
}

export function northwindPositioning(competitors: CompetitorSeed[]): DimensionSeed {
  return positioningDimension(
    'northwind',
    competitors,
    {
      cmp_nw_own: { headline: 'The CRM your whole revenue team actually uses', subheadline: 'Pipeline, email and forecasting in one place.', primaryCta: 'Start free trial', secondaryCta: 'Book a demo', targetAudience: 'B2B sales teams of 10 to 200', valuePropositions: ['Set up in a day', 'Forecasts you can trust', 'Email sync built in'] },
      cmp_nw_pipedrift: { headline: 'Close more deals with less busywork', subheadline: 'The visual pipeline CRM for growing teams.', primaryCta: 'Try it free', secondaryCta: 'See pricing', targetAudience: 'Small sales teams', valuePropositions: ['Visual pipeline', 'AI sales assistant'] },
      cmp_nw_hubforge: { headline: 'Grow better with one connected platform', subheadline: '', primaryCta: 'Get started free', secondaryCta: '', targetAudience: 'Marketing and sales teams', valuePropositions: ['All-in-one platform', 'Free CRM forever'] },
      cmp_nw_closewise: { headline: 'The CRM built for inside sales', subheadline: 'Calling, SMS and email without leaving the app.', primaryCta: 'Start your trial', secondaryCta: '', targetAudience: 'Inside sales teams', valuePropositions: [] },
      cmp_nw_salesloom: { headline: 'Revenue orchestration for modern sellers', subheadline: 'Cadences, calls and coaching.', primaryCta: 'Request a demo', secondaryCta: 'Watch the tour', targetAudience: 'Enterprise sales organisations', valuePropositions: ['Cadence automation', 'Conversation intelligence'] },
      cmp_nw_relatekit: { headline: 'A developer-friendly CRM API', subheadline: 'Build the CRM your product needs.', primaryCta: 'Read the docs', secondaryCta: 'Get an API key', targetAudience: 'Product and engineering teams', valuePropositions: ['REST and webhooks', 'SOC 2 Type II'] },
    },
    { differentiationScore: 64, crowdedClaims: ['all-in-one', 'AI assistant'], uncontestedClaims: ['set up in a day'] },
  );
}

export function simplePositioning(projectKey: string, competitors: CompetitorSeed[]): DimensionSeed {
  const messaging: Record<string, Messaging> = {};
  for (const c of competitors) {
    messaging[c.id] = { headline: `${c.name}: built for teams that ship`, subheadline: `Everything you need, nothing you don't.`, primaryCta: 'Get started', secondaryCta: 'Talk to sales', targetAudience: 'Growing software teams', valuePropositions: ['Fast setup', 'Fair pricing'] };
  }
  return positioningDimension(projectKey, competitors, messaging, { differentiationScore: 48, crowdedClaims: ['fast setup'], uncontestedClaims: [] });
}
