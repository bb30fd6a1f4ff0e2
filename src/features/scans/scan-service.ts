/** The two scan kinds behind one shape: start a scan, and read where it stands (spec 2.9, 3.2, 4.7). */
import type { AgentAdoptionResult, ScanStart, ScanStatus, ServiceClient, TrustSignalsResult } from '../../service/index.js';
import type { PendingScanKind } from '../../store/pending-scans.js';
import { isUnreadable, readableOr, type Unreadable } from '../../service/tolerant.js';

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

/** One poll. Throws the client's `ServiceError` (404 `scan_not_found` once expired, 429, …). */
export async function readScan(service: ServiceClient, kind: PendingScanKind, scanId: string): Promise<ScanState> {
  if (kind === 'trust') return stateOf(await service.getTrustSignalsScan(scanId), (result) => ({ kind, result }));
  return stateOf(await service.getAgentAdoptionScan(scanId), (result) => ({ kind, result }));
}

interface PolledScan<R> {
  status: ScanStatus;
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
