import type { Subcommand } from '../../slack/commands/registry.js';
import { COMMAND } from '../../slack/ids.js';
import { projectsView } from './views/projects-view.js';

export const projectsCommand: Subcommand = {
  name: 'projects',
  usage: 'projects',
  summary: 'List the organisation’s projects with competitor counts and when each was last monitored.',
  example: `${COMMAND} projects`,
  async run(inv) {
    const projects = await inv.deps.service.listProjects();
    await inv.reply({ ...projectsView(projects, inv.deps.now()), shareable: true });
  },
};
