/**
 * AI sources (spec 2.5 "Compact and full views", 4.4): the latest check, checks newest first, and one
 * check. Parameters and payloads are not shown beyond 2.5; the sandbox's picks (docs/assumptions.md,
 * "AI sources"): `view`, and `offset`/`limit` paging both compact lists at once (like the AI
 * visibility market map), refused with `view=full` (`paging_requires_compact_view`); the own row is
 * on every page.
 */
import * as z from 'zod';
import { intQuery, itemOf, pageOf as pageSchemaOf, pagingQuery, timestamp } from '../docs/schemas.js';
import type { Route, SandboxState } from '../types.js';
import { SandboxHttpError } from '../types.js';
import type { AiSourcesCheckSeed, Json } from '../seed/types.js';
import { CHECK_ID_PATTERN } from '../seed/ids.js';
import { enumParam, intParam, noData, paginate, pagingParams, requireProject } from './params.js';

const VIEWS = ['compact', 'full'] as const;
type SourcesView = (typeof VIEWS)[number];
/** Rows per compact page when no `limit` is sent. */
const DEFAULT_PAGE = 10;

const READING_GUIDE = {
  'summary.pages': 'pages AI answers cited, most cited first; a core host (a tracked site) lists its cited pages as pageUrls',
  'summary.pagesPage': 'compact view: one page of summary.pages; total is the count',
  'summary.brands[].rankByPresence': 'null for a brand no answer named (answersNaming 0)',
  'summary.brandsPage': 'compact view: one page of summary.brands; the own row is on every page',
};

interface Paging {
  offset: number;
  limit: number;
}

/** One compact page; the own row is added to every page it is not already on. */
function compactList(rows: Json[], page: Paging): { rows: Json[]; page: Json } {
  const slice = rows.slice(page.offset, page.offset + page.limit);
  const own = rows.filter((r) => r.isOwn === true && !slice.includes(r));
  return { rows: [...slice, ...own], page: { offset: page.offset, limit: page.limit, total: rows.length, hasMore: page.offset + page.limit < rows.length } };
}

function sourcesItem(check: AiSourcesCheckSeed, view: SourcesView, paging: Paging): Json {
  const base = { checkId: check.checkId, checkedAt: check.checkedAt, view, readingGuide: READING_GUIDE };
  if (view === 'full') return { ...base, summary: check.summary };
  const { pages, brands, ...rest } = check.summary;
  const p = compactList(pages, paging);
  const b = compactList(brands, paging);
  return { ...base, summary: { ...rest, pages: p.rows, pagesPage: p.page, brands: b.rows, brandsPage: b.page } };
}

/** `view`, `offset`, `limit`: paging needs the compact view. */
function readOptions(query: URLSearchParams): { view: SourcesView; paging: Paging } {
  const view = enumParam(query, 'view', VIEWS, 'compact');
  const pagingSent = query.has('offset') || query.has('limit');
  const paging = { offset: intParam(query, 'offset', 0, 0), limit: intParam(query, 'limit', DEFAULT_PAGE, 1, 100) };
  if (pagingSent && view === 'full') throw new SandboxHttpError(400, 'paging_requires_compact_view', 'Paging parameters need view=compact.');
  return { view, paging };
}

const sourcesPage = z.object({ offset: z.number().int(), limit: z.number().int(), total: z.number().int(), hasMore: z.boolean() });
const pageRow = z.looseObject({
  host: z.string(),
  url: z.string().optional().meta({ description: 'A single cited page.' }),
  coreHost: z.boolean(),
  pageUrls: z.array(z.string()).optional().meta({ description: 'A core host (a tracked site): its cited pages.' }),
  citations: z.number().int(),
});
const brandRow = z.looseObject({
  domain: z.string(),
  name: z.string(),
  isOwn: z.boolean(),
  answersNaming: z.number().int(),
  rankByPresence: z.number().int().nullable().meta({ description: 'Null for a brand no answer named (answersNaming 0).' }),
  citations: z.number().int(),
});
const sourcesItemSchema = z.object({
  checkId: z.string(),
  checkedAt: timestamp,
  view: z.enum(VIEWS),
  readingGuide: z.record(z.string(), z.string()),
  summary: z.looseObject({
    pages: z.array(pageRow),
    brands: z.array(brandRow),
    totalCitations: z.number().int(),
    answersAnalysed: z.number().int(),
    pagesPage: sourcesPage.optional().meta({ description: 'Compact view only.' }),
    brandsPage: sourcesPage.optional().meta({ description: 'Compact view only.' }),
  }),
});
const checkQuery = z.object({
  view: z.enum(VIEWS).optional(),
  offset: intQuery(0).optional().meta({ description: 'Paging of both compact lists (sandbox pick; the spec does not show the parameters).' }),
  limit: intQuery(1, 100).optional().meta({ description: 'Rows per compact page (default 10).' }),
});
const historyRow = z.object({ checkId: z.string(), checkedAt: timestamp, totalCitations: z.number().int(), pagesCited: z.number().int(), brandsNamed: z.number().int() });

export function aiSourcesRoutes(state: SandboxState): Route[] {
  const sources = '/v1/projects/:projectId/ai-sources';
  return [
    {
      method: 'GET',
      pattern: sources,
      scope: 'read',
      doc: { summary: 'The latest AI sources check: the pages and brands AI answers cite.', query: checkQuery, response: itemOf(sourcesItemSchema), errors: [400, 404] },
      handler: (ctx) => {
        const latest = requireProject(state, ctx).aiSources[0];
        const { view, paging } = readOptions(ctx.query);
        if (!latest) throw noData('AI sources');
        return { body: { item: sourcesItem(latest, view, paging) } };
      },
    },
    {
      method: 'GET',
      pattern: `${sources}/history`,
      scope: 'read',
      doc: { summary: 'AI sources checks, newest first.', query: pagingQuery, response: pageSchemaOf(historyRow), errors: [400, 404] },
      handler: (ctx) => {
        const rows = requireProject(state, ctx).aiSources.map((c) => ({
          checkId: c.checkId,
          checkedAt: c.checkedAt,
          totalCitations: Number(c.summary.totalCitations),
          pagesCited: c.summary.pages.length,
          brandsNamed: c.summary.brands.filter((b) => Number(b.answersNaming) > 0).length,
        }));
        return { body: paginate(rows, pagingParams(ctx.query)) };
      },
    },
    {
      method: 'GET',
      pattern: `${sources}/history/:checkId`,
      scope: 'read',
      doc: { summary: 'One AI sources check.', query: checkQuery, response: itemOf(sourcesItemSchema), errors: [400, 404] },
      handler: (ctx) => {
        const project = requireProject(state, ctx);
        const id = ctx.params.checkId ?? '';
        if (!CHECK_ID_PATTERN.test(id)) throw new SandboxHttpError(400, 'invalid_check_id', `${id} is not a check id.`);
        const { view, paging } = readOptions(ctx.query);
        const check = project.aiSources.find((c) => c.checkId === id);
        if (!check) throw new SandboxHttpError(404, 'run_not_found', `Check ${id} is not a check of this project.`);
        return { body: { item: sourcesItem(check, view, paging) } };
      },
    },
  ];
}
