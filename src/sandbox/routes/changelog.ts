/** The content changelog: URL changes detected in competitor sitemaps (spec 2.5, 4.2). */
import * as z from 'zod';
import { boolQuery, pagingQuery, paginationSchema, timestamp } from '../docs/schemas.js';
import type { Route, SandboxState } from '../types.js';
import type { ChangelogEntrySeed, ProjectSeed } from '../seed/types.js';
import { CONTENT_CATEGORIES } from '../seed/content.js';
import { boolParam, invalid, paginate, pagingParams, requireProject } from './params.js';

/** Sample URLs per category in default mode. */
const SAMPLE_URLS = 3;
/** The sandbox's byte cap on a verbose (`allUrlsPerCategory=true`) page; the spec does not give the value. */
export const VERBOSE_BYTE_CAP = 3072;

interface ChangelogItem {
  id: string;
  competitorId: string;
  domain: string;
  detectedAt: string;
  categories: Record<string, { count: number; urls: string[] }>;
}

function toItem(project: ProjectSeed, entry: ChangelogEntrySeed, category: string | null, allUrls: boolean): ChangelogItem | null {
  const categories: ChangelogItem['categories'] = {};
  for (const [name, urls] of Object.entries(entry.urls)) {
    if (!urls || (category !== null && name !== category)) continue;
    categories[name] = { count: urls.length, urls: allUrls ? [...urls] : urls.slice(0, SAMPLE_URLS) };
  }
  if (Object.keys(categories).length === 0) return null;
  const domain = project.competitors.find((c) => c.id === entry.competitorId)?.domain ?? '';
  return { id: entry.id, competitorId: entry.competitorId, domain, detectedAt: entry.detectedAt, categories };
}

const size = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));

/** Keeps whole items while they fit the cap, then trims URLs off the overflowing item; true when anything was cut. */
function applyByteCap(items: ChangelogItem[]): { kept: ChangelogItem[]; truncated: boolean } {
  const kept: ChangelogItem[] = [];
  for (const item of items) {
    if (size([...kept, item]) <= VERBOSE_BYTE_CAP) {
      kept.push(item);
      continue;
    }
    const lists = Object.values(item.categories).map((c) => c.urls);
    while (size([...kept, item]) > VERBOSE_BYTE_CAP) {
      const longest = lists.reduce((a, b) => (b.length > a.length ? b : a));
      if (longest.length === 0) break;
      longest.pop();
    }
    if (size([...kept, item]) <= VERBOSE_BYTE_CAP) kept.push(item);
    return { kept, truncated: true };
  }
  return { kept, truncated: false };
}

const changelogItem = z.object({
  id: z.string(),
  competitorId: z.string(),
  domain: z.string(),
  detectedAt: timestamp,
  categories: z
    .partialRecord(z.enum(CONTENT_CATEGORIES), z.object({ count: z.number().int().meta({ description: 'New URLs in this category.' }), urls: z.array(z.string()) }))
    .meta({ description: 'Per content category: the count, and up to 3 sample URLs (every URL with allUrlsPerCategory=true, within the byte cap). Only categories with changes appear.' }),
});

const changelogDoc = {
  summary: 'URL changes detected in competitor sitemaps, newest first.',
  query: pagingQuery.extend({
    competitorId: z.string().optional(),
    category: z.enum(CONTENT_CATEGORIES).optional(),
    allUrlsPerCategory: boolQuery().optional().meta({ description: 'Every URL per category (subject to a byte cap) instead of 3 samples.' }),
  }),
  response: z.object({
    items: z.array(changelogItem),
    pagination: paginationSchema,
    truncated: z.boolean().meta({ description: 'true only with allUrlsPerCategory=true when the byte cap trimmed URLs or whole items (pagination.total still counts them); always false otherwise.' }),
  }),
  errors: [400, 404],
};

export function changelogRoutes(state: SandboxState): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/v1/projects/:projectId/content/changelog',
      scope: 'read',
      doc: changelogDoc,
      handler: (ctx) => {
        const project = requireProject(state, ctx);
        const paging = pagingParams(ctx.query);
        const category = ctx.query.get('category');
        if (category !== null && !(CONTENT_CATEGORIES as readonly string[]).includes(category)) {
          throw invalid(`category must be one of ${CONTENT_CATEGORIES.join(', ')}.`);
        }
        const competitorId = ctx.query.get('competitorId');
        const allUrls = boolParam(ctx.query, 'allUrlsPerCategory', false);
        const items = [...project.changelog]
          .sort((a, b) => b.detectedAt.localeCompare(a.detectedAt))
          .filter((e) => competitorId === null || e.competitorId === competitorId)
          .flatMap((e) => toItem(project, e, category, allUrls) ?? []);
        const page = paginate(items, paging);
        if (!allUrls) return { body: { ...page, truncated: false } };
        const { kept, truncated } = applyByteCap(page.items);
        return { body: { items: kept, pagination: page.pagination, truncated } };
      },
    },
  ];
}
