/** Asynchronous tool scans: trust signals and agent adoption (spec 2.9, 3.2, 4.7). */
import * as z from 'zod';
import { tolerantArray, tolerantPart } from '../tolerant.js';
import { timestampSchema } from './common.js';

export const SCAN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

/** `{ id, status: 'queued', createdAt, expiresAt }` answered by a scan start. */
export const scanStartSchema = z.looseObject({
  id: z.string(),
  status: z.enum(SCAN_STATUSES),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
});
export type ScanStart = z.infer<typeof scanStartSchema>;

/** `error` of a failed scan: `homepage_fetch_failed` or `scan_failed`. */
export const scanErrorSchema = z.looseObject({ code: z.string() });

/**
 * A scan as polled; `result` arrives on `completed`, `error` on `failed`. `id` and `status` are
 * required (what the scan is and where it stands); every other named part is read tolerantly.
 */
function scanSchema<R extends z.ZodType>(result: R) {
  return z.looseObject({
    id: z.string(),
    status: z.enum(SCAN_STATUSES),
    createdAt: tolerantPart(timestampSchema),
    expiresAt: tolerantPart(timestampSchema),
    startedAt: tolerantPart(timestampSchema.optional()),
    completedAt: tolerantPart(timestampSchema.optional()),
    result: tolerantPart(result.optional()),
    error: tolerantPart(scanErrorSchema.optional()),
  });
}

export const TRUST_TIERS = ['comprehensive', 'substantial', 'moderate', 'minimal'] as const;

const categoryScoreSchema = z.looseObject({ score: z.number(), max: z.number(), signalsFound: z.unknown() });

export const trustSignalSchema = z.looseObject({
  signal: z.string(),
  category: z.string(),
  weight: z.number(),
  /** Values not shown. */
  confidence: z.unknown(),
  evidenceCount: z.number(),
  evidence: z.array(z.looseObject({ kind: z.string(), source: z.unknown(), matched: z.unknown() })),
});

/**
 * Trust-signals result. A null `verdict`, `categoryScores`, `signalsDetected`, `suspiciousPatterns`,
 * `gapsVsBenchmark` or `meta.signalsEvaluated` means the page was never inspected, never a zero.
 */
export const trustSignalsResultSchema = z.looseObject({
  domain: tolerantPart(z.string()),
  finalUrl: tolerantPart(z.string()),
  fetchedAt: tolerantPart(timestampSchema),
  verdict: tolerantPart(z
    .looseObject({
      tier: z.enum(TRUST_TIERS),
      score: z.number(),
      benchmarkForTier: z.unknown(),
      benchmarkComparison: z.unknown(),
      summary: z.unknown(),
    })
    .nullable()),
  categoryScores: tolerantPart(
    z
      .looseObject({
        enterpriseReadiness: tolerantPart(categoryScoreSchema),
        thirdPartyValidation: tolerantPart(categoryScoreSchema),
        socialProof: tolerantPart(categoryScoreSchema),
        brandAuthority: tolerantPart(categoryScoreSchema),
        riskReversal: tolerantPart(categoryScoreSchema),
      })
      .nullable(),
  ),
  /** A signal that fails its schema is an `Unreadable` item; the others are kept. */
  signalsDetected: tolerantPart(tolerantArray(trustSignalSchema).nullable()),
  /** Element shape not shown. */
  suspiciousPatterns: tolerantPart(z.array(z.unknown()).nullable()),
  gapsVsBenchmark: tolerantPart(
    tolerantArray(z.looseObject({ signal: z.string(), category: z.string(), benchmarkPrevalence: z.unknown(), ciInsight: z.unknown() })).nullable(),
  ),
  meta: tolerantPart(z.looseObject({ signalsEvaluated: tolerantPart(z.number().nullable()), benchmarkSource: z.unknown(), scanDurationMs: z.unknown() })),
  /**
   * `{ available: false, reason }` on the sites that hide response headers: an availability marker,
   * read through `markerSaysUnavailable` / `availabilityReason` (any shape), never a whole-read failure.
   */
  headerInspection: z.unknown().optional(),
});
export type TrustSignalsResult = z.infer<typeof trustSignalsResultSchema>;

export const trustSignalsScanSchema = scanSchema(trustSignalsResultSchema);
export type TrustSignalsScan = z.infer<typeof trustSignalsScanSchema>;

export const agentAdoptionCheckSchema = z.looseObject({
  id: z.string(),
  category: z.string(),
  /** `pass`, `fail`, `neutral`; a could-not-measure outcome is counted separately. */
  status: z.string(),
  scored: z.boolean(),
  weight: z.number(),
  message: z.unknown(),
  description: z.unknown(),
  durationMs: z.unknown(),
  dependsOn: z.array(z.string()),
  specUrls: z.array(z.string()),
  /** Only with `debugMode`: the check's HTTP trace. */
  evidence: z.unknown().optional(),
  /** With `includeFixPrompts`, on failed scored checks. */
  fixPrompt: z.string().optional(),
});
export type AgentAdoptionCheck = z.infer<typeof agentAdoptionCheckSchema>;

export const agentAdoptionCategoryReportSchema = z.looseObject({
  category: z.string(),
  description: z.unknown(),
  score: z.number(),
  passed: z.number(),
  failed: z.number(),
  neutral: z.number(),
  couldNotMeasure: z.number(),
  checks: tolerantArray(agentAdoptionCheckSchema),
});

export const agentAdoptionClusterSchema = z.looseObject({
  name: z.string(),
  kind: z.enum(['coefficient', 'cap']),
  triggered: z.boolean(),
  coefficient: z.unknown(),
  appliesTo: z.unknown(),
  message: z.unknown(),
});

/** Agent-adoption result; `level` and `levelName` are shown verbatim (their mapping is not shown). */
export const agentAdoptionResultSchema = z.looseObject({
  specVersion: z.unknown(),
  profile: z.unknown(),
  scanner: tolerantPart(z.looseObject({ name: z.string(), version: z.string() })),
  domain: tolerantPart(z.string()),
  finalUrl: tolerantPart(z.string()),
  scannedAt: tolerantPart(timestampSchema),
  score: tolerantPart(z.number()),
  level: z.unknown(),
  levelName: z.unknown(),
  /** A report (or a check inside one) that fails its schema is an `Unreadable` item; the others are kept. */
  categoryReports: tolerantPart(tolerantArray(agentAdoptionCategoryReportSchema)),
  clusters: tolerantPart(tolerantArray(agentAdoptionClusterSchema)),
  meta: tolerantPart(z.looseObject({
    checksEvaluated: z.number(),
    checksSkipped: z.number(),
    scanDurationMs: z.number(),
    counters: z.looseObject({ fetches: z.looseObject({}), heavyFetchCalls: z.looseObject({}) }),
  })),
});
export type AgentAdoptionResult = z.infer<typeof agentAdoptionResultSchema>;

export const agentAdoptionScanSchema = scanSchema(agentAdoptionResultSchema);
export type AgentAdoptionScan = z.infer<typeof agentAdoptionScanSchema>;

/** Generic scan view for callers that only branch on status. */
export type Scan = TrustSignalsScan | AgentAdoptionScan;

export interface AgentAdoptionScanBody {
  /** A bare hostname or a full URL; the service normalises it. */
  domain: string;
  debugMode?: boolean;
  includeFixPrompts?: boolean;
}
