/** `/radar project`, `/radar alerts`, `/radar schedules`: the last project reads (spec 4.1, 4.4). */
import type { Subcommand } from '../../plugin.js';
import type { CommandInvocation } from '../../slack/commands/invocation.js';
import { PROJECT_FLAG } from '../../slack/commands/parse.js';
import { COMMAND } from '../../slack/ids.js';
import { passthroughView } from './views/passthrough-view.js';
import { projectView } from './views/project-view.js';

export const projectCommand: Subcommand = {
  name: 'project',
  usage: 'project',
  summary: "The project's detail: domain, status, how fresh each dimension's data is, and its AI monitoring prompts.",
  area: 'setup',
  example: `${COMMAND} project`,
  flags: { values: PROJECT_FLAG },
  async run(inv) {
    const project = await inv.project();
    const facts = await inv.deps.service.projectFacts(project.id);
    await inv.reply({ ...projectView(project.name, facts, inv.deps.now()), shareable: true });
  },
};

async function passThrough(inv: CommandInvocation, kind: 'alert' | 'schedule'): Promise<void> {
  const project = await inv.project();
  const facts = kind === 'alert' ? await inv.deps.service.alertFacts(project.id) : await inv.deps.service.scheduleFacts(project.id);
  const { empty, ...view } = passthroughView({ title: `${kind}s`, noun: kind, projectName: project.name, facts, now: inv.deps.now() });
  await inv.reply({ ...view, shareable: !empty });
}

export const alertsCommand: Subcommand = {
  name: 'alerts',
  usage: 'alerts',
  summary: "The project's alerts as the service lists them (passed through: the spec doesn't describe them).",
  area: 'setup',
  example: `${COMMAND} alerts`,
  flags: { values: PROJECT_FLAG },
  run: (inv) => passThrough(inv, 'alert'),
};

export const schedulesCommand: Subcommand = {
  name: 'schedules',
  usage: 'schedules',
  summary: "The project's monitoring schedules as the service lists them (passed through: the spec doesn't describe them).",
  area: 'setup',
  example: `${COMMAND} schedules`,
  flags: { values: PROJECT_FLAG },
  run: (inv) => passThrough(inv, 'schedule'),
};
