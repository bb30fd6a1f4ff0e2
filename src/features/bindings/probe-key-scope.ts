/**
 * The service has no endpoint that states a key's scope (spec 5), so Radar asks with a write that
 * cannot succeed: a ticket create with an empty body. A read key answers 403 (or 401)
 * `insufficient_scope`; a read_write key answers 400 `invalid_parameters`, and nothing is created.
 * Recorded in docs/assumptions.md.
 */
import type { ServiceClient } from '../../service/index.js';
import { isServiceError } from '../../service/errors.js';
import type { KeyScope } from './views/status-view.js';

export async function probeKeyScope(service: ServiceClient, projectId: string): Promise<KeyScope> {
  try {
    await service.createTicket(projectId, {} as never);
    return 'unknown';
  } catch (error) {
    if (!isServiceError(error)) return 'unknown';
    if (error.code === 'insufficient_scope') return 'read';
    if (error.status === 400) return 'read_write';
    return 'unknown';
  }
}
