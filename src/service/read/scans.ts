/**
 * The one reading of a polled scan (spec 2.9, 3.2; issue 27): where it stands (queued, running with
 * the runner's start, completed with its result, failed with the service's code), until when the
 * service keeps it (`expiresAt`), and the site it scanned (`domain`, on the scan or its result, found
 * by looking). The scan follower and `/radar scan <id>` read only these facts.
 */
import { extrasOf, type Extra } from '../extras.js';
import { availabilityReason, markerSaysUnavailable } from '../schemas/common.js';
import { agentAdoptionResultSchema, trustSignalsResultSchema, type AgentAdoptionResult, type TrustSignalsResult } from '../schemas/scans.js';
import type { ScanStatus } from '../schemas/scans.js';
import { isRecord, isUnreadable, keyStem, lookup, readableOr, type JsonRecord, type Unreadable } from '../tolerant.js';

export type FinishedScan = { kind: 'trust'; result: TrustFacts } | { kind: 'agents'; result: AgentsFacts };

export type ScanState =
  | { status: 'queued' }
  /** `startedAt` is when the service's runner picked it up, when reported. */
  | { status: 'running'; startedAt: string | undefined }
  | { status: 'completed'; finished: FinishedScan }
  /** `code`: `homepage_fetch_failed`, `scan_failed`, or whatever else the service reports. */
  | { status: 'failed'; code: string };

/** A completed scan that carries no result reads as a failure with this code. */
export const MISSING_RESULT = 'result_missing';

/** Where a scan stands, and until when the service keeps it (`expiresAt`, spec 2.9; null when not readable). */
export type PolledState = ScanState & { expiresAt: string | null; domain: string | null };

/** A timestamp as milliseconds, or null when it is not one. */
export function timeOf(iso: string | null | undefined): number | null {
  if (typeof iso !== 'string') return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

interface PolledScan<R> {
  status: ScanStatus;
  expiresAt?: string | Unreadable | undefined;
  startedAt?: string | Unreadable | undefined;
  result?: R | Unreadable | undefined;
  error?: { code: string } | Unreadable | undefined;
}

/** A completed scan whose `result` is not an object Radar can read reads as a failure with this code. */
export const UNREADABLE_RESULT = 'result_unreadable';

function stateOf<R>(scan: PolledScan<R>, finish: (result: R) => FinishedScan): ScanState {
  switch (scan.status) {
    case 'queued':
      return { status: 'queued' };
    case 'running':
      return { status: 'running', startedAt: readableOr(scan.startedAt, undefined) };
    case 'failed':
      return { status: 'failed', code: readableOr(scan.error, undefined)?.code ?? 'scan_failed' };
    case 'completed':
      if (scan.result === undefined) return { status: 'failed', code: MISSING_RESULT };
      if (!isUnreadable(scan.result)) return { status: 'completed', finished: finish(scan.result) };
      // The client's schema read the named keys as spelt in the spec; a result in another key style
      // (`spec_version`, `level_name`) fails it there, so its raw form is read again here, the keys found
      // in any case or style. Only a result this reading cannot read either is "unreadable".
      if (!isRecord(scan.result.raw)) return { status: 'failed', code: UNREADABLE_RESULT };
      try {
        return { status: 'completed', finished: finish(scan.result.raw as R) };
      } catch {
        return { status: 'failed', code: UNREADABLE_RESULT };
      }
  }
}

/** A polled scan as facts; `finish` tags the result with its kind. */
export function scanFactsOf<R>(scan: PolledScan<R>, finish: (result: R) => FinishedScan): PolledState {
  const expiresAt = readableOr(scan.expiresAt, undefined);
  const result = rawOf(scan.result);
  const domainHit = [lookup(scan, 'domain', { down: false }), lookup(result, 'domain', { down: false })].find((h) => h.found && typeof h.value === 'string' && h.value !== '');
  return { ...stateOf(scan, finish), expiresAt: timeOf(expiresAt) === null ? null : (expiresAt as string), domain: domainHit?.found ? (domainHit.value as string) : null };
}


// ---------------------------------------------------------------------------------------------------
// A finished scan's result as facts (spec 2.9; issue 27). Each named key is found in any case or
// style (`final_url`, `FinalUrl`), then read with the result's schema, so a value is a value, null
// ("never inspected", never a zero score), omitted, or `Unreadable`; an empty list stays a real
// finding. Fields Radar does not know are kept as extras, which the views show after the named facts.
// ---------------------------------------------------------------------------------------------------

/** The fields of one object that Radar does not know, bounded (src/service/extras.ts). */
export type ExtraList = { extras: Extra[]; more: number };

/** A value as sent: an `Unreadable` left by an earlier schema pass is unwrapped to its raw value. */
function rawOf(value: unknown): unknown {
  return isUnreadable(value) ? value.raw : value;
}

/**
 * `key` on `obj` in any case or style: the first spelling that holds something (a value left missing
 * under the exact key by an earlier pass does not hide `final_url`), else undefined.
 */
function pick(obj: JsonRecord, key: string): unknown {
  const stem = keyStem(key);
  let seen: unknown = undefined;
  for (const [k, v] of Object.entries(obj)) {
    if (keyStem(k) !== stem) continue;
    const value = rawOf(v);
    if (value !== undefined) return value;
    seen = value;
  }
  return seen;
}

type Shape = { [key: string]: Shape | 'list' | 'value' | { items: Shape } };

/**
 * `value` rebuilt with the named keys of `shape` under their spec names (found in any case or style),
 * nested objects and list items likewise; unknown keys are left as they are. Null stays null.
 */
function canonical(value: unknown, shape: Shape): unknown {
  const raw = rawOf(value);
  if (!isRecord(raw)) return raw;
  const out: JsonRecord = {};
  const named = new Set(Object.keys(shape).map(keyStem));
  for (const [k, v] of Object.entries(raw)) if (!named.has(keyStem(k))) out[k] = rawOf(v);
  for (const [key, inner] of Object.entries(shape)) {
    const found = pick(raw, key);
    if (found === undefined) continue;
    if (inner === 'value' || inner === 'list') out[key] = found;
    else if ('items' in inner && typeof inner.items === 'object') out[key] = Array.isArray(found) ? found.map((item) => canonical(item, inner.items as Shape)) : found;
    else out[key] = canonical(found, inner as Shape);
  }
  return out;
}

const V = 'value' as const;
const CATEGORY_SHAPE: Shape = { score: V, max: V, signalsFound: V };
const TRUST_SHAPE: Shape = {
  domain: V,
  finalUrl: V,
  fetchedAt: V,
  verdict: { tier: V, score: V, benchmarkForTier: V, benchmarkComparison: V, summary: V },
  categoryScores: { enterpriseReadiness: CATEGORY_SHAPE, thirdPartyValidation: CATEGORY_SHAPE, socialProof: CATEGORY_SHAPE, brandAuthority: CATEGORY_SHAPE, riskReversal: CATEGORY_SHAPE },
  signalsDetected: { items: { signal: V, category: V, weight: V, confidence: V, evidenceCount: V, evidence: { items: { kind: V, source: V, matched: V } } } },
  suspiciousPatterns: 'list',
  gapsVsBenchmark: { items: { signal: V, category: V, benchmarkPrevalence: V, ciInsight: V } },
  meta: { signalsEvaluated: V, benchmarkSource: V, scanDurationMs: V },
  headerInspection: V,
};

const CHECK_SHAPE: Shape = { id: V, category: V, status: V, scored: V, weight: V, message: V, description: V, durationMs: V, dependsOn: V, specUrls: V, evidence: V, fixPrompt: V };
const AGENTS_SHAPE: Shape = {
  specVersion: V,
  profile: V,
  scanner: { name: V, version: V },
  domain: V,
  finalUrl: V,
  scannedAt: V,
  score: V,
  level: V,
  levelName: V,
  categoryReports: { items: { category: V, description: V, score: V, passed: V, failed: V, neutral: V, couldNotMeasure: V, checks: { items: CHECK_SHAPE } } },
  clusters: { items: { name: V, kind: V, triggered: V, coefficient: V, appliesTo: V, message: V } },
  meta: { checksEvaluated: V, checksSkipped: V, scanDurationMs: V, counters: { fetches: V, heavyFetchCalls: V } },
};

/** The extras of an object part, or none when the part is not an object. */
function extrasAt(value: unknown, shape: Shape): ExtraList {
  return extrasOf(rawOf(value), Object.keys(shape));
}

/** A trust-signals result as facts: the schema's reading of the named keys, and what else was sent. */
/** A schema's named fields, without the index signature its loose object adds. */
type NamedOf<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

type ListOf<T> = T extends readonly (infer I)[] ? Exclude<I, Unreadable> : never;
/** A list part whose readable items carry their own extras. */
type WithItemExtras<P> = P extends readonly unknown[] ? ((ListOf<P> & { extras: ExtraList }) | Unreadable)[] : P;

/** Each readable item of a list part with the fields Radar does not know of it (`shape` names the rest). */
function withItemExtras<P>(part: P, shape: Shape): WithItemExtras<P> {
  if (!Array.isArray(part)) return part as WithItemExtras<P>;
  return part.map((item: unknown) => (isUnreadable(item) || !isRecord(item) ? item : { ...item, extras: extrasOf(item, Object.keys(shape), 4) })) as WithItemExtras<P>;
}

const itemShape = (shape: Shape, key: string): Shape => (shape[key] as { items: Shape }).items;

export type TrustFacts = Omit<NamedOf<TrustSignalsResult>, 'suspiciousPatterns' | 'signalsDetected' | 'gapsVsBenchmark'> & {
  /** Each signal and gap with its unknown fields (shown after it in the details). */
  signalsDetected: WithItemExtras<TrustSignalsResult['signalsDetected']>;
  gapsVsBenchmark: WithItemExtras<TrustSignalsResult['gapsVsBenchmark']>;
  /**
   * Each pattern as text (its shape is not shown): the first of `description`, `message`, `pattern`,
   * `type` in any case or one level down, else the element as JSON. Service text: escape it.
   */
  suspiciousPatterns: string[] | null | Unreadable;
  /**
   * The site hides its response headers (`headerInspection` an availability marker saying
   * unavailable, any shape): with the service's reason when it gives one. Null when headers were read
   * or nothing was said.
   */
  headersHidden: { reason: string | undefined } | null;
  /** Unknown fields of the result itself, of its verdict, and of its meta. */
  extras: ExtraList;
  verdictExtras: ExtraList;
  metaExtras: ExtraList;
  /** Categories (or other fields) under `categoryScores` beyond the five the spec names. */
  categoryExtras: ExtraList;
};

type ReportOf = ListOf<AgentAdoptionResult['categoryReports']>;
/** A category report with its unknown fields, its checks each with theirs. */
export type AgentsReport = Omit<NamedOf<ReportOf>, 'checks'> & { checks: WithItemExtras<ReportOf['checks']>; extras: ExtraList };
/** A check as the views read it: the schema's fields and the ones Radar does not know. */
export type AgentsCheck = ListOf<AgentsReport['checks']>;

/** An agent-adoption result as facts, and what else was sent (on the result, its meta, each report, check and cluster). */
export type AgentsFacts = Omit<NamedOf<AgentAdoptionResult>, 'categoryReports' | 'clusters'> & {
  categoryReports: (AgentsReport | Unreadable)[] | Unreadable;
  clusters: WithItemExtras<AgentAdoptionResult['clusters']>;
  extras: ExtraList;
  metaExtras: ExtraList;
};

/**
 * A value whose shape the spec leaves open (a confidence, a benchmark source, a level, a message):
 * null and omitted stay themselves, strings, numbers and flags as they are, an object as its text
 * (`openText`), so the views never look inside one.
 */
function openValue(value: unknown): unknown {
  return value === null || value === undefined || typeof value !== 'object' ? value : patternText(value);
}

/** Each named open-shape field of an object part read by `openValue`. */
function openFields<T>(part: T, keys: readonly string[]): T {
  if (!isRecord(part) || isUnreadable(part)) return part;
  const copy: JsonRecord = { ...part };
  for (const key of keys) if (key in copy) copy[key] = openValue(copy[key]);
  return copy as T;
}

function openItems<T>(list: T, keys: readonly string[]): T {
  return (Array.isArray(list) ? list.map((item: unknown) => openFields(item, keys)) : list) as T;
}

/** A suspicious pattern (element shape not shown, docs/assumptions.md) as its text. */
function patternText(value: unknown): string {
  if (value === null || value === undefined) return 'not given';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  for (const key of ['description', 'message', 'pattern', 'type']) {
    const hit = lookup(value, key);
    if (hit.found && typeof hit.value === 'string' && hit.value !== '') return hit.value;
  }
  return JSON.stringify(value);
}

/** Reads a trust-signals result (raw or already schema-read) in any key case or style. */
export function trustResultFacts(raw: unknown): TrustFacts {
  const canon = canonical(raw, TRUST_SHAPE);
  const result = trustSignalsResultSchema.parse(isRecord(canon) ? canon : {});
  const record = isRecord(canon) ? canon : {};
  const patterns = result.suspiciousPatterns;
  return {
    ...result,
    suspiciousPatterns: patterns === null || isUnreadable(patterns) ? patterns : patterns.map(patternText),
    verdict: openFields(result.verdict, ['benchmarkComparison', 'summary']),
    meta: openFields(result.meta, ['benchmarkSource']),
    signalsDetected: withItemExtras(openItems(result.signalsDetected, ['confidence']), itemShape(TRUST_SHAPE, 'signalsDetected')),
    gapsVsBenchmark: withItemExtras(openItems(result.gapsVsBenchmark, ['benchmarkPrevalence', 'ciInsight']), itemShape(TRUST_SHAPE, 'gapsVsBenchmark')),
    headersHidden: markerSaysUnavailable(result.headerInspection) ? { reason: availabilityReason(result.headerInspection) } : null,
    extras: extrasAt(canon, TRUST_SHAPE),
    verdictExtras: extrasAt(record.verdict, TRUST_SHAPE.verdict as Shape),
    metaExtras: extrasAt(record.meta, TRUST_SHAPE.meta as Shape),
    categoryExtras: extrasAt(record.categoryScores, TRUST_SHAPE.categoryScores as Shape),
  };
}

/** Reads an agent-adoption result (raw or already schema-read) in any key case or style. */
export function agentsResultFacts(raw: unknown): AgentsFacts {
  const canon = canonical(raw, AGENTS_SHAPE);
  const result = agentAdoptionResultSchema.parse(isRecord(canon) ? canon : {});
  const record = isRecord(canon) ? canon : {};
  const reportShape = itemShape(AGENTS_SHAPE, 'categoryReports');
  const reports = result.categoryReports;
  return {
    ...result,
    level: openValue(result.level),
    levelName: openValue(result.levelName),
    categoryReports: isUnreadable(reports)
      ? reports
      : reports.map((report) => (isUnreadable(report) ? report : { ...report, checks: withItemExtras(openItems(report.checks, ['message']), CHECK_SHAPE), extras: extrasOf(report, Object.keys(reportShape), 4) })),
    clusters: withItemExtras(openItems(result.clusters, ['message']), itemShape(AGENTS_SHAPE, 'clusters')),
    extras: extrasAt(canon, AGENTS_SHAPE),
    metaExtras: extrasAt(record.meta, AGENTS_SHAPE.meta as Shape),
  };
}

/** A polled trust-signals scan as facts, its result read by `trustResultFacts`. */
export function trustScanFacts<R>(scan: PolledScan<R>): PolledState {
  return scanFactsOf(scan, (result) => ({ kind: 'trust', result: trustResultFacts(result) }));
}

/** A polled agent-adoption scan as facts, its result read by `agentsResultFacts`. */
export function agentsScanFacts<R>(scan: PolledScan<R>): PolledState {
  return scanFactsOf(scan, (result) => ({ kind: 'agents', result: agentsResultFacts(result) }));
}
