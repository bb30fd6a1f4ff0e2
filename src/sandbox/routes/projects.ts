/** Projects and competitors (spec 2.3, 2.4, 4.1). */
import * as z from 'zod';
import { itemOf, itemsOf, timestamp } from '../docs/schemas.js';
import type { Route, SandboxState } from '../types.js';
import { SandboxHttpError } from '../types.js';
import type { CompetitorSeed, ProjectSeed } from '../seed/types.js';
import { DIMENSIONS } from '../seed/types.js';
import { routeData } from './data.js';
import { requireProject } from './params.js';

const projectSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  domain: z.string(),
  status: z.string().meta({ description: 'Sandbox values: active, paused (the spec does not list them).' }),
  competitorCount: z.number().int(),
  lastMonitoredAt: timestamp.nullable().meta({ description: 'Null for a project never monitored.' }),
  createdAt: timestamp,
});
const projectDetailSchema = projectSchema.extend({
  monitoringFreshness: z.record(z.string(), timestamp.nullable()),
  aiMonitoringPrompts: z.array(z.string()),
});
const competitorSchema = z.object({ id: z.string(), name: z.string(), domain: z.string(), isOwn: z.boolean(), addedAt: timestamp });
const competitorDetailSchema = competitorSchema.extend({ pages: z.object({ homepage: z.string(), pricing: z.string().nullable() }) });

function listItem(p: ProjectSeed) {
  return {
    id: p.id,
    organizationId: p.organizationId,
    name: p.name,
    domain: p.domain,
    status: p.status,
    competitorCount: p.competitors.filter((c) => !c.isOwn).length,
    lastMonitoredAt: p.lastMonitoredAt,
    createdAt: p.createdAt,
  };
}

/** Detail adds per-dimension freshness and the AI monitoring prompts (field names are sandbox picks). */
function detail(p: ProjectSeed) {
  const freshness: Record<string, string | null> = {};
  for (const d of DIMENSIONS) freshness[d] = p.dimensions[d]?.runs[0]?.completedAt ?? null;
  freshness['ai-visibility'] = p.aiVisibility?.checks[0]?.checkedAt ?? null;
  freshness['ai-sources'] = p.aiSources[0]?.checkedAt ?? null;
  return { ...listItem(p), monitoringFreshness: freshness, aiMonitoringPrompts: p.monitoringPrompts };
}

function competitorItem(c: CompetitorSeed) {
  return { id: c.id, name: c.name, domain: c.domain, isOwn: c.isOwn, addedAt: c.addedAt };
}

export function projectRoutes(state: SandboxState): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/v1/projects',
      scope: 'read',
      doc: { summary: 'The projects of the key\'s organisation.', response: itemsOf(projectSchema) },
      handler: (ctx) => ({ body: { items: [...routeData(state).projects.values()].filter((p) => p.organizationId === ctx.org?.id).map(listItem) } }),
    },
    {
      method: 'GET',
      pattern: '/v1/projects/:projectId',
      scope: 'read',
      doc: { summary: 'One project, with per-dimension freshness and its AI monitoring prompts.', response: itemOf(projectDetailSchema), errors: [404] },
      handler: (ctx) => ({ body: { item: detail(requireProject(state, ctx)) } }),
    },
    {
      method: 'GET',
      pattern: '/v1/projects/:projectId/competitors',
      scope: 'read',
      doc: { summary: 'The project\'s own domain (isOwn true) and every competitor.', response: itemsOf(competitorSchema), errors: [404] },
      handler: (ctx) => ({ body: { items: requireProject(state, ctx).competitors.map(competitorItem) } }),
    },
    {
      method: 'GET',
      pattern: '/v1/projects/:projectId/competitors/:competitorId',
      scope: 'read',
      doc: { summary: 'One competitor with its monitored page URLs.', response: itemOf(competitorDetailSchema), errors: [404] },
      handler: (ctx) => {
        const c = requireProject(state, ctx).competitors.find((x) => x.id === ctx.params.competitorId);
        if (!c) throw new SandboxHttpError(404, 'not_found', `Competitor ${ctx.params.competitorId ?? ''} was not found.`);
        return { body: { item: { ...competitorItem(c), pages: { homepage: c.homepageUrl, pricing: c.pricingUrl } } } };
      },
    },
  ];
}
