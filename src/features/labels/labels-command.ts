/** `/radar labels`: the project's labels in its order, with colours and open-ticket counts. */
import type { Subcommand } from '../../plugin.js';
import { readable } from '../../service/tolerant.js';
import { PROJECT_FLAG } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import { openCounts } from './label-counts.js';
import { labelsView } from './views/labels-view.js';

export const labelsCommand: Subcommand = {
  name: 'labels',
  usage: 'labels',
  summary: "The project's labels in its order, with their colours and how many open tickets carry each.",
  area: 'tickets',
  example: `${COMMAND} labels`,
  flags: { values: PROJECT_FLAG },
  async run(inv) {
    const project = await inv.project();
    const labels = await inv.deps.service.listLabels(project.id);
    const counts = await openCounts(inv.deps.service, project.id, readable(labels).map((l) => l.id));
    await inv.reply({ ...labelsView({ projectName: project.name, labels, counts }), shareable: labels.length > 0 });
  },
};
