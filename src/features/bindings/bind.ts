import type { Subcommand } from '../../plugin.js';
import { UsageError } from '../../slack/commands/parse.js';
import { escapeMrkdwn, section } from '../../slack/blocks/index.js';
import { requireAdmin, requireProjectAllowed } from '../../slack/access-policy.js';
import { COMMAND } from '../../slack/ids.js';
import { findProject } from './resolve-project.js';
import { findLastDone } from '../editions/last-done.js';
import { createWatchesRepo } from '../../store/watches.js';
import { probeKeyScope } from './probe-key-scope.js';
import { competitorDirectory } from '../competitor-match/directory.js';
import { competitorIdentities } from '../competitor-match/find-competitor.js';
import { labelOf } from '../../service/index.js';
import type { CompetitorListFacts } from '../../service/read/competitors.js';

/** Competitors named in the bind answer; the rest are counted. */
const COMPETITORS_NAMED = 5;

/**
 * " It monitors 6 competitors: a.com, b.com, …" from the project's competitor list (read beside
 * the binding), or nothing when that read failed: the binding stands either way.
 */
export function competitorsSentence(list: CompetitorListFacts | null): string {
  if (list === null) return '';
  const names = competitorIdentities(list)
    .filter((c) => !c.isOwn)
    .map((c) => labelOf(c))
    .filter((l): l is string => l !== null);
  if (names.length === 0) return ' It monitors no competitors yet.';
  const shown = names.slice(0, COMPETITORS_NAMED).map(escapeMrkdwn).join(', ');
  const rest = names.length - COMPETITORS_NAMED;
  return ` It monitors ${names.length} competitor${names.length === 1 ? '' : 's'}: ${shown}${rest > 0 ? ` and ${rest} more (\`${COMMAND} competitors\`)` : ''}.`;
}

export const bindCommand: Subcommand = {
  name: 'bind',
  usage: 'bind <project id | name | domain>',
  summary: 'Bind this channel to a project; other commands then use it.',
  area: 'setup',
  example: `${COMMAND} bind northwindcrm.com`,
  async run(inv) {
    requireAdmin(inv.deps.config, inv.userId, 'bind a channel to a project');
    const query = inv.parsed.args.join(' ').trim();
    if (!query) throw new UsageError(`Say which project to bind, e.g. \`${COMMAND} bind northwindcrm.com\` (\`${COMMAND} projects\` lists them).`);
    const { deps } = inv;
    const project = await findProject(deps, query);
    requireProjectAllowed(deps.config, project);
    // Read beside the binding: the answer names the competitors (so a wrong project shows at once),
    // and the list is kept for the first competitor card.
    const competitors = deps.service.competitorFacts(project.id).then(
      (list) => {
        void competitorDirectory(deps.store, deps.now).remember(project.id, list.competitors);
        return list;
      },
      (error: unknown) => {
        deps.logger.info('could not read the competitor list while binding', { projectId: project.id, error });
        return null;
      },
    );
    const previous = await deps.bindings.get(inv.teamId, inv.channelId);
    // Binding records the latest done edition as already seen, so old editions are not digested here.
    const lastSeenRunId = await findLastDone(deps.service, project.id).then((row) => row?.runId ?? null, (error: unknown) => {
      deps.logger.warn('could not read briefing history while binding; the digest poller will set the starting edition', { error, projectId: project.id });
      return null;
    });
    // Digest settings first: a binding is never without them (a rebind keeps digests on or off).
    const previousDigests = previous && (await deps.digestSettings.get(inv.teamId, inv.channelId));
    await deps.digestSettings.set(inv.teamId, inv.channelId, { digestsEnabled: previousDigests?.digestsEnabled ?? true, lastSeenRunId, failing: null });
    await deps.bindings.set({
      teamId: inv.teamId,
      channelId: inv.channelId,
      projectId: project.id,
      projectName: project.name,
      boundBy: inv.userId,
      boundAt: deps.now().toISOString(),
    });
    // Watches are about the project they were set for: rebinding to another project drops them (docs/assumptions.md, "Watches").
    const dropped = previous && previous.projectId !== project.id ? await createWatchesRepo(deps.store).removeAll(inv.teamId, inv.channelId) : 0;
    // The key's scope is checked now (once per process, cached): a read-only key is said at once, not at the first failed ticket write.
    const scope = await probeKeyScope(deps.service, project.id);
    const readOnly =
      scope === 'read'
        ? ` :warning: Radar's API key is read-only: reads work, but ticket writes (create, move, assign, comment, labels) will fail until an admin gives Radar a key with the read_write scope.`
        : '';
    const monitors = competitorsSentence(await competitors);
    deps.logger.info('channel bound', { team: inv.teamId, channel: inv.channelId, projectId: project.id });
    const was = previous && previous.projectId !== project.id ? ` (it was bound to *${escapeMrkdwn(previous.projectName)}*)` : '';
    await inv.reply({
      text: `Bound to ${escapeMrkdwn(project.name)}`,
      blocks: [
        section(
          `:satellite_antenna: This channel is now bound to *${escapeMrkdwn(project.name)}* (${escapeMrkdwn(project.domain)})${was}.` +
            monitors +
            ` Try \`${COMMAND} briefing\` or \`${COMMAND} pricing\`; new briefing editions will be posted here as digests.` +
            readOnly +
            (dropped > 0 ? ` This channel's ${dropped} watch${dropped === 1 ? '' : 'es'} of *${escapeMrkdwn(previous?.projectName ?? '')}* ended; set them again with \`${COMMAND} watch <dimension>\`.` : ''),
        ),
      ],
    });
  },
};
