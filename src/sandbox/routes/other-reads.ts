/** AI sources (spec 4.4): it exists; its payloads are small and loose. Alerts and schedules: alerts-schedules.ts. */
import { z } from 'zod';
import { itemOf, openObject, pageOf as pageSchemaOf, pagingQuery, timestamp } from '../docs/schemas.js';
import type { Route, SandboxState } from '../types.js';
import { SandboxHttpError } from '../types.js';
import type { AiSourcesCheckSeed, Json } from '../seed/types.js';
import { CHECK_ID_PATTERN } from '../seed/ids.js';
import { enumParam, noData, paginate, pagingParams, requireProject } from './params.js';

const VIEWS = ['compact', 'full'] as const;
const PAGE = 10;

function pageOf(rows: Json[]): { rows: Json[]; page: Json } {
  const slice = rows.slice(0, PAGE);
  const own = rows.filter((r) => r.isOwn === true && !slice.includes(r));
  return { rows: [...slice, ...own], page: { offset: 0, limit: PAGE, total: rows.length, hasMore: rows.length > PAGE } };
}

function sourcesItem(check: AiSourcesCheckSeed, view: (typeof VIEWS)[number]): Json {
  const { pages, brands, ...rest } = check.summary;
  if (view === 'full') return { checkId: check.checkId, checkedAt: check.checkedAt, view, summary: check.summary };
  const p = pageOf(pages);
  const b = pageOf(brands);
  return { checkId: check.checkId, checkedAt: check.checkedAt, view, summary: { ...rest, pages: p.rows, pagesPage: p.page, brands: b.rows, brandsPage: b.page } };
}

const sourcesPage = z.object({ offset: z.number().int(), limit: z.number().int(), total: z.number().int(), hasMore: z.boolean() });
const sourcesItemSchema = z.object({
  checkId: z.string(),
  checkedAt: timestamp,
  view: z.enum(VIEWS),
  summary: z.looseObject({ pages: z.array(openObject), brands: z.array(openObject), totalCitations: z.number().int(), pagesPage: sourcesPage.optional(), brandsPage: sourcesPage.optional() }),
});
const viewQuery = z.object({ view: z.enum(VIEWS).optional() });

export function otherReadRoutes(state: SandboxState): Route[] {
  const sources = '/v1/projects/:projectId/ai-sources';
  return [
    {
      method: 'GET',
      pattern: sources,
      scope: 'read',
      doc: { summary: 'The latest AI sources check.', query: viewQuery, response: itemOf(sourcesItemSchema), errors: [400, 404] },
      handler: (ctx) => {
        const latest = requireProject(state, ctx).aiSources[0];
        if (!latest) throw noData('AI sources');
        return { body: { item: sourcesItem(latest, enumParam(ctx.query, 'view', VIEWS, 'compact')) } };
      },
    },
    {
      method: 'GET',
      pattern: `${sources}/history`,
      scope: 'read',
      doc: {
        summary: 'AI sources checks, newest first.',
        query: pagingQuery,
        response: pageSchemaOf(z.object({ checkId: z.string(), checkedAt: timestamp, totalCitations: z.number().int() })),
        errors: [400, 404],
      },
      handler: (ctx) => {
        const rows = requireProject(state, ctx).aiSources.map((c) => ({ checkId: c.checkId, checkedAt: c.checkedAt, totalCitations: c.summary.totalCitations }));
        return { body: paginate(rows, pagingParams(ctx.query)) };
      },
    },
    {
      method: 'GET',
      pattern: `${sources}/history/:checkId`,
      scope: 'read',
      doc: { summary: 'One AI sources check.', query: viewQuery, response: itemOf(sourcesItemSchema), errors: [400, 404] },
      handler: (ctx) => {
        const project = requireProject(state, ctx);
        const id = ctx.params.checkId ?? '';
        if (!CHECK_ID_PATTERN.test(id)) throw new SandboxHttpError(400, 'invalid_check_id', `${id} is not a check id.`);
        const check = project.aiSources.find((c) => c.checkId === id);
        if (!check) throw new SandboxHttpError(404, 'run_not_found', `Check ${id} is not a check of this project.`);
        return { body: { item: sourcesItem(check, enumParam(ctx.query, 'view', VIEWS, 'compact')) } };
      },
    },
  ];
}
