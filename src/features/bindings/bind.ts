import type { Subcommand } from '../../slack/commands/registry.js';
import { UsageError } from '../../slack/commands/parse.js';
import { escapeMrkdwn, section } from '../../slack/blocks/index.js';
import { COMMAND } from '../../slack/ids.js';
import { findProject } from './resolve-project.js';
import { latestDoneRunId } from './latest-done-run.js';

export const bindCommand: Subcommand = {
  name: 'bind',
  usage: 'bind <project id | name | domain>',
  summary: 'Bind this channel to a project; other commands then use it.',
  example: `${COMMAND} bind northwindcrm.com`,
  async run(inv) {
    const query = inv.parsed.args.join(' ').trim();
    if (!query) throw new UsageError(`Say which project to bind, e.g. \`${COMMAND} bind northwindcrm.com\` (\`${COMMAND} projects\` lists them).`);
    const { deps } = inv;
    const project = await findProject(deps, query);
    const previous = await deps.bindings.get(inv.teamId, inv.channelId);
    // Binding records the latest done edition as already seen, so old editions are not digested here.
    const lastSeenRunId = await latestDoneRunId(deps.service, project.id).catch((error: unknown) => {
      deps.logger.warn('could not read briefing history while binding; the digest poller will set the starting edition', { error, projectId: project.id });
      return null;
    });
    await deps.bindings.set({
      teamId: inv.teamId,
      channelId: inv.channelId,
      projectId: project.id,
      projectName: project.name,
      boundBy: inv.userId,
      boundAt: deps.now().toISOString(),
      digestsEnabled: previous?.digestsEnabled ?? true,
      lastSeenRunId,
      failing: null,
    });
    deps.logger.info('channel bound', { team: inv.teamId, channel: inv.channelId, projectId: project.id });
    const was = previous && previous.projectId !== project.id ? ` (it was bound to *${escapeMrkdwn(previous.projectName)}*)` : '';
    await inv.reply({
      text: `Bound to ${escapeMrkdwn(project.name)}`,
      blocks: [
        section(
          `:satellite_antenna: This channel is now bound to *${escapeMrkdwn(project.name)}* (${escapeMrkdwn(project.domain)})${was}. ` +
            `Try \`${COMMAND} briefing\` or \`${COMMAND} pricing\`; new briefing editions will be posted here as digests.`,
        ),
      ],
    });
  },
};
