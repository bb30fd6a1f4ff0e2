/**
 * AI-visibility checks (spec 2.5, 4.3). Answers are generated deterministically from a brand pool,
 * and every summary figure is computed from those answers, so the numbers agree with each other.
 * A tracked competitor no answer names keeps `answersNaming: 0` beside a null `rankByPresence`.
 */
import type { AiAnswerSeed, AiCheckSeed, AiVisibilitySeed, CompetitorSeed, Json } from './types.js';
import { daysAgo, hexId } from './ids.js';

/** The sandbox's AI model enum (the spec does not list the values). */
export const AI_PROVIDERS = ['chatgpt', 'claude', 'gemini', 'perplexity', 'google-ai-overview'] as const;

interface Brand {
  name: string;
  domain: string;
}

/** Points for positions 1 to 5, evenly spaced; nothing below the top 5. */
export function points(rank: number): number {
  return rank <= 5 ? ((6 - rank) / 5) * 100 : 0;
}

function rotate<T>(list: T[], by: number): T[] {
  const n = by % list.length;
  return [...list.slice(n), ...list.slice(0, n)];
}

/** Queries of a check that came back without a usable answer, or read with nothing to show. */
interface QueryGaps {
  /** `provider:promptIndex` of queries with no usable answer (they assert nothing about anyone). */
  unanswered?: string[];
  /** `provider:promptIndex` of queries read with nothing to show (no AI overview); excluded from every count. */
  noAnswerShown?: string[];
}

function buildAnswers(pool: Brand[], providers: readonly string[], promptCount: number, shift: number, belowTop5: Brand | null, gaps: QueryGaps): AiAnswerSeed[] {
  const answers: AiAnswerSeed[] = [];
  const skipped = new Set([...(gaps.unanswered ?? []), ...(gaps.noAnswerShown ?? [])]);
  providers.forEach((provider, pi) => {
    for (let k = 0; k < promptCount; k++) {
      if (skipped.has(`${provider}:${k}`)) continue;
      const named = rotate(pool, pi * 2 + k * 3 + shift).slice(0, 6);
      // A brand some answers name only in 7th place: named (mentionRate > 0) yet scoring 0.
      if (belowTop5 && (pi + k) % 2 === 0) named.push(belowTop5);
      answers.push({
        provider,
        promptIndex: k,
        brands: named.map((b, i) => ({ ...b, rank: i + 1, reasoning: `${b.name} is often recommended for ${i < 2 ? 'its ease of use' : 'its integrations'}.` })),
      });
    }
  });
  return answers;
}

/** The customer's figures per model, over that model's counted answers. */
function perProvider(answers: AiAnswerSeed[], providers: readonly string[], domain: string): Json[] {
  return providers.map((provider) => {
    const own = answers.filter((a) => a.provider === provider);
    const ranks = own.flatMap((a) => a.brands.filter((b) => b.domain === domain).map((b) => b.rank));
    return {
      provider,
      answersCounted: own.length,
      answersNaming: ranks.length,
      mentionRate: own.length === 0 ? null : Math.round((ranks.length / own.length) * 1000) / 1000,
      score: own.length === 0 ? null : ranks.length === 0 ? 0 : Math.round(ranks.reduce((s, r) => s + points(r), 0) / ranks.length),
    };
  });
}

interface BrandStats {
  domain: string;
  name: string;
  isOwn: boolean;
  tracked: boolean;
  answersNaming: number;
  mentionRate: number;
  score: number;
  rankByPresence: number | null;
}

function stats(brands: Brand[], answers: AiAnswerSeed[], own: string, tracked: Set<string>): BrandStats[] {
  const rows = brands.map((b) => {
    const ranks = answers.flatMap((a) => a.brands.filter((x) => x.domain === b.domain).map((x) => x.rank));
    const score = ranks.length === 0 ? 0 : Math.round(ranks.reduce((s, r) => s + points(r), 0) / ranks.length);
    return {
      domain: b.domain,
      name: b.name,
      isOwn: b.domain === own,
      tracked: tracked.has(b.domain),
      answersNaming: ranks.length,
      mentionRate: Math.round((ranks.length / answers.length) * 1000) / 1000,
      score,
      rankByPresence: null as number | null,
    };
  });
  const named = rows.filter((r) => r.answersNaming > 0).sort((a, b) => b.answersNaming - a.answersNaming || a.domain.localeCompare(b.domain));
  named.forEach((r, i) => (r.rankByPresence = i + 1));
  return [...named, ...rows.filter((r) => r.answersNaming === 0)];
}

interface CheckInput {
  projectKey: string;
  index: number;
  competitors: CompetitorSeed[];
  /** Brands answers name besides the tracked ones. */
  others: Brand[];
  /** Tracked domains no answer names. */
  unnamed: string[];
  prompts: string[];
  providers: readonly string[];
  /** A brand kept out of every top 5: named only in 7th place (score 0, mentionRate > 0). */
  belowTop5?: Brand;
  gaps?: QueryGaps;
}

function buildCheck(input: CheckInput): AiCheckSeed {
  const ownDomain = input.competitors.find((c) => c.isOwn)?.domain ?? '';
  const tracked = input.competitors.map((c) => ({ name: c.name, domain: c.domain }));
  const below = input.belowTop5 ?? null;
  const pool = [...tracked.filter((b) => !input.unnamed.includes(b.domain)), ...input.others.filter((b) => b.domain !== below?.domain)];
  const gaps = input.gaps ?? {};
  const answers = buildAnswers(pool, input.providers, input.prompts.length, input.index, below, gaps);
  const rows = stats([...tracked, ...input.others], answers, ownDomain, new Set(tracked.map((b) => b.domain)));
  const own = rows.find((r) => r.isOwn);
  const perPrompt = input.prompts.map((prompt, k) => {
    const forPrompt = answers.filter((a) => a.promptIndex === k);
    const ranks = forPrompt.flatMap((a) => a.brands.filter((b) => b.domain === ownDomain).map((b) => b.rank));
    return {
      promptIndex: k,
      prompt,
      mentionRate: forPrompt.length === 0 ? null : Math.round((ranks.length / forPrompt.length) * 1000) / 1000,
      score: ranks.length === 0 ? 0 : Math.round(ranks.reduce((s, r) => s + points(r), 0) / ranks.length),
    };
  });
  const competitorRows = rows.filter((r) => r.tracked && !r.isOwn);
  const top = [...competitorRows].filter((r) => r.rankByPresence !== null).sort((a, b) => (a.rankByPresence ?? 0) - (b.rankByPresence ?? 0))[0];
  return {
    checkId: hexId('chk', `${input.projectKey}:ai-visibility:${input.index}`),
    checkedAt: daysAgo(input.index * 7 + 1, 3),
    providers: [...input.providers],
    prompts: input.prompts,
    answers,
    summary: {
      customer: own
        ? { domain: own.domain, score: own.score, mentionRate: own.mentionRate, answersNaming: own.answersNaming, rankByPresence: own.rankByPresence, perPrompt, perProvider: perProvider(answers, input.providers, ownDomain) }
        : null,
      topCompetitor: top ?? null,
      totalEntries: answers.length,
      marketMap: { brands: rows.filter((r) => r.tracked || r.answersNaming > 0).map((r) => ({ ...r })) },
      competitorRankings: rows.filter((r) => r.tracked).map((r) => ({ ...r })),
    },
    providerStatus: Object.fromEntries(input.providers.map((p) => [p, { status: 'ok', answers: answers.filter((a) => a.provider === p).length }])),
    answerCoverage: {
      queriesSent: input.providers.length * input.prompts.length,
      answers: answers.length,
      unansweredQueries: gaps.unanswered?.length ?? 0,
      noAnswerShown: gaps.noAnswerShown?.length ?? 0,
    },
    unansweredQueries: (gaps.unanswered ?? []).map(queryRef),
    noAnswerShown: (gaps.noAnswerShown ?? []).map((ref) => ({ ...queryRef(ref), reason: 'no_ai_overview_shown' })),
  };
}

function queryRef(ref: string): { provider: string; promptIndex: number } {
  const at = ref.lastIndexOf(':');
  return { provider: ref.slice(0, at), promptIndex: Number(ref.slice(at + 1)) };
}

const CRM_OTHERS: Brand[] = [
  { name: 'Zenlead', domain: 'zenlead.com' },
  { name: 'FunnelBee', domain: 'funnelbee.io' },
  { name: 'Crmly', domain: 'crmly.com' },
  { name: 'OpenDeal', domain: 'opendeal.app' },
  { name: 'LeadHaven', domain: 'leadhaven.com' },
  { name: 'TallyForce', domain: 'tallyforce.com' },
  { name: 'Brightdesk', domain: 'brightdesk.com' },
  { name: 'Quotaly', domain: 'quotaly.io' },
];

/** Named only in 7th place by half the answers: score 0 beside a non-zero mentionRate. */
const BELOW_TOP_5: Brand = { name: 'Quotaly', domain: 'quotaly.io' };

/**
 * Three scored checks, newest first, over 15 market-map brands (more than one compact page); DealStream
 * is tracked but never named (rankByPresence null, answersNaming 0); Quotaly is named only below the top 5.
 */
export function northwindAiVisibility(competitors: CompetitorSeed[], prompts: string[]): AiVisibilitySeed {
  return {
    checks: [0, 1, 2].map((index) =>
      buildCheck({ projectKey: 'northwind', index, competitors, others: CRM_OTHERS, unnamed: ['dealstream.io'], prompts, providers: AI_PROVIDERS, belowTop5: BELOW_TOP_5 }),
    ),
  };
}

/**
 * Quarry: fourteen weekly checks (history long enough for the sandbox's response size cap to drop
 * entries). The latest ran on a smaller model set (two models, one an AI-overview engine): one query
 * came back without a usable answer and one showed no AI overview.
 */
export function quarryAiVisibility(competitors: CompetitorSeed[], prompts: string[]): AiVisibilitySeed {
  const others: Brand[] = [
    { name: 'Plainpage', domain: 'plainpage.com' },
    { name: 'Fernly', domain: 'fernly.io' },
  ];
  const checks = Array.from({ length: 14 }, (_, index) =>
    index === 0
      ? buildCheck({ projectKey: 'quarry', index, competitors, others, unnamed: [], prompts, providers: ['chatgpt', 'google-ai-overview'], gaps: { unanswered: ['chatgpt:2'], noAnswerShown: ['google-ai-overview:1'] } })
      : buildCheck({ projectKey: 'quarry', index, competitors, others, unnamed: [], prompts, providers: AI_PROVIDERS.slice(0, 3) }),
  );
  return { checks };
}

/** A small check over three models; `abandoned` marks the most recent check as incomplete. */
export function simpleAiVisibility(projectKey: string, competitors: CompetitorSeed[], prompts: string[], abandoned: boolean): AiVisibilitySeed {
  const others: Brand[] = [
    { name: 'Plainpage', domain: 'plainpage.com' },
    { name: 'Fernly', domain: 'fernly.io' },
  ];
  const checks = [0, 1].map((index) => buildCheck({ projectKey, index, competitors, others, unnamed: [], prompts, providers: AI_PROVIDERS.slice(0, 3) }));
  return abandoned ? { checks, latestCheckDataAvailable: { available: false, reason: 'latest_check_incomplete' } } : { checks };
}
