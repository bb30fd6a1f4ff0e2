/**
 * Seeded strategic-briefing runs (spec 2.6), newest first per project. Each project's editions say
 * what its own seed data says: its own competitors by name, and a pricing note that matches its
 * pricing dashboard (Northwind priced under a measured market average, Lumen's own pricing
 * unmeasured, Quarry with too few comparable prices for an average).
 */
import type { BriefingMoveSeed, BriefingRunSeed, DiagnosisRowSeed } from './types.js';
import { daysAgo, hexId } from './ids.js';

/** What one project's editions say about it. */
export interface BriefingProfile {
  /** The project's competitors by name, most threatening first (at least one). */
  rivals: string[];
  /** The pricing row's status and note, true to the project's pricing dashboard. */
  pricing: { status: string; note: string; olderNote?: string };
  /** The pricing caveat, true to the project's pricing dashboard. */
  pricingCaveat: string;
  /** The competitor whose response headers are shielded in the project's tech-trust data, if one is. */
  shielded?: string;
}

const rival = (p: BriefingProfile, i: number): string => p.rivals[i % p.rivals.length] ?? 'a competitor';

function coverage(p: BriefingProfile): string[] {
  const caveats = ['AI visibility read over 5 models; rates divide by the answers that came back.', p.pricingCaveat];
  if (p.shielded) caveats.push(`${p.shielded} shields its response headers, so its security grade is not measured.`);
  return caveats;
}

function diagnosis(p: BriefingProfile, older: boolean): DiagnosisRowSeed[] {
  return [
    { dimension: 'ai-visibility', label: 'AI visibility', status: 'watch', note: `Named in fewer answers than ${rival(p, 0)} and ${rival(p, 1)}.`, deepDive: 'ai-visibility' },
    { dimension: 'pricing', label: 'Pricing', status: p.pricing.status, note: older ? (p.pricing.olderNote ?? p.pricing.note) : p.pricing.note, deepDive: 'pricing' },
    { dimension: 'content', label: 'Content', status: 'weak', note: `${rival(p, 1)} added 60 programmatic landing pages.`, deepDive: 'content' },
    { dimension: 'positioning', label: 'Positioning', status: 'strong', note: 'No deep-dive this edition: messaging unchanged since the last edition.' },
    {
      dimension: 'tech-trust',
      label: 'Tech and trust',
      status: p.shielded ? 'watch' : 'steady',
      note: p.shielded ? `No deep-dive this edition: ${p.shielded} shields its headers, so the comparison is partial.` : 'No deep-dive this edition: nothing moved since the last edition.',
    },
  ];
}

/** Moves an edition can open, most important first, naming the project's own competitors; publishing cycles through them. */
export function moveLibrary(rivals: readonly string[]): BriefingMoveSeed[] {
  const p: BriefingProfile = { rivals: [...rivals], pricing: { status: 'watch', note: '' }, pricingCaveat: '' };
  const [a, b, c] = [rival(p, 0), rival(p, 1), rival(p, 2)];
  return [
    { title: `Publish comparison pages against ${a} and ${b}`, description: `Both are named above us in AI answers. Ship /compare pages with honest tables.`, dimension: 'content', estimatedMinutes: 480, impact: 4, effort: 'medium' },
    { title: 'Add a free tier or a longer trial to close the free-plan gap', description: `${b} offers a free plan; we do not.`, dimension: 'pricing', estimatedMinutes: null, impact: 3, effort: 'high' },
    { title: 'Allow assistant crawlers while keeping training crawlers blocked', description: 'OAI-SearchBot and PerplexityBot are allowed; confirm the rule survives the next deploy.', dimension: 'ai-visibility', estimatedMinutes: 30, impact: 2, effort: 'low' },
    { title: 'Ship a case-study hub', description: `${c} and ${a} both publish customer stories; we have none indexed.`, dimension: 'content', estimatedMinutes: 240, impact: 3, effort: 'medium' },
    { title: 'Publish llms.txt and a markdown version of the docs', description: 'Agent-readiness checks fail on llms.txt and markdown negotiation.', dimension: 'agent-readiness', estimatedMinutes: 90, impact: 2, effort: 'low' },
    { title: 'Tighten the security headers (CSP, HSTS preload)', description: `Our grade trails ${a}'s; add a Content-Security-Policy and HSTS preload.`, dimension: 'tech-trust', estimatedMinutes: 120, impact: 1, effort: 'low' },
  ];
}

function done(projectKey: string, p: BriefingProfile, n: number, days: number, headline: string, moves: number[], older = false): BriefingRunSeed {
  const library = moveLibrary(p.rivals);
  return {
    runId: hexId('run', `${projectKey}:briefing:${n}`),
    status: 'done',
    startedAt: daysAgo(days, 2),
    briefingDate: daysAgo(days),
    headline,
    diagnosis: diagnosis(p, older),
    coverage: coverage(p),
    moves: moves.flatMap((i) => (library[i] ? [library[i]] : [])),
  };
}

function failed(projectKey: string, n: number, days: number): BriefingRunSeed {
  return { runId: hexId('run', `${projectKey}:briefing:${n}`), status: 'failed', startedAt: daysAgo(days, 1), briefingDate: null, headline: null, diagnosis: [], coverage: [], moves: [] };
}

const NORTHWIND: BriefingProfile = {
  rivals: ['Pipedrift', 'HubForge', 'Closewise'],
  pricing: { status: 'strong', note: 'Priced 26% under the market average per seat (4 comparable prices).', olderNote: 'Priced 23% under the market average per seat.' },
  pricingCaveat: 'Pricing compares fixed monthly per-seat amounts in USD; two competitors had no readable pricing page.',
  shielded: 'HubForge',
};

const LUMEN: BriefingProfile = {
  rivals: ['Docsmith', 'Inkpage', 'Readwell'],
  pricing: { status: 'not measured', note: 'Your own pricing page could not be found, so your position against the market is not measured.' },
  pricingCaveat: 'Your own pricing could not be analysed; the market average rests on three competitor prices per editor.',
};

const QUARRY: BriefingProfile = {
  rivals: ['Tillpoint', 'Coinrail', 'Settlefy'],
  pricing: { status: 'watch', note: 'Too few comparable prices for a market average: only Tillpoint quotes a flat monthly USD price, and it offers an annual discount you lack.' },
  pricingCaveat: 'Competitors price in different currencies and units (flat monthly, per transaction), so no market average was computed.',
};

export function northwindBriefings(): BriefingRunSeed[] {
  return [
    done('northwind', NORTHWIND, 4, 2, 'Competitors are out-publishing you; your price advantage holds.', [0, 1, 2]),
    done('northwind', NORTHWIND, 3, 16, 'HubForge is pulling ahead in AI answers.', [3, 4], true),
    failed('northwind', 2, 30),
    done('northwind', NORTHWIND, 1, 31, 'A steady month: pricing lead intact, content gap widening.', [5], true),
  ];
}

export function lumenBriefings(): BriefingRunSeed[] {
  // Started minutes before the sandbox did, so it reads as a run under way (runs finish within two hours).
  const running: BriefingRunSeed = {
    runId: hexId('run', 'lumen:briefing:3'),
    status: 'running',
    startedAt: daysAgo(0, 0.4),
    briefingDate: null,
    headline: null,
    diagnosis: [],
    coverage: [],
    moves: [],
    progress: { step: 'analysing_ai_visibility', startedAt: daysAgo(0, 0.4), updatedAt: daysAgo(0, 0.05) },
  };
  return [running, done('lumen', LUMEN, 2, 14, 'Docsmith leads AI answers; your own pricing could not be read.', [0, 4]), done('lumen', LUMEN, 1, 44, 'First edition: a crowded docs-tool market.', [3])];
}

export function quarryBriefings(): BriefingRunSeed[] {
  return [
    failed('quarry', 3, 1),
    done('quarry', QUARRY, 2, 15, 'Tillpoint undercuts you on annual billing.', [3, 5]),
    done('quarry', QUARRY, 1, 45, 'Your fees are the simplest in the market.', [2]),
  ];
}

/** A project with one edition; `rivals` are its competitors' names. */
export function singleEdition(projectKey: string, headline: string, rivals: string[] = ['a competitor']): BriefingRunSeed[] {
  const profile: BriefingProfile = {
    rivals,
    pricing: { status: 'not measured', note: 'No pricing run yet, so pricing is not compared.' },
    pricingCaveat: 'Pricing is not measured for this project yet.',
  };
  return [done(projectKey, profile, 1, 10, headline, [0])];
}
