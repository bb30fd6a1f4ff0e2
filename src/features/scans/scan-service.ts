/** The two scan kinds behind one shape: start a scan, and read where it stands (spec 2.9, 3.2, 4.7). */
import type { AgentAdoptionResult, ScanStart, ScanStatus, ServiceClient, TrustSignalsResult } from '../../service/index.js';
import type { PendingScanKind } from '../../store/pending-scans.js';
import { isServiceError } from '../../service/errors.js';
import { isUnreadable, lookup, readableOr, type Unreadable } from '../../service/tolerant.js';

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

export function startScan(
  service: ServiceClient,
  request: { kind: PendingScanKind; domain: string; includeFixPrompts: boolean },
): Promise<ScanStart> {
  return request.kind === 'trust'
    ? service.startTrustSignalsScan(request.domain)
    : service.startAgentAdoptionScan({ domain: request.domain, ...(request.includeFixPrompts ? { includeFixPrompts: true } : {}) });
}

/** Where a scan stands, and until when the service keeps it (`expiresAt`, spec 2.9; null when not readable). */
export type PolledState = ScanState & { expiresAt: string | null; domain: string | null };

/** One poll. Throws the client's `ServiceError` (404 `scan_not_found` once expired, 429, …). */
export async function readScan(service: ServiceClient, kind: PendingScanKind, scanId: string): Promise<PolledState> {
  if (kind === 'trust') return polled(await service.getTrustSignalsScan(scanId), (result) => ({ kind, result }));
  return polled(await service.getAgentAdoptionScan(scanId), (result) => ({ kind, result }));
}

/**
 * A scan read by its id alone (`/radar scan <id>`): ids do not say their kind, so the trust-signals
 * endpoint is asked first and the agent-adoption one after its `scan_not_found`. Throws the last
 * `ServiceError` (`scan_not_found` when neither knows it).
 */
export async function readScanById(service: ServiceClient, scanId: string): Promise<PolledState & { kind: PendingScanKind }> {
  try {
    return { ...(await readScan(service, 'trust', scanId)), kind: 'trust' };
  } catch (error) {
    if (!isServiceError(error) || error.code !== 'scan_not_found') throw error;
    return { ...(await readScan(service, 'agents', scanId)), kind: 'agents' };
  }
}

/** A timestamp as milliseconds, or null when it is not one. */
export function timeOf(iso: string | null | undefined): number | null {
  if (typeof iso !== 'string') return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

function polled<R>(scan: PolledScan<R>, finish: (result: R) => FinishedScan): PolledState {
  const expiresAt = readableOr(scan.expiresAt, undefined);
  const result = readableOr(scan.result, undefined);
  const domainHit = [lookup(scan, 'domain', { down: false }), lookup(result, 'domain', { down: false })].find((h) => h.found && typeof h.value === 'string' && h.value !== '');
  return { ...stateOf(scan, finish), expiresAt: timeOf(expiresAt) === null ? null : (expiresAt as string), domain: domainHit?.found ? (domainHit.value as string) : null };
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
