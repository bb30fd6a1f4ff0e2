/**
 * Uninstall (issue 32, OAuth mode): when a workspace removes Radar (`app_uninstalled`) or revokes its
 * bot token (`tokens_revoked` naming bot users), its installation is deleted and so is everything
 * Radar keeps for its team (bindings, digest settings, watches, snoozes, held changes, follows, the
 * outbox, reports, pending scans, ticket threads, sync settings, ledgers: `store/team-data.ts`),
 * with one log line naming the team and the counts. Revoked user tokens only (no bot): the user
 * token is dropped from the installation and the rest kept. Both events come without authorize
 * (Bolt skips it for them): the team is the payload's. Single-workspace mode (SLACK_BOT_TOKEN) keeps
 * the records as before and says so in one log line. A feature with no subcommands.
 *
 * An org-wide (Enterprise Grid) install: the enterprise's installation and service key go, and the
 * records of every workspace it served: the team the event names and each team Radar learned
 * belongs to the organisation (`store/team-installations.ts`), except a team that has an install of
 * its own (its records are that install's). A workspace's service key (`store/service-keys.ts`)
 * goes with the team's records.
 */
import type { App } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { Feature } from '../../plugin.js';
import { logFailure } from '../../slack/log-failure.js';
import { listenerGroups } from '../../slack/listener-groups.js';
import { createSecretBox } from '../../store/crypto.js';
import { createInstallationStore, installationKey, type RadarInstallationStore } from '../../store/installations.js';
import { deleteTeamData } from '../../store/team-data.js';

interface Origin {
  teamId: string | null;
  enterpriseId: string | null;
  orgWide: boolean;
}

function originOf(body: Record<string, unknown>): Origin {
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  const authorizations = Array.isArray(body.authorizations) ? (body.authorizations as Record<string, unknown>[]) : [];
  return {
    teamId: str(body.team_id),
    enterpriseId: str(body.enterprise_id),
    orgWide: body.is_enterprise_install === true || authorizations.some((a) => a.is_enterprise_install === true),
  };
}

/** Removes the installation (when Radar keeps installations) and every record of the team; one log line. */
export async function removeTeam(deps: RadarDeps, installations: RadarInstallationStore | null, origin: Origin, why: string): Promise<void> {
  const logger = deps.logger.child({ component: 'installations' });
  let installation = false;
  if (installations && (origin.teamId || origin.enterpriseId)) {
    installation = await installations.remove(installationKey({ teamId: origin.teamId ?? undefined, enterpriseId: origin.enterpriseId ?? undefined, isEnterpriseInstall: origin.orgWide }));
  }
  const counts: Record<string, number> = {};
  const teams = new Set(origin.teamId ? [origin.teamId] : []);
  if (origin.orgWide && origin.enterpriseId && deps.workspaces) for (const teamId of await deps.workspaces.lookup.teamsOf(origin.enterpriseId)) teams.add(teamId);
  for (const teamId of teams) {
    // Under an org-wide uninstall, a workspace with an install of its own keeps its records.
    if (origin.orgWide && installations && (await installations.get(installationKey({ teamId })))) continue;
    for (const [namespace, n] of Object.entries(await deleteTeamData(deps.store, teamId))) counts[namespace] = (counts[namespace] ?? 0) + n;
  }
  // An org-wide install's service key is kept under its enterprise (team-data removes `team:<id>` ones).
  if (origin.orgWide && origin.enterpriseId && (await deps.workspaces?.keys.remove(`enterprise:${origin.enterpriseId}`))) {
    counts['service-keys'] = (counts['service-keys'] ?? 0) + 1;
  }
  const records = Object.values(counts).reduce((sum, n) => sum + n, 0);
  logger.info(`${why}: removed the installation and everything Radar kept for the team`, {
    team: origin.teamId,
    ...(origin.orgWide ? { teams: teams.size } : {}),
    enterprise: origin.enterpriseId,
    orgWide: origin.orgWide,
    installationRemoved: installation,
    records,
    counts,
  });
}

function register(app: App, deps: RadarDeps) {
  const { oauth, encryption } = deps.config;
  const installations = oauth && encryption ? createInstallationStore(deps.store, createSecretBox(encryption), { now: deps.now }) : null;
  const logger = deps.logger.child({ component: 'installations' });

  // Single-workspace mode (SLACK_BOT_TOKEN) keeps its records: the one company running its own copy
  // gets its channels back when it reinstalls. Said once in the log.
  const keptInSingleMode = (origin: Origin, what: string) =>
    logger.warn(`${what}; single-workspace mode keeps the team's records (delete the store to remove them)`, { team: origin.teamId });

  const on = listenerGroups(app);
  on.event('app_uninstalled', async ({ body }) => {
    const origin = originOf(body as unknown as Record<string, unknown>);
    if (!installations) return keptInSingleMode(origin, 'Radar was uninstalled');
    try {
      await removeTeam(deps, installations, origin, 'Radar was uninstalled');
    } catch (error) {
      logFailure(logger, 'could not remove an uninstalled team', error);
    }
  });

  on.event('tokens_revoked', async ({ event, body }) => {
    const origin = originOf(body as unknown as Record<string, unknown>);
    try {
      if ((event.tokens.bot ?? []).length > 0) {
        if (!installations) return keptInSingleMode(origin, "Radar's bot token was revoked");
        await removeTeam(deps, installations, origin, "Radar's bot token was revoked");
        return;
      }
      const users = event.tokens.oauth ?? [];
      if (!installations || users.length === 0 || !origin.teamId) return;
      // Only user tokens: the installer's user token goes, the installation stays.
      const key = installationKey({ teamId: origin.teamId, enterpriseId: origin.enterpriseId ?? undefined, isEnterpriseInstall: origin.orgWide });
      const found = await installations.get(key);
      if (!found?.user?.id || !users.includes(found.user.id)) return;
      await installations.storeInstallation({ ...found, user: { id: found.user.id, token: undefined, scopes: undefined } });
      logger.info('user tokens revoked: the installer\'s user token was dropped', { team: origin.teamId, users: users.length });
    } catch (error) {
      logFailure(logger, 'could not act on revoked tokens', error);
    }
  });

  return { runtime: undefined };
}

export const installationsFeature: Feature = { name: 'installations', register };
