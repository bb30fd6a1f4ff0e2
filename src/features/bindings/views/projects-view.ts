import type { Project } from '../../../service/index.js';
import { context, escapeMrkdwn, fitBlocks, header, LIMITS, relativeAndAbsolute, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';

export function projectsView(projects: readonly Project[], now: Date): { text: string; blocks: Block[] } {
  if (projects.length === 0) {
    return { text: 'No projects', blocks: [section("Radar's key can see no projects in this organisation.")] };
  }
  const rows = projects.map((p) =>
    section(
      [
        `*${escapeMrkdwn(p.name)}* · ${escapeMrkdwn(p.domain)} · id \`${escapeMrkdwn(p.id)}\``,
        `${p.competitorCount} competitor${p.competitorCount === 1 ? '' : 's'} · last monitored ${relativeAndAbsolute(p.lastMonitoredAt, now, 'never')}` +
          (p.status ? ` · status ${escapeMrkdwn(p.status)}` : ''),
      ].join('\n'),
    ),
  );
  return {
    text: `${projects.length} projects`,
    blocks: [
      // One block is kept for the hint, so the "…and N projects" count covers project rows only.
      ...fitBlocks([header(`Projects (${projects.length})`), ...rows], LIMITS.blocksPerMessage - 1, 'projects'),
      context(`Bind this channel to one with \`${COMMAND} bind &lt;name, domain or id&gt;\`.`),
    ],
  };
}
