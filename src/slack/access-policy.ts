/**
 * The access policy (docs/operating.md, "Access"): `RADAR_ADMINS` names who may change a channel's set-up
 * (bind, unbind, digests on or off); `RADAR_PROJECTS_ALLOWED` names the projects Radar may bind to
 * or read with `--project`. Unset, neither restricts. Refusals are one sentence (`UserError`).
 */
import type { Config } from '../config.js';
import { escapeMrkdwn } from './blocks/text.js';
import { UserError } from './error-text.js';

type Access = Pick<Config, 'access'>;

export function isAdmin(config: Access, userId: string): boolean {
  const admins = config.access.admins;
  return admins === null || admins.includes(userId);
}

/** Throws the sentence naming who can, when `RADAR_ADMINS` is set and `userId` is not in it. */
export function requireAdmin(config: Access, userId: string, what: string): void {
  if (isAdmin(config, userId)) return;
  const admins = config.access.admins ?? [];
  const who = admins.map((id) => `<@${escapeMrkdwn(id)}>`).join(', ');
  throw new UserError(`Only Radar's admins can ${what}: ask ${admins.length === 1 ? who : `one of ${who}`}.`);
}

export function projectAllowed(config: Access, projectId: string): boolean {
  const allowed = config.access.projectsAllowed;
  return allowed === null || allowed.includes(projectId);
}

/** The sentence for a project outside `RADAR_PROJECTS_ALLOWED`. */
export function projectRefusal(projectName: string): string {
  return `Radar isn't allowed to work with *${escapeMrkdwn(projectName)}* in this workspace; its admins choose the projects it may use.`;
}

export function requireProjectAllowed(config: Access, project: { id: string; name: string }): void {
  if (!projectAllowed(config, project.id)) throw new UserError(projectRefusal(project.name));
}
