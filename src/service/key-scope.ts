/**
 * The service has no endpoint that states a key's scope (spec 5), so Radar asks with a write that
 * cannot succeed: a ticket create with an empty body. A read key answers 403 (or 401)
 * `insufficient_scope`; a read_write key answers 400 for the body, and nothing is created
 * (docs/assumptions.md). Used by `/radar status` (once per process) and `npm run doctor`.
 */
import { isServiceError } from './errors.js';
import type { ServiceClient } from './client.js';

export type KeyScope = 'read' | 'read_write' | 'unknown';

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
