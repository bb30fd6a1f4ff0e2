import type { Listed, Project } from '../../../service/index.js';
import { isUnreadable, readable, shown, UNREADABLE_VALUE, unreadableItemsLine, unreadableOf } from '../../../service/tolerant.js';
import { context, escapeMrkdwn, fitBlocks, header, LIMITS, plural, relativeAndAbsolute, section, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';

export function projectsView(listed: readonly Listed<Project>[], now: Date): { text: string; blocks: Block[] } {
  const projects = readable(listed);
  const unread = unreadableItemsLine(unreadableOf(listed), 'project', escapeMrkdwn);
  if (listed.length === 0) {
    return { text: 'No projects', blocks: [section("Radar's key can see no projects in this organisation.")] };
  }
  const rows: Block[] = projects.map((p) => {
    const { status, lastMonitoredAt } = p;
    return section(
      [
        `*${escapeMrkdwn(p.name)}* · ${escapeMrkdwn(p.domain)} · id \`${escapeMrkdwn(p.id)}\``,
        `${shown(p.competitorCount, (n) => plural(n, 'competitor'))} · last monitored ${isUnreadable(lastMonitoredAt) ? UNREADABLE_VALUE : relativeAndAbsolute(lastMonitoredAt, now, 'never')}` +
          (isUnreadable(status) ? ` · status ${UNREADABLE_VALUE}` : status ? ` · status ${escapeMrkdwn(status)}` : ''),
      ].join('\n'),
    );
  });
  if (unread !== null) rows.push(context(unread));
  return {
    text: `${listed.length} projects`,
    blocks: [
      // One block is kept for the hint, so the "…and N projects" count covers project rows only.
      ...fitBlocks([header(`Projects (${listed.length})`), ...rows], LIMITS.blocksPerMessage - 1, 'projects'),
      context(`Bind this channel to one with \`${COMMAND} bind &lt;name, domain or id&gt;\`.`),
    ],
  };
}
