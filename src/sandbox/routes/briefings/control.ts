/** Control surface for briefings: publish an edition, start a run, finish a running one. */
import type { Route, SandboxState } from '../../types.js';
import { invalid } from '../params.js';
import type { PublishOptions } from './editions.js';
import { finishRun, publishEdition } from './editions.js';

const STATUSES = ['done', 'running', 'failed'] as const;

function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw invalid('The body must be a JSON object.');
  return body as Record<string, unknown>;
}

function publishOptions(body: Record<string, unknown>): PublishOptions {
  const { status, headline, opened } = body;
  if (status !== undefined && !(STATUSES as readonly unknown[]).includes(status)) throw invalid('status must be done, running or failed.');
  if (headline !== undefined && typeof headline !== 'string') throw invalid('headline must be a string.');
  if (opened !== undefined && (typeof opened !== 'number' || !Number.isInteger(opened) || opened < 0 || opened > 20)) throw invalid('opened must be an integer from 0 to 20.');
  return { status: status as PublishOptions['status'], headline: headline as string | undefined, opened: opened as number | undefined };
}

export function briefingControlRoutes(state: SandboxState): Route[] {
  return [
    {
      method: 'POST',
      pattern: '/__sandbox/projects/:projectId/briefings',
      scope: 'none',
      handler: (ctx) => ({ body: { item: publishEdition(state, ctx.params.projectId ?? '', publishOptions(objectBody(ctx.body))) } }),
    },
    {
      method: 'POST',
      pattern: '/__sandbox/projects/:projectId/briefings/:runId/finish',
      scope: 'none',
      handler: (ctx) => {
        const body = objectBody(ctx.body);
        if (body.status !== 'done' && body.status !== 'failed') throw invalid('status must be done or failed.');
        const { headline, opened } = publishOptions({ ...body, status: undefined });
        return { body: { item: finishRun(state, ctx.params.projectId ?? '', ctx.params.runId ?? '', body.status, { headline, opened }) } };
      },
    },
  ];
}
