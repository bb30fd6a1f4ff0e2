import type { Subcommand } from '../../plugin.js';
import { escapeMrkdwn, section } from '../../slack/blocks/index.js';
import { requireAdmin } from '../../slack/access-policy.js';
import { COMMAND } from '../../slack/ids.js';
import { createReportSettingsRepo } from '../../store/report-settings.js';
import { createWatchesRepo } from '../../store/watches.js';

export const unbindCommand: Subcommand = {
  name: 'unbind',
  usage: 'unbind',
  summary: 'Remove this channel’s project binding (digests stop).',
  area: 'setup',
  example: `${COMMAND} unbind`,
  async run(inv) {
    requireAdmin(inv.deps.config, inv.userId, 'unbind a channel');
    const binding = await inv.deps.bindings.get(inv.teamId, inv.channelId);
    if (!binding) {
      await inv.reply({ text: 'Not bound', blocks: [section("This channel isn't bound to a project, so there is nothing to unbind.")] });
      return;
    }
    await inv.deps.bindings.remove(inv.teamId, inv.channelId);
    await inv.deps.digestSettings.remove(inv.teamId, inv.channelId);
    const watches = await createWatchesRepo(inv.deps.store).removeAll(inv.teamId, inv.channelId);
    const report = await createReportSettingsRepo(inv.deps.store).remove(inv.teamId, inv.channelId);
    inv.deps.logger.info('channel unbound', { team: inv.teamId, channel: inv.channelId, projectId: binding.projectId });
    await inv.reply({
      text: `Unbound from ${escapeMrkdwn(binding.projectName)}`,
      blocks: [section(`This channel is no longer bound to *${escapeMrkdwn(binding.projectName)}*; digests to it have stopped${watches > 0 ? `, its ${watches} watch${watches === 1 ? '' : 'es'} ended` : ''}${report ? ', its scheduled report ended' : ''}.`)],
    });
  },
};
