/**
 * The two scan kinds behind one shape: start a scan, and read where it stands (spec 2.9, 3.2, 4.7),
 * as the facts of src/service/read/scans.ts.
 */
import type { ScanStart, ServiceClient } from '../../service/index.js';
import type { PolledState } from '../../service/read/scans.js';
import type { PendingScanKind } from '../../store/pending-scans.js';
import { isServiceError } from '../../service/errors.js';

export function startScan(
  service: ServiceClient,
  request: { kind: PendingScanKind; domain: string; includeFixPrompts: boolean },
): Promise<ScanStart> {
  return request.kind === 'trust'
    ? service.startTrustSignalsScan(request.domain)
    : service.startAgentAdoptionScan({ domain: request.domain, ...(request.includeFixPrompts ? { includeFixPrompts: true } : {}) });
}

/** One poll. Throws the client's `ServiceError` (404 `scan_not_found` once expired, 429, …). */
export async function readScan(service: ServiceClient, kind: PendingScanKind, scanId: string): Promise<PolledState> {
  return kind === 'trust' ? service.trustScanFacts(scanId) : service.agentsScanFacts(scanId);
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

