/**
 * The workspace Radar is working for (issue 32 item 2, OAuth mode): an AsyncLocalStorage scope
 * entered at the edges, never passed through the features. A request enters it in one Bolt global
 * middleware from the installation `authorize` found for it (`workspace-service.ts`), never from a
 * payload field, button value or view metadata; background work enters it for the installation that
 * serves the team whose binding, watch, report, ticket thread or pending scan it handles
 * (`WorkspaceService#inTeamScope`: the team's own install, else its enterprise's org-wide one).
 *
 * `deps.service` in OAuth mode reads the scope on every call (`workspace-service.ts`): inside one,
 * the workspace's own key; outside any, a refusal. In single-workspace mode nothing reads it, so
 * entering a scope there changes nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Installation } from './installation.js';

export interface WorkspaceScope {
  /** The record key of the installation: `team:<id>`, or `enterprise:<id>` for an org-wide install. */
  workspace: string;
  /** The team the work is for (the request's, or the background record's). */
  teamId: string;
  /** What the scope has found out, shared by every call inside it (one store read per scope). */
  memo: Map<string, Promise<unknown>>;
}

const storage = new AsyncLocalStorage<WorkspaceScope>();

/** The scope the current work runs in, or undefined outside any. */
export function currentWorkspace(): WorkspaceScope | undefined {
  return storage.getStore();
}

/** Runs `task` in the scope of `where` (a fresh scope: nothing found outside it is reused). */
export function inWorkspace<T>(where: { workspace: string; teamId: string }, task: () => T): T {
  return storage.run({ workspace: where.workspace, teamId: where.teamId, memo: new Map() }, task);
}

/** The scope of a request, from the installation `authorize` found for it. */
export function scopeOfInstallation(installation: Pick<Installation, 'teamId' | 'enterpriseId' | 'orgWide'>): { workspace: string; teamId: string } {
  const workspace = installation.orgWide && installation.enterpriseId ? `enterprise:${installation.enterpriseId}` : `team:${installation.teamId}`;
  return { workspace, teamId: installation.teamId };
}

/** Splits what a poll handles by team (each part is polled in its team's scope). */
export function splitByTeam<T>(items: readonly T[], teamOf: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const team = teamOf(item);
    const part = out.get(team);
    if (part) part.push(item);
    else out.set(team, [item]);
  }
  return out;
}
