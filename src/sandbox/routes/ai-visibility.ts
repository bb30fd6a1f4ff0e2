/** AI visibility: latest check, scored-check history and check detail, with the 4.3 query rules. */
import * as z from 'zod';
import { boolQuery, intQuery, openObject, paginationSchema, timestamp } from '../docs/schemas.js';
import type { Route, RouteContext, SandboxState } from '../types.js';
import { SandboxHttpError } from '../types.js';
import type { AiCheckSeed, Json } from '../seed/types.js';
import { AI_PROVIDERS, points } from '../seed/ai-visibility.js';
import { CHECK_ID_PATTERN } from '../seed/ids.js';
import { boolParam, enumParam, intParam, invalid, noData, paginate, pagingParams, requireProject } from './params.js';

const VIEWS = ['compact', 'full'] as const;
/** Rows per compact page when no `limit` is sent. */
const DEFAULT_PAGE = 10;
/**
 * The history's response size cap (spec 2.5 and 8 name one; its value is not shown): whole entries
 * are dropped from the end of `items` past this many bytes, and `truncated` says so.
 */
export const HISTORY_BYTE_CAP = 12_000;

const READING_GUIDE = {
  'summary.customer.score': '0 to 100 over the top 5 positions of answers that named the brand; never a standing claim',
  'summary.customer.mentionRate': 'share of the answers counted that named the brand',
  'summary.marketMap.brands[].rankByPresence': 'null for a brand no answer named (answersNaming 0)',
  'summary.marketMap.brandsPage': 'compact view: one page; own and tracked rows are on every page, de-duplicate by domain',
};

const pageSchema = z.object({ offset: z.number().int(), limit: z.number().int(), total: z.number().int(), hasMore: z.boolean() });
const brandRow = z.looseObject({ domain: z.string(), rankByPresence: z.number().int().nullable(), answersNaming: z.number().int() });
const customerSchema = z.looseObject({ domain: z.string(), score: z.number(), mentionRate: z.number(), answersNaming: z.number().int(), rankByPresence: z.number().int().nullable(), perPrompt: z.array(openObject) });

const checkQuery = z.object({
  includeAnswers: boolQuery().optional(),
  provider: z.enum(AI_PROVIDERS).optional().meta({ description: 'Needs includeAnswers=true.' }),
  brand: z.string().optional().meta({ description: 'A domain; needs includeAnswers=true.' }),
  promptIndex: intQuery(0).optional().meta({ description: 'Zero-based; needs includeAnswers=true.' }),
  view: z.enum(VIEWS).optional(),
  includeSummary: boolQuery().optional(),
  offset: intQuery(0).optional().meta({ description: 'Paging of the compact lists.' }),
  limit: intQuery(1, 100).optional().meta({ description: 'Paging of the compact lists (default 10).' }),
});

const checkItemSchema = z.object({
  checkId: z.string(),
  checkedAt: timestamp,
  providers: z.array(z.string()),
  view: z.enum(VIEWS),
  readingGuide: z.record(z.string(), z.string()),
  summary: z
    .looseObject({
      customer: customerSchema.nullable(),
      topCompetitor: openObject.nullable(),
      totalEntries: z.number().int(),
      marketMap: z.object({ brands: z.array(brandRow), brandsPage: pageSchema.optional() }),
    })
    .optional(),
  answers: z.array(z.object({ provider: z.string(), promptIndex: z.number().int(), prompt: z.string().nullable(), brands: z.array(openObject) })).optional(),
  unansweredQueries: z.array(openObject).optional().meta({ description: 'With includeAnswers: queries with no usable answer (they assert nothing), narrowed like answers.' }),
  noAnswerShown: z.array(openObject).optional().meta({ description: 'With includeAnswers: queries read with nothing to show (excluded from every count), narrowed like answers.' }),
  providerStatus: openObject.optional(),
  answerCoverage: z.looseObject({ queriesSent: z.number().int() }).optional(),
  latestCheckDataAvailable: openObject.optional(),
});

const historyRowSchema = z.object({
  checkId: z.string(),
  checkedAt: timestamp,
  summary: z.object({ customer: customerSchema.nullable(), topCompetitor: openObject.nullable(), competitorRankings: z.array(brandRow), competitorRankingsPage: pageSchema }),
});

interface ReadOptions {
  includeAnswers: boolean;
  provider: string | null;
  brand: string | null;
  promptIndex: number | null;
  view: (typeof VIEWS)[number];
  showSummary: boolean;
  page: { offset: number; limit: number };
}

/** Validates the query of a check read in the order the refusals of spec 4.3 need. */
function readOptions(query: URLSearchParams): ReadOptions {
  const includeAnswers = boolParam(query, 'includeAnswers', false);
  const provider = query.get('provider');
  const brand = query.get('brand');
  const promptIndexSent = query.has('promptIndex');
  if (!includeAnswers && (provider !== null || brand !== null || promptIndexSent)) {
    throw invalid('provider, brand and promptIndex require includeAnswers=true.');
  }
  if (provider !== null && !(AI_PROVIDERS as readonly string[]).includes(provider)) throw invalid(`provider must be one of ${AI_PROVIDERS.join(', ')}.`);
  const promptIndex = promptIndexSent ? intParam(query, 'promptIndex', 0, 0) : null;
  const view = enumParam(query, 'view', VIEWS, 'compact');
  const includeSummary = query.has('includeSummary') ? boolParam(query, 'includeSummary', true) : null;
  const pagingSent = query.has('offset') || query.has('limit');
  const page = { offset: intParam(query, 'offset', 0, 0), limit: intParam(query, 'limit', DEFAULT_PAGE, 1, 100) };
  if (pagingSent && view === 'full') throw new SandboxHttpError(400, 'paging_requires_compact_view', 'Paging parameters need view=compact.');
  if (pagingSent && includeSummary === false) throw new SandboxHttpError(400, 'paging_requires_summary', 'Paging parameters page the summary; drop includeSummary=false.');
  if (includeSummary === false && !includeAnswers) throw new SandboxHttpError(400, 'nothing_to_return', 'includeSummary=false without includeAnswers=true leaves nothing to return.');
  const showSummary = includeAnswers ? includeSummary === true || pagingSent : true;
  return { includeAnswers, provider, brand: brand?.toLowerCase() ?? null, promptIndex, view, showSummary, page };
}

/** One compact page of a long list; own and tracked rows are added to every page. */
function compactList(rows: Json[], page: { offset: number; limit: number }): { rows: Json[]; page: Json } {
  const slice = rows.slice(page.offset, page.offset + page.limit);
  const pinned = rows.filter((r) => (r.isOwn === true || r.tracked === true) && !slice.includes(r));
  return {
    rows: [...slice, ...pinned],
    page: { offset: page.offset, limit: page.limit, total: rows.length, hasMore: page.offset + page.limit < rows.length },
  };
}

function summaryOf(check: AiCheckSeed, opts: ReadOptions): Json {
  const { competitorRankings: _rankings, marketMap, ...rest } = check.summary;
  if (opts.view === 'full') return { ...rest, marketMap };
  const { rows, page } = compactList(marketMap.brands, opts.page);
  return { ...rest, marketMap: { brands: rows, brandsPage: page } };
}

function answersOf(check: AiCheckSeed, opts: ReadOptions): Json[] {
  return check.answers
    .filter((a) => (opts.provider === null || a.provider === opts.provider) && (opts.promptIndex === null || a.promptIndex === opts.promptIndex))
    .map((a) => ({
      provider: a.provider,
      promptIndex: a.promptIndex,
      prompt: check.prompts[a.promptIndex] ?? null,
      brands: opts.brand === null || a.brands.some((b) => b.domain.toLowerCase() === opts.brand) ? a.brands : [],
    }));
}

/** Unanswered or no-answer-shown query references, narrowed by provider and prompt like the answers. */
function queriesOf(refs: Json[] | undefined, check: AiCheckSeed, opts: ReadOptions): Json[] {
  return (refs ?? [])
    .filter((r) => (opts.provider === null || r.provider === opts.provider) && (opts.promptIndex === null || r.promptIndex === opts.promptIndex))
    .map((r) => ({ ...r, prompt: check.prompts[Number(r.promptIndex)] ?? null }));
}

function checkItem(check: AiCheckSeed, opts: ReadOptions, detail: boolean): Json {
  const item: Json = { checkId: check.checkId, checkedAt: check.checkedAt, providers: check.providers, view: opts.view, readingGuide: READING_GUIDE };
  if (opts.showSummary) item.summary = summaryOf(check, opts);
  if (opts.includeAnswers) {
    item.answers = answersOf(check, opts);
    item.unansweredQueries = queriesOf(check.unansweredQueries, check, opts);
    item.noAnswerShown = queriesOf(check.noAnswerShown, check, opts);
    if (detail) {
      item.providerStatus = check.providerStatus;
      if (check.answerCoverage) item.answerCoverage = check.answerCoverage;
    }
  }
  return item;
}

function historyRow(check: AiCheckSeed): Json {
  const { rows, page } = compactList(check.summary.competitorRankings, { offset: 0, limit: DEFAULT_PAGE });
  const { customer, topCompetitor } = check.summary;
  return { checkId: check.checkId, checkedAt: check.checkedAt, summary: { customer, topCompetitor, competitorRankings: rows, competitorRankingsPage: page } };
}

/** Drops whole entries from the end past the byte cap (spec 2.5: `truncated`, `pagination` unchanged). */
function capped(items: Json[]): { items: Json[]; truncated: boolean } {
  const kept: Json[] = [];
  let bytes = 2;
  for (const item of items) {
    bytes += JSON.stringify(item).length + 1;
    if (bytes > HISTORY_BYTE_CAP) return { items: kept, truncated: true };
    kept.push(item);
  }
  return { items: kept, truncated: false };
}

const trendQuery = z.object({
  provider: z.enum(AI_PROVIDERS).optional().meta({ description: "Sandbox's design (the spec does not show the trend's parameters): one model's figures; ranks are then null." }),
  limit: intQuery(1, 52).optional().meta({ description: "Sandbox's design: how many checks, newest first (default 12)." }),
});

const trendBrand = z.object({
  domain: z.string(),
  name: z.string(),
  isOwn: z.boolean(),
  tracked: z.boolean(),
  mentionRate: z.number().nullable(),
  score: z.number().nullable(),
  answersNaming: z.number().int(),
  rank: z.number().int().nullable().meta({ description: 'Presence rank across every model; null when no answer named the brand, and always under a provider filter.' }),
  rankChange: z.number().int().nullable().meta({ description: 'Previous rank minus this rank (positive: moved up); null when either rank is null or there is no earlier check.' }),
});

const trendSchema = z.object({
  item: z.object({
    provider: z.string().nullable(),
    points: z.array(z.object({ checkId: z.string(), checkedAt: timestamp, answersCounted: z.number().int(), brands: z.array(trendBrand) })),
  }),
});

/** One check as a trend point: own and tracked brands over the answers of `provider` (every model when null). */
function trendPoint(check: AiCheckSeed, provider: string | null): Json & { brands: Json[] } {
  const answers = check.answers.filter((a) => provider === null || a.provider === provider);
  const brands = check.summary.competitorRankings.map((row) => {
    const ranks = answers.flatMap((a) => a.brands.filter((b) => b.domain === row.domain).map((b) => b.rank));
    return {
      domain: row.domain,
      name: row.name,
      isOwn: row.isOwn === true,
      tracked: row.tracked === true,
      mentionRate: answers.length === 0 ? null : Math.round((ranks.length / answers.length) * 1000) / 1000,
      score: answers.length === 0 ? null : ranks.length === 0 ? 0 : Math.round(ranks.reduce((s, r) => s + points(r), 0) / ranks.length),
      answersNaming: ranks.length,
      rank: provider === null ? (row.rankByPresence as number | null) : null,
      rankChange: null as number | null,
    };
  });
  return { checkId: check.checkId, checkedAt: check.checkedAt, answersCounted: answers.length, brands };
}

function trendOf(checks: AiCheckSeed[], provider: string | null, limit: number): Json[] {
  const points = checks.slice(0, limit + 1).map((c) => trendPoint(c, provider));
  points.forEach((point, i) => {
    const earlier = points[i + 1];
    for (const b of point.brands) {
      const before = earlier?.brands.find((x) => x.domain === b.domain);
      const prev = before?.rank;
      b.rankChange = typeof prev === 'number' && typeof b.rank === 'number' ? prev - b.rank : null;
    }
  });
  return points.slice(0, limit);
}

function checksOf(state: SandboxState, ctx: RouteContext) {
  return requireProject(state, ctx).aiVisibility;
}

export function aiVisibilityRoutes(state: SandboxState): Route[] {
  const base = '/v1/projects/:projectId/ai-visibility';
  return [
    {
      method: 'GET',
      pattern: base,
      scope: 'read',
      doc: { summary: 'The latest scored AI visibility check.', query: checkQuery, response: z.object({ item: checkItemSchema }), errors: [400, 404] },
      handler: (ctx) => {
        const seed = checksOf(state, ctx);
        const opts = readOptions(ctx.query);
        const latest = seed?.checks[0];
        if (!seed || !latest) throw noData('AI visibility');
        const item = checkItem(latest, opts, false);
        if (seed.latestCheckDataAvailable) item.latestCheckDataAvailable = seed.latestCheckDataAvailable;
        return { body: { item } };
      },
    },
    {
      method: 'GET',
      pattern: `${base}/history`,
      scope: 'read',
      doc: {
        summary: 'Scored AI visibility checks, newest first.',
        query: z.object({ page: intQuery(1).optional(), limit: intQuery(1, 100).optional() }),
        response: z.object({ items: z.array(historyRowSchema), pagination: paginationSchema, truncated: z.boolean() }),
        errors: [400, 404],
      },
      handler: (ctx) => {
        const checks = checksOf(state, ctx)?.checks ?? [];
        const page = paginate(checks.map(historyRow), pagingParams(ctx.query));
        const { items, truncated } = capped(page.items);
        return { body: { items, pagination: page.pagination, truncated } };
      },
    },
    {
      method: 'GET',
      pattern: `${base}/trend`,
      scope: 'read',
      doc: {
        summary: "AI visibility over recent checks (the spec does not show this read's parameters or payload: this is the sandbox's design). Own and tracked brands per check, newest first.",
        query: trendQuery,
        response: trendSchema,
        errors: [400, 404],
      },
      handler: (ctx) => {
        const seed = checksOf(state, ctx);
        if (!seed || seed.checks.length === 0) throw noData('AI visibility');
        const provider = ctx.query.get('provider');
        if (provider !== null && !(AI_PROVIDERS as readonly string[]).includes(provider)) throw invalid(`provider must be one of ${AI_PROVIDERS.join(', ')}.`);
        const limit = intParam(ctx.query, 'limit', 12, 1, 52);
        return { body: { item: { provider, points: trendOf(seed.checks, provider, limit) } } };
      },
    },
    {
      method: 'GET',
      pattern: `${base}/history/:checkId`,
      scope: 'read',
      doc: { summary: 'One AI visibility check.', query: checkQuery, response: z.object({ item: checkItemSchema }), errors: [400, 404] },
      handler: (ctx) => {
        const checks = checksOf(state, ctx)?.checks ?? [];
        const id = ctx.params.checkId ?? '';
        if (!CHECK_ID_PATTERN.test(id)) throw new SandboxHttpError(400, 'invalid_check_id', `${id} is not a check id.`);
        const opts = readOptions(ctx.query);
        const check = checks.find((c) => c.checkId === id);
        if (!check) throw new SandboxHttpError(404, 'run_not_found', `Check ${id} is not a check of this project.`);
        return { body: { item: checkItem(check, opts, true) } };
      },
    },
  ];
}
