/**
 * The key's scope for `/radar status`: the service's scope probe (src/service/key-scope.ts). A key's
 * scope does not change while Radar runs, so the probe is sent once per process (per service
 * client); only an undetermined answer is asked again.
 */
import type { ServiceClient } from '../../service/index.js';
import { probeScope, type KeyScope } from '../../service/key-scope.js';

const PROBED = new WeakMap<ServiceClient, Promise<KeyScope>>();

export function probeKeyScope(service: ServiceClient, projectId: string): Promise<KeyScope> {
  const known = PROBED.get(service);
  if (known) return known;
  const asked = probeScope(service, projectId).then((scope) => {
    if (scope === 'unknown') PROBED.delete(service);
    return scope;
  });
  PROBED.set(service, asked);
  return asked;
}
