/**
 * Whether a sealed value naming a project may act in this channel now (the rule every board button
 * keeps, see docs/assumptions.md "Access"): a value made for the channel's binding acts only while the
 * channel is still bound to that project; one made for `--project` (`explicit`) while the project is
 * allowed. Null when it may; else the sentence why not.
 */
import type { RadarDeps } from '../../deps.js';
import { projectAllowed, projectRefusal } from '../../slack/access-policy.js';
import { STALE_BINDING } from '../../slack/error-text.js';
import type { SealScope } from '../../slack/sealed-values.js';

export async function projectRefusalHere(
  deps: Pick<RadarDeps, 'bindings' | 'config'>,
  ref: { projectId: string; explicit: boolean; projectName?: string },
  scope: SealScope,
): Promise<string | null> {
  const binding = scope.channel ? await deps.bindings.get(scope.team, scope.channel) : undefined;
  if (!ref.explicit && binding?.projectId !== ref.projectId) return STALE_BINDING;
  // Named by the binding when it is this project, else by the name the value carried (display only), else its id.
  if (!projectAllowed(deps.config, ref.projectId)) return projectRefusal(binding?.projectId === ref.projectId ? binding.projectName : (ref.projectName ?? ref.projectId));
  return null;
}
