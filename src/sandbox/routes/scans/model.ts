/**
 * The scan state machine (spec 2.9, 3.2), computed from the sandbox clock on every read:
 * queued -> running (startedAt) -> completed (result) or failed (error), deleted 24 hours after creation.
 * Durations follow the spec's typical figures divided by the sandbox speed.
 */
import { agentAdoptionResult } from './agent-result.js';
import { trustSignalsResult } from './trust-result.js';

export const SCAN_KINDS = ['trust-signals', 'agent-adoption'] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

export const SCAN_RETENTION_MS = 24 * 3_600_000;
/** Time in the queue before the runner picks a scan up, at speed 1. */
export const QUEUE_MS = 1_000;
/** Running time at speed 1: trust signals take seconds, agent adoption 35 to 60 seconds. */
export const RUN_MS: Record<ScanKind, number> = { 'trust-signals': 4_000, 'agent-adoption': 45_000 };

export type ScanFailureCode = 'homepage_fetch_failed' | 'scan_failed';

export interface ScanRecord {
  id: string;
  kind: ScanKind;
  orgId: string;
  domain: string;
  createdAt: number;
  debugMode: boolean;
  includeFixPrompts: boolean;
  /** Set by the control surface: ends the scan at `at` regardless of its domain. */
  forced?: { at: number; outcome: 'completed' } | { at: number; outcome: 'failed'; code: ScanFailureCode };
}

/** Outcome chosen by the domain: `fail-homepage` and `fail-scan` fail, everything else completes. */
function naturalFailure(domain: string): ScanFailureCode | null {
  if (domain.includes('fail-homepage')) return 'homepage_fetch_failed';
  if (domain.includes('fail-scan')) return 'scan_failed';
  return null;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function isExpired(scan: ScanRecord, now: number): boolean {
  return now >= scan.createdAt + SCAN_RETENTION_MS;
}

/** The scan as the API shows it at `now`. */
export function scanView(scan: ScanRecord, now: number, speed: number): Record<string, unknown> {
  const startAt = scan.createdAt + QUEUE_MS / speed;
  const naturalEnd = startAt + RUN_MS[scan.kind] / speed;
  const endAt = scan.forced ? Math.min(scan.forced.at, naturalEnd) : naturalEnd;
  const base = { id: scan.id, domain: scan.domain, createdAt: iso(scan.createdAt), expiresAt: iso(scan.createdAt + SCAN_RETENTION_MS) };
  if (now < endAt && now < startAt) return { ...base, status: 'queued' };
  const startedAt = iso(Math.min(startAt, endAt));
  if (now < endAt) return { ...base, status: 'running', startedAt };
  const failure = scan.forced ? (scan.forced.outcome === 'failed' ? scan.forced.code : null) : naturalFailure(scan.domain);
  const completedAt = iso(endAt);
  if (failure) {
    const message = failure === 'homepage_fetch_failed' ? `The homepage of ${scan.domain} could not be fetched.` : 'The scan failed.';
    return { ...base, status: 'failed', startedAt, completedAt, error: { code: failure, message } };
  }
  const durationMs = Math.round(endAt - startAt);
  const result =
    scan.kind === 'trust-signals'
      ? trustSignalsResult(scan.domain, completedAt, durationMs)
      : agentAdoptionResult(scan.domain, completedAt, durationMs, { debugMode: scan.debugMode, includeFixPrompts: scan.includeFixPrompts });
  return { ...base, status: 'completed', startedAt, completedAt, result };
}
