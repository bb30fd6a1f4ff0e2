/** Asynchronous scan tools (spec 4.7) and their control surface. */
import * as z from 'zod';
import { itemOf, openObject, timestamp } from '../../docs/schemas.js';
import type { Route, RouteContext, SandboxState } from '../../types.js';
import { SandboxHttpError } from '../../types.js';
import { hexId } from '../../seed/ids.js';
import { routeData } from '../data.js';
import { normaliseDomain } from '../domain.js';
import { invalid } from '../params.js';
import type { ScanFailureCode, ScanKind, ScanRecord } from './model.js';
import { isExpired, SCAN_KINDS, scanView } from './model.js';

const SCAN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

const trustResult = z.looseObject({
  domain: z.string(),
  finalUrl: z.string(),
  fetchedAt: timestamp,
  verdict: z.looseObject({ tier: z.enum(['comprehensive', 'substantial', 'moderate', 'minimal']), score: z.number(), benchmarkForTier: z.unknown(), benchmarkComparison: z.string(), summary: z.string() }).nullable(),
  categoryScores: z.record(z.string(), z.object({ score: z.number(), max: z.number(), signalsFound: z.number().int() })).nullable(),
  signalsDetected: z
    .array(z.looseObject({ signal: z.string(), category: z.string(), weight: z.number(), confidence: z.string(), evidenceCount: z.number().int(), evidence: z.array(z.object({ kind: z.string(), source: z.string(), matched: z.string() })) }))
    .nullable(),
  suspiciousPatterns: z.array(openObject).nullable(),
  gapsVsBenchmark: z.array(z.looseObject({ signal: z.string(), category: z.string(), benchmarkPrevalence: z.number(), ciInsight: z.string() })).nullable(),
  meta: z.looseObject({ signalsEvaluated: z.number().int().nullable(), scanDurationMs: z.number() }),
  headerInspection: z.object({ available: z.boolean(), reason: z.string() }).optional(),
});

const agentResult = z.looseObject({
  specVersion: z.string(),
  profile: z.string(),
  scanner: z.object({ name: z.string(), version: z.string() }),
  domain: z.string(),
  finalUrl: z.string(),
  scannedAt: timestamp,
  score: z.number(),
  level: z.number().int(),
  levelName: z.string(),
  categoryReports: z.array(z.looseObject({ category: z.string(), description: z.string(), score: z.number(), checks: z.array(openObject) })),
  clusters: z.array(openObject),
  meta: z.looseObject({ checksEvaluated: z.number().int(), checksSkipped: z.number().int(), scanDurationMs: z.number() }),
});

const scanStart = itemOf(z.object({ id: z.string(), status: z.literal('queued'), createdAt: timestamp, expiresAt: timestamp }));
const scanOf = (result: z.ZodType) =>
  itemOf(
    z.object({
      id: z.string(),
      domain: z.string(),
      status: z.enum(SCAN_STATUSES),
      createdAt: timestamp,
      expiresAt: timestamp,
      startedAt: timestamp.optional(),
      completedAt: timestamp.optional(),
      result: result.optional(),
      error: z.object({ code: z.enum(['homepage_fetch_failed', 'scan_failed']), message: z.string() }).optional(),
    }),
  );

const domainField = z.string().meta({ description: 'A bare hostname or a full URL (lower-cased; scheme and path stripped).' });
const SCAN_DOCS = {
  'trust-signals': { body: z.object({ domain: domainField }), result: trustResult },
  'agent-adoption': { body: z.object({ domain: domainField, debugMode: z.boolean().optional(), includeFixPrompts: z.boolean().optional() }), result: agentResult },
} as const;

function notFound(): SandboxHttpError {
  return new SandboxHttpError(404, 'scan_not_found', 'Scan not found.');
}

function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('The body must be a JSON object with a domain.');
  return body as Record<string, unknown>;
}

function optionalBool(body: Record<string, unknown>, name: string): boolean {
  const v = body[name];
  if (v === undefined) return false;
  if (typeof v !== 'boolean') throw invalid(`${name} must be a boolean.`);
  return v;
}

/** A live (unexpired) scan, by id; an expired one is dropped on sight. */
function liveScan(state: SandboxState, id: string): ScanRecord | undefined {
  const scans = routeData(state).scans;
  const scan = scans.get(id);
  if (scan && isExpired(scan, state.now())) {
    scans.delete(id);
    return undefined;
  }
  return scan;
}

function startScan(state: SandboxState, kind: ScanKind, ctx: RouteContext): ScanRecord {
  const body = bodyObject(ctx.body);
  const domain = normaliseDomain(body.domain);
  if (!domain) throw invalid('domain must be a hostname or an http(s) URL.');
  const data = routeData(state);
  data.sequence += 1;
  const scan: ScanRecord = {
    id: hexId('scan', `${kind}:${domain}:${data.sequence}`),
    kind,
    orgId: ctx.org?.id ?? '',
    domain,
    createdAt: ctx.now(),
    debugMode: kind === 'agent-adoption' && optionalBool(body, 'debugMode'),
    includeFixPrompts: kind === 'agent-adoption' && optionalBool(body, 'includeFixPrompts'),
  };
  data.scans.set(scan.id, scan);
  return scan;
}

function toolRoutesFor(state: SandboxState, kind: ScanKind): Route[] {
  const base = `/v1/tools/${kind}/scans`;
  return [
    {
      method: 'POST',
      pattern: base,
      scope: 'read',
      rateLimited: true,
      needsPlan: true,
      doc: { summary: `Starts a ${kind} scan.`, body: SCAN_DOCS[kind].body, response: scanStart, errors: [400] },
      handler: (ctx) => {
        const scan = startScan(state, kind, ctx);
        const { id, createdAt, expiresAt } = scanView(scan, ctx.now(), state.speed);
        return { body: { item: { id, status: 'queued', createdAt, expiresAt } } };
      },
    },
    {
      method: 'GET',
      pattern: `${base}/:scanId`,
      scope: 'read',
      rateLimited: true,
      needsPlan: true,
      doc: { summary: `A ${kind} scan: poll every 2 to 5 seconds.`, response: scanOf(SCAN_DOCS[kind].result), errors: [404] },
      handler: (ctx) => {
        const scan = liveScan(state, ctx.params.scanId ?? '');
        if (!scan || scan.kind !== kind || scan.orgId !== ctx.org?.id) throw notFound();
        return { body: { item: scanView(scan, ctx.now(), state.speed) } };
      },
    },
  ];
}

const FAILURE_CODES: readonly ScanFailureCode[] = ['homepage_fetch_failed', 'scan_failed'];

/** `POST /__sandbox/scans/:scanId/fail` `{ code }` and `.../complete` end a scan now. */
function scanControlRoutes(state: SandboxState): Route[] {
  const unfinishedScan = (id: string, now: number): ScanRecord => {
    const scan = liveScan(state, id);
    if (!scan) throw notFound();
    const status = scanView(scan, now, state.speed).status;
    if (status === 'completed' || status === 'failed') throw invalid(`Scan ${id} has already ${status === 'failed' ? 'failed' : 'completed'}.`);
    return scan;
  };
  return [
    {
      method: 'POST',
      pattern: '/__sandbox/scans/:scanId/fail',
      scope: 'none',
      handler: (ctx) => {
        const code = (ctx.body as { code?: unknown } | undefined)?.code ?? 'scan_failed';
        if (!FAILURE_CODES.includes(code as ScanFailureCode)) throw invalid(`code must be one of ${FAILURE_CODES.join(', ')}.`);
        const scan = unfinishedScan(ctx.params.scanId ?? '', ctx.now());
        scan.forced = { at: ctx.now(), outcome: 'failed', code: code as ScanFailureCode };
        return { body: { item: scanView(scan, ctx.now(), state.speed) } };
      },
    },
    {
      method: 'POST',
      pattern: '/__sandbox/scans/:scanId/complete',
      scope: 'none',
      handler: (ctx) => {
        const scan = unfinishedScan(ctx.params.scanId ?? '', ctx.now());
        scan.forced = { at: ctx.now(), outcome: 'completed' };
        return { body: { item: scanView(scan, ctx.now(), state.speed) } };
      },
    },
  ];
}

export function scanRoutes(state: SandboxState): Route[] {
  return [...SCAN_KINDS.flatMap((kind) => toolRoutesFor(state, kind)), ...scanControlRoutes(state)];
}
