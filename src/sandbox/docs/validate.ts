/**
 * How the core uses a route's zod description: the query and body are validated before the handler
 * runs (400 `invalid_parameters`, after auth, scope and plan), and every 2xx answer is checked
 * against the response schema, so what the document says is what the sandbox serves.
 */
import type { z } from 'zod';
import { SandboxHttpError } from '../types.js';
import type { RouteDoc } from '../types.js';

function firstIssue(error: z.ZodError, where: string): string {
  const issue = error.issues[0];
  if (!issue) return `The ${where} is invalid.`;
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : `The ${where} is invalid: ${issue.message}`;
}

/** Throws 400 `invalid_parameters` when the query or body does not parse. */
export function validated(doc: RouteDoc, query: URLSearchParams, body: unknown): void {
  if (doc.query) {
    const parsed = doc.query.safeParse(Object.fromEntries(query));
    if (!parsed.success) throw new SandboxHttpError(400, 'invalid_parameters', firstIssue(parsed.error, 'query'));
  }
  if (doc.body) {
    const parsed = doc.body.safeParse(body);
    if (!parsed.success) throw new SandboxHttpError(400, 'invalid_parameters', firstIssue(parsed.error, 'body'));
  }
}

/** Null when the answer (as JSON would carry it) matches the schema; otherwise where it does not. */
export function answerMismatch(schema: z.ZodType, body: unknown): string | null {
  const parsed = schema.safeParse(JSON.parse(JSON.stringify(body ?? null)));
  if (parsed.success) return null;
  return parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}
