/** Seeded strategic-briefing runs (spec 2.6), newest first per project. */
import type { BriefingMoveSeed, BriefingRunSeed, DiagnosisRowSeed } from './types.js';
import { daysAgo, hexId } from './ids.js';

const COVERAGE = [
  'AI visibility read over 5 models; rates divide by the answers that came back.',
  'Pricing compares fixed monthly per-seat amounts in USD only.',
  'Two competitors had no readable pricing page this edition.',
];

function diagnosis(pricingNote: string): DiagnosisRowSeed[] {
  return [
    { dimension: 'ai-visibility', label: 'AI visibility', status: 'watch', note: 'Named in fewer answers than Pipedrift and HubForge.', deepDive: 'ai-visibility' },
    { dimension: 'pricing', label: 'Pricing', status: 'strong', note: pricingNote, deepDive: 'pricing' },
    { dimension: 'content', label: 'Content', status: 'weak', note: 'HubForge added 60 programmatic landing pages.', deepDive: 'content' },
    { dimension: 'positioning', label: 'Positioning', status: 'strong', note: 'No deep-dive this edition: messaging unchanged since the last edition.' },
    { dimension: 'tech-trust', label: 'Tech and trust', status: 'watch', note: 'No deep-dive this edition: one competitor shields its headers, so the comparison is partial.' },
  ];
}

/** Moves an edition can open, most important first; publishing cycles through them. */
export const MOVE_LIBRARY: BriefingMoveSeed[] = [
  { title: 'Publish comparison pages against Pipedrift and HubForge', description: 'Both rank above us in AI answers for "best CRM for small teams". Ship /compare pages with honest tables.', dimension: 'content', estimatedMinutes: 480, impact: 4, effort: 'medium' },
  { title: 'Add a free tier or a longer trial to close the free-plan gap', description: 'HubForge offers a free plan; we are the only measured vendor without one.', dimension: 'pricing', estimatedMinutes: null, impact: 3, effort: 'high' },
  { title: 'Allow assistant crawlers while keeping training crawlers blocked', description: 'OAI-SearchBot and PerplexityBot are allowed; confirm the rule survives the next deploy.', dimension: 'ai-visibility', estimatedMinutes: 30, impact: 2, effort: 'low' },
  { title: 'Ship a case-study hub', description: 'Closewise and Pipedrift both publish customer stories; we have none indexed.', dimension: 'content', estimatedMinutes: 240, impact: 3, effort: 'medium' },
  { title: 'Publish llms.txt and a markdown version of the docs', description: 'Agent-readiness checks fail on llms.txt and markdown negotiation.', dimension: 'agent-readiness', estimatedMinutes: 90, impact: 2, effort: 'low' },
  { title: 'Tighten the security headers (CSP, HSTS preload)', description: 'Grade B against Pipedrift A; add a Content-Security-Policy and HSTS preload.', dimension: 'tech-trust', estimatedMinutes: 120, impact: 1, effort: 'low' },
];

function done(projectKey: string, n: number, days: number, headline: string, moves: BriefingMoveSeed[]): BriefingRunSeed {
  return {
    runId: hexId('run', `${projectKey}:briefing:${n}`),
    status: 'done',
    startedAt: daysAgo(days, 2),
    briefingDate: daysAgo(days),
    headline,
    diagnosis: diagnosis(n % 2 === 0 ? 'Priced 26% under the market average per seat.' : 'Priced 23% under the market average per seat.'),
    coverage: COVERAGE,
    moves,
  };
}

function failed(projectKey: string, n: number, days: number): BriefingRunSeed {
  return { runId: hexId('run', `${projectKey}:briefing:${n}`), status: 'failed', startedAt: daysAgo(days, 1), briefingDate: null, headline: null, diagnosis: [], coverage: [], moves: [] };
}

const pick = (...indexes: number[]): BriefingMoveSeed[] => indexes.flatMap((i) => (MOVE_LIBRARY[i] ? [MOVE_LIBRARY[i]] : []));

export function northwindBriefings(): BriefingRunSeed[] {
  return [
    done('northwind', 4, 2, 'Competitors are out-publishing you; your price advantage holds.', pick(0, 1, 2)),
    done('northwind', 3, 16, 'HubForge is pulling ahead in AI answers.', pick(3, 4)),
    failed('northwind', 2, 30),
    done('northwind', 1, 31, 'A steady month: pricing lead intact, content gap widening.', pick(5)),
  ];
}

export function lumenBriefings(): BriefingRunSeed[] {
  const running: BriefingRunSeed = {
    runId: hexId('run', 'lumen:briefing:3'),
    status: 'running',
    startedAt: daysAgo(0, 1),
    briefingDate: null,
    headline: null,
    diagnosis: [],
    coverage: [],
    moves: [],
    progress: { step: 'analysing_ai_visibility', startedAt: daysAgo(0, 1), updatedAt: daysAgo(0, 0.25) },
  };
  return [running, done('lumen', 2, 14, 'Docsmith leads AI answers; your own pricing could not be read.', pick(1, 4)), done('lumen', 1, 44, 'First edition: a crowded docs-tool market.', pick(3))];
}

export function quarryBriefings(): BriefingRunSeed[] {
  return [failed('quarry', 3, 1), done('quarry', 2, 15, 'Tillpoint undercuts you on annual billing.', pick(1, 5)), done('quarry', 1, 45, 'Your fees are the simplest in the market.', pick(2))];
}

export function singleEdition(projectKey: string, headline: string): BriefingRunSeed[] {
  return [done(projectKey, 1, 10, headline, pick(0))];
}
