/**
 * The project a command is about: `--project <id|name|domain>` anywhere, else the channel's binding.
 * Failures are `UserError`s that say how to fix them.
 */
import type { RadarDeps } from '../../deps.js';
import { UserError } from '../../slack/error-text.js';
import { projectAllowed, requireProjectAllowed } from '../../slack/access-policy.js';
import { escapeMrkdwn, truncate } from '../../slack/blocks/text.js';
import { COMMAND } from '../../slack/ids.js';
import { matchProject } from './match-project.js';
import type { Project } from '../../service/index.js';
import { readable } from '../../service/tolerant.js';
import type { ProjectRef } from '../../slack/commands/invocation.js';

export type { ProjectRef };

export async function resolveProjectFor(
  deps: Pick<RadarDeps, 'service' | 'bindings' | 'config'>,
  where: { teamId: string; channelId: string; explicit?: string | undefined },
): Promise<ProjectRef> {
  if (where.explicit !== undefined) {
    const project = await findProject(deps, where.explicit);
    requireProjectAllowed(deps.config, project);
    return { id: project.id, name: project.name };
  }
  const binding = await deps.bindings.get(where.teamId, where.channelId);
  if (!binding) {
    throw new UserError(
      `This channel isn't bound to a project yet: \`${COMMAND} bind &lt;project&gt;\` binds it (\`${COMMAND} projects\` lists them), or add \`--project &lt;id or name&gt;\` to the command.`,
    );
  }
  // A binding made before the project left RADAR_PROJECTS_ALLOWED reads nothing either.
  requireProjectAllowed(deps.config, { id: binding.projectId, name: binding.projectName });
  return { id: binding.projectId, name: binding.projectName };
}

/** One project by id, name or domain, or a UserError listing candidates or the projects there are. */
export async function findProject(deps: Pick<RadarDeps, 'service' | 'config'>, query: string): Promise<Project> {
  // A project Radar could not read cannot be matched; the others can.
  const projects = readable(await deps.service.listProjects());
  const match = matchProject(projects, query);
  if (match.kind === 'one') return match.project;
  // Lists never name a project outside RADAR_PROJECTS_ALLOWED.
  const shown = (all: readonly Project[]) => {
    const list = all.filter((p) => projectAllowed(deps.config, p.id));
    return (
      list
        .slice(0, 15)
        .map((p) => `*${escapeMrkdwn(p.name)}* (${escapeMrkdwn(p.domain)}, id \`${escapeMrkdwn(p.id)}\`)`)
        .join(', ') + (list.length > 15 ? `, …and ${list.length - 15} more` : '')
    );
  };
  const typed = escapeMrkdwn(truncate(query, 80));
  if (match.kind === 'many') throw new UserError(`“${typed}” matches several projects: ${shown(match.candidates)}. Use the id to choose one.`);
  if (projects.length === 0) throw new UserError(`No project matches “${typed}”, and Radar's key can see no projects at all.`);
  throw new UserError(`No project matches “${typed}”. The projects are: ${shown(projects)}.`);
}
