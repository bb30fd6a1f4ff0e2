import type { Subcommand } from '../../plugin.js';
import { isUnreadable } from '../../service/tolerant.js';
import { projectAllowed } from '../../slack/access-policy.js';
import { PAGE_FLAG, pageOf } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import { projectsView } from './views/projects-view.js';

export const projectsCommand: Subcommand = {
  name: 'projects',
  usage: 'projects [<words>] [--page N]',
  summary: 'List the organisation’s projects with competitor counts and when each was last monitored; words find one by name, domain or id.',
  area: 'setup',
  example: `${COMMAND} projects crm`,
  flags: { values: PAGE_FLAG },
  async run(inv) {
    // With RADAR_PROJECTS_ALLOWED set, only the allowed projects are listed (an unreadable entry,
    // whose id cannot be checked, only when no list is set).
    const projects = (await inv.deps.service.listProjects()).filter((p) =>
      isUnreadable(p) ? inv.deps.config.access.projectsAllowed === null : projectAllowed(inv.deps.config, p.id),
    );
    const { empty, ...view } = projectsView(projects, inv.deps.now(), { page: pageOf(inv.parsed), words: inv.parsed.args });
    await inv.reply({ ...view, shareable: !empty });
  },
};
