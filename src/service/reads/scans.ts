/**
 * The scans' fact-returning methods of the service client (issue 27): a polled scan as facts
 * (src/service/read/scans.ts: its state, and its result read once). Features call these; none reads a
 * scan payload itself.
 */
import type { RawServiceClient } from '../raw-client.js';
import { agentsScanFacts, trustScanFacts, type PolledState } from '../read/scans.js';

export function scansReads(raw: RawServiceClient) {
  return {
    /** GET /v1/tools/trust-signals/scans/{scanId}, as facts. */
    trustScanFacts: async (scanId: string): Promise<PolledState> => trustScanFacts(await raw.getTrustSignalsScan(scanId)),
    /** GET /v1/tools/agent-adoption/scans/{scanId}, as facts. */
    agentsScanFacts: async (scanId: string): Promise<PolledState> => agentsScanFacts(await raw.getAgentAdoptionScan(scanId)),
  };
}
