/**
 * The service has no endpoint that states a key's scope (spec 5), so Radar asks with a write that
 * cannot succeed: a ticket create with an empty body. A read key answers 403 (or 401)
 * `insufficient_scope`; a read_write key answers 400 for the body, and nothing is created
 * (docs/assumptions.md). Used by `/radar status` (once per process) and `npm run doctor`.
 */
import { isServiceError } from './errors.js';
import type { ServiceClient } from './client.js';

export type KeyScope = 'read' | 'read_write' | 'unknown';

/** Spec 5 and 7: the 401 codes that say the key itself was refused (not the call, not the network). */
const REJECTED_KEY_CODES = new Set(['api_key_missing', 'api_key_invalid', 'api_key_revoked', 'api_key_expired']);

/**
 * Why the service refused Radar's key ("revoked", "expired", "invalid", "missing"), or null when
 * `error` is not a refusal of the key. A refused key means the service answered: it is reachable.
 */
export function rejectedKeyReason(error: unknown): string | null {
  if (!isServiceError(error) || !REJECTED_KEY_CODES.has(error.code)) return null;
  return error.code.replace(/^api_key_/, '');
}

export async function probeScope(service: ServiceClient, projectId: string): Promise<KeyScope> {
  try {
    await service.createTicket(projectId, {} as never);
    return 'unknown';
  } catch (error) {
    if (!isServiceError(error)) return 'unknown';
    if (error.code === 'insufficient_scope') return 'read';
    return error.status === 400 ? 'read_write' : 'unknown';
  }
}
