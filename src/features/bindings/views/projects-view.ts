import type { Listed, Project } from '../../../service/index.js';
import { isUnreadable, readable, shown, UNREADABLE_VALUE, unreadableItemsLine, unreadableOf } from '../../../service/tolerant.js';
import { context, escapeMrkdwn, header, humanise, plural, relativeAndAbsolute, section, truncate, type Block } from '../../../slack/blocks/index.js';
import { COMMAND } from '../../../slack/ids.js';

/** Projects a page lists (one section each, within the 50-block limit with room for the header and hints). */
export const PROJECTS_PAGE_SIZE = 20;

export interface ProjectsQuery {
  /** From 1. */
  page: number;
  /** Words a project's name, domain or id must all contain (case-insensitive); none lists every project. */
  words: readonly string[];
}

/** True when every word occurs in the project's name, domain or id. */
export function projectMatches(project: Project, words: readonly string[]): boolean {
  const haystack = `${project.name} ${project.domain} ${project.id}`.toLowerCase();
  return words.every((w) => haystack.includes(w.toLowerCase()));
}

function projectBlock(p: Project, now: Date): Block {
  const { status, lastMonitoredAt } = p;
  // Project status values are not shown by the spec (2.3): passed through, humanised and escaped.
  const statusText = isUnreadable(status) ? ` · status ${UNREADABLE_VALUE}` : status ? ` · status ${escapeMrkdwn(humanise(status))}` : '';
  return section(
    [
      `*${escapeMrkdwn(p.name)}* · ${escapeMrkdwn(p.domain)} · id \`${escapeMrkdwn(p.id)}\``,
      `${shown(p.competitorCount, (n) => plural(n, 'competitor'))} · last monitored ${isUnreadable(lastMonitoredAt) ? UNREADABLE_VALUE : relativeAndAbsolute(lastMonitoredAt, now, 'never')}${statusText}`,
    ].join('\n'),
  );
}

/**
 * `/radar projects [<words>] [--page N]`: the organisation's projects a page at a time, or those whose
 * name, domain or id contain every word. `empty` is true when the answer lists no project.
 */
export function projectsView(listed: readonly Listed<Project>[], now: Date, query: ProjectsQuery = { page: 1, words: [] }): { text: string; blocks: Block[]; empty: boolean } {
  if (listed.length === 0) {
    return { text: 'No projects', blocks: [section("Radar's key can see no projects in this organisation.")], empty: true };
  }
  const filtering = query.words.length > 0;
  const typed = escapeMrkdwn(truncate(query.words.join(' '), 60));
  const matching = readable(listed).filter((p) => projectMatches(p, query.words));
  // A project Radar could not read cannot be matched: it is counted only on the unfiltered list.
  const unread = filtering ? null : unreadableItemsLine(unreadableOf(listed), 'project', escapeMrkdwn);
  const total = matching.length;
  const pages = Math.max(1, Math.ceil(total / PROJECTS_PAGE_SIZE));
  const command = `${COMMAND} projects${filtering ? ` ${typed}` : ''}`;

  if (filtering && total === 0) {
    return {
      text: 'No matching project',
      blocks: [section(`No project's name, domain or id contains “${typed}” (${plural(listed.length, 'project')} in all). \`${COMMAND} projects\` lists them all.`)],
      empty: true,
    };
  }
  if (query.page > pages) {
    return {
      text: 'Past the last page',
      blocks: [section(`Page ${query.page} is past the end: ${plural(total, 'project')}${filtering ? ` matching “${typed}”` : ''}, ${plural(pages, 'page')}. \`${command}\` starts from the first.`)],
      empty: true,
    };
  }

  const start = (query.page - 1) * PROJECTS_PAGE_SIZE;
  const rows = matching.slice(start, start + PROJECTS_PAGE_SIZE).map((p) => projectBlock(p, now));
  const title = filtering ? `Projects matching “${truncate(query.words.join(' '), 60)}” (${total} of ${listed.length})` : `Projects (${listed.length})`;
  const blocks: Block[] = [header(title), ...rows];
  if (unread !== null) blocks.push(context(unread));
  const paging =
    pages > 1
      ? `Page ${query.page} of ${pages}${query.page < pages ? ` · next: \`${command} --page ${query.page + 1}\`` : ''} · \`${COMMAND} projects <words>\` finds one by name, domain or id · `
      : '';
  blocks.push(context(`${paging}Bind this channel to one with \`${COMMAND} bind &lt;name, domain or id&gt;\`.`));
  return { text: filtering ? `${total} matching projects` : `${listed.length} projects`, blocks, empty: false };
}
