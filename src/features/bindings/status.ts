import type { Subcommand } from '../../plugin.js';
import { COMMAND } from '../../slack/ids.js';
import { describeError } from '../../slack/error-text.js';
import { contractStatus } from '../../service/contract-check.js';
import type { ContractStatus } from '../../service/contract-check.js';
import { probeKeyScope } from './probe-key-scope.js';
import { statusView, type StatusData } from './views/status-view.js';
import { rejectedKeyReason } from '../../service/key-scope.js';
import { isUnreadable } from '../../service/tolerant.js';
import { DEFAULT_DIGEST_SETTINGS } from '../../store/digest-settings.js';
import { createWatchesRepo } from '../../store/watches.js';

export const statusCommand: Subcommand = {
  name: 'status',
  usage: 'status',
  summary: 'Show this channel’s binding, digest setting, and whether the service answers.',
  area: 'setup',
  example: `${COMMAND} status`,
  async run(inv) {
    const { deps } = inv;
    const bound = await deps.bindings.get(inv.teamId, inv.channelId);
    const binding = bound && { ...bound, ...((await deps.digestSettings.get(inv.teamId, inv.channelId)) ?? DEFAULT_DIGEST_SETTINGS) };
    const service: StatusData['service'] = await deps.service.listProjects().then(
      (projects) => ({
        reachable: true,
        detail: `${projects.length} project${projects.length === 1 ? '' : 's'} visible`,
        // A bound project missing from what the key lists: the key cannot see it (another organisation, or deleted).
        ...(bound ? { boundProjectVisible: projects.some((p) => !isUnreadable(p) && p.id === bound.projectId) } : {}),
      }),
      (error: unknown) => {
        const rejected = rejectedKeyReason(error);
        return rejected !== null ? { reachable: true, keyRejected: rejected, detail: '' } : { reachable: false, detail: describeError(error) };
      },
    );
    const watchRecord = bound && (await createWatchesRepo(deps.store).get(inv.teamId, inv.channelId));
    const watches = watchRecord && watchRecord.projectId === bound.projectId ? { count: watchRecord.watches.length, failing: watchRecord.failing } : undefined;
    const keyScope = binding && service.reachable && !service.keyRejected ? await probeKeyScope(deps.service, binding.projectId) : null;
    const contract = service.reachable && !service.keyRejected ? contractLine(contractStatus(deps.service)) : null;
    await inv.reply({ ...statusView({ binding, service, keyScope, contract, storeKind: deps.store.kind, now: deps.now(), ...(watches ? { watches } : {}) }), shareable: false });
  },
};

/** The service's description against what Radar reads, computed in the background (never waited for). */
function contractLine(status: ContractStatus): string {
  if (status.state === 'checking') return 'checking…';
  if (status.state === 'unreadable') return ':warning: could not be read: run `npm run doctor`';
  const n = status.report.differences.length;
  if (n === 0) return `:white_check_mark: the service's description matches what Radar reads`;
  return `:warning: ${n} difference${n === 1 ? '' : 's'}: run \`npm run doctor\``;
}
