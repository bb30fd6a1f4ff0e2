/**
 * Everything Radar keeps for one Slack team, found and removed by key (issue 32: an uninstall or
 * revoked tokens remove it all). Every repository keys its records by the team first
 * (`<team>:<channel>`, `<team>:<user>`, `<team>:<channel>:<run>`), the scan-start tokens by
 * `person:<team>:` and `channel:<team>:`, and pending scans carry the team in the record; each
 * namespace is listed through the store (its index on Redis, never a keyspace scan) and each
 * matching record deleted with `store.update`, so a record that cannot be parsed goes too.
 *
 * The follow board's snapshots are per team in OAuth mode (`<team>:<project>`, each team reading
 * with its own key) and go with the team; a snapshot keyed by project alone (single-workspace mode)
 * is shared and stays until its 14-day ttl.
 *
 * Not here: what is keyed by project and shared by every team bound to it (the competitor
 * directory, single-workspace board snapshots), the seen-once marks (`slack-seen`, `notify-claims`:
 * not listable, gone within their ttl), and the installation itself (installations.ts).
 * The names of namespaces a feature owns are written out here (the store never imports a
 * feature); test/store/team-data.test.ts checks them against the features' constants.
 */
import type { Store } from './backends/store.js';

type Matcher = (teamId: string, key: string, value: unknown) => boolean;

const teamFirst: Matcher = (teamId, key) => key.startsWith(`${teamId}:`);
const scopedByTeam: Matcher = (teamId, key) => key.startsWith(`person:${teamId}:`) || key.startsWith(`channel:${teamId}:`);
const workspaceRecord: Matcher = (teamId, key) => key === `team:${teamId}`;
const theTeam: Matcher = (teamId, key) => key === teamId;
const recordTeam: Matcher = (teamId, _key, value) => typeof value === 'object' && value !== null && (value as { teamId?: unknown }).teamId === teamId;

/** Every namespace holding a team's records, with how a record is known to be the team's. */
export const TEAM_NAMESPACES: Readonly<Record<string, Matcher>> = {
  bindings: teamFirst,
  'digest-settings': teamFirst,
  'digest-ledger': teamFirst,
  watches: teamFirst,
  'watch-snoozes': teamFirst,
  'watch-held': teamFirst,
  'watch-ledger': teamFirst,
  follows: teamFirst,
  'notify-outbox': teamFirst,
  'report-settings': teamFirst,
  'report-ledger': teamFirst,
  'thread-sync': teamFirst,
  'ticket-threads': teamFirst,
  'living-ledger': teamFirst,
  'channel-privacy': teamFirst,
  'home-refresh': teamFirst,
  // The follow poller's per-team board snapshots (features/follows/board-poller.ts, OAuth mode).
  'follow-board': teamFirst,
  'pending-scans': recordTeam,
  'scan-starts': scopedByTeam,
  // The workspace's service key (service-keys.ts); an org-wide install's is removed by its key.
  'service-keys': workspaceRecord,
  // Which organisation the team belongs to (team-installations.ts), learned from its requests.
  'team-enterprises': theTeam,
};

/** How many records each namespace lost (namespaces with none left out). */
export type TeamDataCounts = Record<string, number>;

/** Removes every record Radar keeps for `teamId`; resolves to the counts per namespace. */
export async function deleteTeamData(store: Store, teamId: string): Promise<TeamDataCounts> {
  if (teamId === '' || teamId.includes(':')) throw new Error(`not a team id: ${JSON.stringify(teamId)}`);
  const counts: TeamDataCounts = {};
  for (const [namespace, matches] of Object.entries(TEAM_NAMESPACES)) {
    let removed = 0;
    for (const { key, value } of await store.entries<unknown>(namespace)) {
      if (!matches(teamId, key, value)) continue;
      const { written } = await store.update<unknown>(namespace, key, (current) => (current === undefined ? undefined : null));
      if (written) removed++;
    }
    if (removed > 0) counts[namespace] = removed;
  }
  return counts;
}
