/**
 * The one reading of a polled scan (spec 2.9, 3.2; issue 27): where it stands (queued, running with
 * the runner's start, completed with its result, failed with the service's code), until when the
 * service keeps it (`expiresAt`), and the site it scanned (`domain`, on the scan or its result, found
 * by looking). The scan follower and `/radar scan <id>` read only these facts.
 */
import type { AgentAdoptionResult, TrustSignalsResult } from '../schemas/scans.js';
import type { ScanStatus } from '../schemas/scans.js';
import { isUnreadable, lookup, readableOr, type Unreadable } from '../tolerant.js';

export type FinishedScan = { kind: 'trust'; result: TrustSignalsResult } | { kind: 'agents'; result: AgentAdoptionResult };

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
      return isUnreadable(scan.result) ? { status: 'failed', code: UNREADABLE_RESULT } : { status: 'completed', finished: finish(scan.result) };
  }
}

/** A polled scan as facts; `finish` tags the result with its kind. */
export function scanFactsOf<R>(scan: PolledScan<R>, finish: (result: R) => FinishedScan): PolledState {
  const expiresAt = readableOr(scan.expiresAt, undefined);
  const result = readableOr(scan.result, undefined);
  const domainHit = [lookup(scan, 'domain', { down: false }), lookup(result, 'domain', { down: false })].find((h) => h.found && typeof h.value === 'string' && h.value !== '');
  return { ...stateOf(scan, finish), expiresAt: timeOf(expiresAt) === null ? null : (expiresAt as string), domain: domainHit?.found ? (domainHit.value as string) : null };
}

