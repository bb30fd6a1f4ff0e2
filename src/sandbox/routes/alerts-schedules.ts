/** Alerts and schedules (spec 4.4): they exist; parameters and payloads are not shown, so these are loose. */
import { itemsOf, openObject } from '../docs/schemas.js';
import type { Route, SandboxState } from '../types.js';
import { requireProject } from './params.js';

export function alertScheduleRoutes(state: SandboxState): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/v1/projects/:projectId/alerts',
      scope: 'read',
      doc: { summary: 'The project\'s alerts (fields not shown by the spec).', response: itemsOf(openObject), errors: [404] },
      handler: (ctx) => ({ body: { items: requireProject(state, ctx).alerts } }),
    },
    {
      method: 'GET',
      pattern: '/v1/projects/:projectId/schedules',
      scope: 'read',
      doc: { summary: 'The project\'s monitoring schedules (fields not shown by the spec).', response: itemsOf(openObject), errors: [404] },
      handler: (ctx) => ({ body: { items: requireProject(state, ctx).schedules } }),
    },
  ];
}
