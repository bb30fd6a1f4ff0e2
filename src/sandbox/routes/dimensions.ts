/** Dimension reads for tech-trust, content, positioning and pricing (spec 2.5, 4.2). */
import * as z from 'zod';
import { availabilitySchema, itemOf, openObject, pageOf, pagingQuery, timestamp } from '../docs/schemas.js';
import type { Route, RouteContext, SandboxState } from '../types.js';
import { SandboxHttpError } from '../types.js';
import type { Dimension, DimensionSeed, Json } from '../seed/types.js';
import { DIMENSIONS } from '../seed/types.js';
import { CRAWLER_CATALOG } from '../seed/tech-trust.js';
import { CONTENT_CATEGORIES } from '../seed/content.js';
import { enumParam, noData, paginate, pagingParams, requireProject } from './params.js';

const VIEWS = ['compact', 'full'] as const;
type View = (typeof VIEWS)[number];

const nullableNumber = z.number().nullable();
const nullableFlag = z.boolean().nullable();

/** The pricing dashboard as the sandbox lays it out (docs/assumptions.md, "Pricing"). */
const pricingDashboard = z.looseObject({
  summary: z.looseObject({
    customer: z.looseObject({
      lowestPrice: nullableNumber,
      currency: z.string().nullable(),
      pricingUnit: z.string().nullable(),
      planCount: z.number().int().nullable(),
      hasFreePlan: nullableFlag.meta({ description: 'null: not checked; false: checked and none.' }),
    }),
    gaps: z.object({ hasPriceGap: nullableFlag, hasFreePlanGap: nullableFlag, hasAnnualDiscountGap: nullableFlag }),
    marketAvgPrice: nullableNumber,
    marketPricingUnit: z.string().nullable(),
    pricePositionPercent: nullableNumber,
    comparablePriceCount: z.number().int(),
    marketCurrency: z.string().nullable().optional().meta({ description: "The sandbox's pick: the currency of the market figures (null when none was computed)." }),
    comparableCompetitorIds: z
      .array(z.string())
      .optional()
      .meta({ description: "The sandbox's pick: the competitor rows whose prices make the market average (fixed monthly amounts in the market currency and unit)." }),
    pricingAnalysisAvailable: availabilitySchema.optional(),
  }),
  competitors: z.array(
    z.looseObject({
      competitorId: z.string(),
      domain: z.string(),
      isOwn: z.boolean(),
      pricingDataAvailable: availabilitySchema.optional(),
      lowestPrice: nullableNumber,
      currency: z.string().nullable(),
      pricingUnit: z.string().nullable(),
      planCount: z.number().int().nullable(),
      hasFreePlan: nullableFlag,
      hasAnnualDiscount: nullableFlag,
    }),
  ),
});

/** A homepage messaging string (spec 2.5, "Positioning"). */
const messaging = z.string().nullable().meta({ description: "'' (empty): the page was read and has no such element, a finding; null: the page was never read." });

/** The positioning dashboard as the sandbox lays it out (docs/assumptions.md, "Positioning"). */
const positioningDashboard = z.looseObject({
  competitors: z.array(
    z.looseObject({
      competitorId: z.string(),
      domain: z.string(),
      isOwn: z.boolean(),
      headline: messaging,
      subheadline: messaging,
      primaryCta: messaging,
      secondaryCta: messaging,
      targetAudience: messaging,
      valuePropositions: z.array(z.string()).nullable().meta({ description: '[]: the page was read and states none; null: never read.' }),
    }),
  ).meta({ description: 'Every tracked competitor, the own domain (isOwn) included.' }),
  messagingAnalysis: z
    .looseObject({ differentiationScore: z.number().nullable(), crowdedClaims: z.array(z.string()), uncontestedClaims: z.array(z.string()) })
    .meta({ description: 'The competitive messaging analysis, across competitors.' }),
});

const gapList = z.array(z.string()).nullable().meta({ description: 'null: no comparison ran; []: a comparison ran and found none.' });

/** The content dashboard as the sandbox lays it out (docs/assumptions.md, "Content and its changelog"). */
const contentDashboard = z.looseObject({
  competitors: z.array(
    z.looseObject({
      competitorId: z.string(),
      domain: z.string(),
      isOwn: z.boolean(),
      urlCount: z.number().int().nullable(),
      categories: z
        .object(Object.fromEntries(CONTENT_CATEGORIES.map((c) => [c, z.number().int().nullable()])))
        .meta({ description: 'URL counts per content category (spec 2.5), decided over the whole sitemap.' }),
    }),
  ),
  strategicUrls: z
    .array(z.looseObject({ competitorId: z.string(), url: z.string(), category: z.enum(CONTENT_CATEGORIES), why: z.string() }))
    .meta({ description: 'The strategic URL analysis: competitor pages worth a look, and why.' }),
  gaps: z
    .object({ missingCategories: gapList, missingComparisonPages: gapList, missingIntegrationPages: gapList, missingProgrammaticPages: gapList })
    .meta({ description: 'The competitive gap assessment: the four gap lists.' }),
});

const DASHBOARDS: Record<Dimension, z.ZodObject> = {
  pricing: pricingDashboard,
  'tech-trust': z.looseObject({ view: z.enum(VIEWS), readingGuide: openObject, competitors: z.array(openObject), crawlerCatalog: z.array(openObject).optional() }),
  content: contentDashboard,
  positioning: positioningDashboard,
};

const runHead = z.object({ runId: z.string(), completedAt: timestamp });
const historyRow = z.object({ runId: z.string(), status: z.string(), startedAt: timestamp, completedAt: timestamp, summary: openObject.nullable() });
const runDetail = historyRow.extend({ summary: openObject });

function dimensionOf(state: SandboxState, ctx: RouteContext, dimension: Dimension): DimensionSeed {
  const seed = requireProject(state, ctx).dimensions[dimension];
  if (!seed || seed.runs.length === 0) throw noData(dimension);
  return seed;
}

/** Compact rows name crawlers by id beside `crawlerCatalog`; full rows carry each crawler's facts. */
function applyTechTrustView(item: Json, view: View): Json {
  if (view === 'compact') return item;
  const catalog = new Map(CRAWLER_CATALOG.map((c) => [c.id, c]));
  const rows = (item.competitors as Json[]).map((row) => {
    const access = row.aiAccess as Json | undefined;
    if (!access || !Array.isArray(access.crawlers)) return row;
    const crawlers = (access.crawlers as Json[]).map((c) => ({ ...catalog.get(c.crawler as string), ...c }));
    return { ...row, aiAccess: { ...access, crawlers } };
  });
  const { crawlerCatalog: _catalog, ...rest } = item;
  return { ...rest, competitors: rows };
}

function routesFor(state: SandboxState, dimension: Dimension): Route[] {
  const base = `/v1/projects/:projectId/${dimension}`;
  const viewQuery = dimension === 'tech-trust' ? z.object({ view: z.enum(VIEWS).optional() }) : z.object({});
  const view = (ctx: RouteContext): View => (dimension === 'tech-trust' ? enumParam(ctx.query, 'view', VIEWS, 'compact') : 'compact');
  return [
    {
      method: 'GET',
      pattern: base,
      scope: 'read',
      doc: {
        summary:
          dimension === 'tech-trust'
            ? 'The latest tech-trust dashboard. Northwind seeds every null-contract case: hubforge.io shields its headers (grade and score null, trust count real), closewise.com publishes no robots.txt (exists: false, aiAccess measured_no_policy_found), salesloom.com robots.txt unreadable (robotsTxt null with robotsTxtAvailable, aiAccess could_not_measure, verdict keys omitted), dealstream.io has 0 trust signals and no aiAccess. Compact rows name crawlers by id beside crawlerCatalog; view=full merges each crawler\'s facts into the rows.'
            : `The latest ${dimension} dashboard.`,
        query: viewQuery,
        response: itemOf(runHead.extend(DASHBOARDS[dimension].shape).loose()),
        errors: [400, 404],
      },
      handler: (ctx) => {
        const seed = dimensionOf(state, ctx, dimension);
        const chosen = view(ctx);
        const newest = seed.runs[0];
        const item = { runId: newest?.runId, completedAt: newest?.completedAt, view: dimension === 'tech-trust' ? chosen : undefined, ...seed.latest };
        return { body: { item: applyTechTrustView(JSON.parse(JSON.stringify(item)) as Json, chosen) } };
      },
    },
    {
      method: 'GET',
      pattern: `${base}/history`,
      scope: 'read',
      doc: {
        summary: `The ${dimension} run history, newest first. A run finished without a summary lists summary null (its detail answers 404 run_not_summarized); a null gap figure means no comparison ran.`, query: pagingQuery,
        response: pageOf(historyRow),
        errors: [400, 404],
      },
      handler: (ctx) => {
        const paging = pagingParams(ctx.query);
        const seed = requireProject(state, ctx).dimensions[dimension];
        const runs = (seed?.runs ?? []).map((r) => ({ runId: r.runId, status: 'completed', startedAt: r.startedAt, completedAt: r.completedAt, summary: r.summary }));
        return { body: paginate(runs, paging) };
      },
    },
    {
      method: 'GET',
      pattern: `${base}/history/:runId`,
      scope: 'read',
      doc: { summary: `One ${dimension} run.`, query: viewQuery, response: itemOf(runDetail), errors: [400, 404] },
      handler: (ctx) => {
        const project = requireProject(state, ctx);
        view(ctx);
        const run = project.dimensions[dimension]?.runs.find((r) => r.runId === ctx.params.runId);
        if (!run) throw new SandboxHttpError(404, 'run_not_found', `Run ${ctx.params.runId ?? ''} is not a ${dimension} run of this project.`);
        if (run.summary === null) throw new SandboxHttpError(404, 'run_not_summarized', 'The run finished without a summary.');
        return { body: { item: { ...run.detail, runId: run.runId, status: 'completed', startedAt: run.startedAt, completedAt: run.completedAt, summary: run.summary } } };
      },
    },
  ];
}

/** Latest, history and run detail for each of the four dimensions. */
export function dimensionRoutes(state: SandboxState): Route[] {
  return DIMENSIONS.flatMap((d) => routesFor(state, d));
}
