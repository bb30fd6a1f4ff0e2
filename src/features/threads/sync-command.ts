/**
 * `/radar sync on|off` (issue 30 item 6): per channel, replies in the threads of watch messages and
 * ticket confirmations become comments on their ticket, and the board's comments appear in the
 * thread. Off by default; `/radar sync` says whether it is on.
 */
import type { Subcommand } from '../../plugin.js';
import { requireAdmin } from '../../slack/access-policy.js';
import { UsageError } from '../../slack/commands/parse.js';
import { unknownWordError } from '../../slack/commands/suggest.js';
import { UserError } from '../../slack/error-text.js';
import { COMMAND } from '../../slack/ids.js';
import type { SyncSettingsRepo } from '../../store/sync-settings.js';
import { syncReply } from './views/sync-reply.js';

export const syncCommand: Subcommand<SyncSettingsRepo> = {
  name: 'sync',
  usage: 'sync on | off',
  summary: 'Keep ticket threads and the board in step in this channel: replies become comments, board comments appear in the thread.',
  area: 'tickets',
  example: `${COMMAND} sync on`,
  flags: {},
  async run(inv, settings) {
    const [word, ...extra] = inv.parsed.args.map((a) => a.toLowerCase());
    const binding = await inv.deps.bindings.get(inv.teamId, inv.channelId);
    if (!binding) throw new UserError(`This channel isn't bound to a project, so it has no ticket threads: \`${COMMAND} bind &lt;project&gt;\` binds it.`);
    if (word === undefined) {
      await inv.reply(syncReply(binding.projectName, await settings.isOn(inv.teamId, inv.channelId), false));
      return;
    }
    if (extra.length === 0 && (word === 'on' || word === 'off')) {
      const on = word === 'on';
      requireAdmin(inv.deps.config, inv.userId, `turn thread sync ${word}`);
      const changed = (await settings.isOn(inv.teamId, inv.channelId)) !== on;
      if (changed) await settings.set({ teamId: inv.teamId, channelId: inv.channelId, on, setBy: inv.userId, setAt: inv.deps.now().toISOString() });
      await inv.reply(syncReply(binding.projectName, on, changed));
      return;
    }
    if (extra.length === 0) throw unknownWordError(word, ['on', 'off'], 'sync', '`on` or `off`');
    throw new UsageError(`\`${COMMAND} sync\` takes \`on\` or \`off\`, e.g. \`${COMMAND} sync on\`.`);
  },
};
