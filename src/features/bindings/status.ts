import type { Subcommand } from '../../slack/commands/registry.js';
import { COMMAND } from '../../slack/ids.js';
import { describeError } from '../../slack/error-text.js';
import { probeKeyScope } from './probe-key-scope.js';
import { statusView } from './views/status-view.js';

export const statusCommand: Subcommand = {
  name: 'status',
  usage: 'status',
  summary: 'Show this channel’s binding, digest setting, and whether the service answers.',
  example: `${COMMAND} status`,
  async run(inv) {
    const { deps } = inv;
    const binding = await deps.bindings.get(inv.teamId, inv.channelId);
    const service = await deps.service.listProjects().then(
      (projects) => ({ reachable: true, detail: `${projects.length} project${projects.length === 1 ? '' : 's'} visible` }),
      (error: unknown) => ({ reachable: false, detail: describeError(error) }),
    );
    const keyScope = binding && service.reachable ? await probeKeyScope(deps.service, binding.projectId) : null;
    await inv.reply({ ...statusView({ binding, service, keyScope, storeKind: deps.store.kind, now: deps.now() }), shareable: false });
  },
};
