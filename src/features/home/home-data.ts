/**
 * What one person's Home tab shows, read for them: where Radar works (the bound channels they are
 * in, and every bound public channel of the installation, with each channel's settings), what they
 * follow and how they are told, and for each of those channels' projects the open tickets assigned to them
 * (matched as "Assign to me" matches: src/features/tickets/match-member.ts) and the latest briefing
 * edition. Every service read runs inside the background limiter (`deps.background`), so people's
 * commands overtake it; a part that cannot be read says so in its place and the rest is shown.
 */
import type { webApi } from '@slack/bolt';
import type { RadarDeps } from '../../deps.js';
import type { Assignee, TicketFacts, TicketStatus } from '../../service/index.js';
import type { BriefingFacts } from '../../service/read/briefing.js';
import { readable, unreadableOf, type Unreadable } from '../../service/tolerant.js';
import type { Binding } from '../../store/bindings.js';
import { projectAllowed } from '../../slack/access-policy.js';
import { describeError } from '../../slack/error-text.js';
import { lastDoneEdition } from '../editions/last-done.js';
import { matchMember, slackNamesOf } from '../board/match-member.js';
import { settingsOf } from './channel-settings.js';
import { channelsOf } from './visible-channels.js';
import { publicChannels } from './channel-privacy.js';
import { emptyPerson, type PersonFollows } from '../../store/follows.js';
import type { Notifier } from '../notify/notifier.js';

/** Projects whose tickets and briefing one Home tab reads (the rest are counted). */
export const MAX_PROJECTS = 10;
/** Tickets listed per project (the rest are counted from `total`). */
export const MAX_TICKETS = 8;
/** The columns of open work: what "assigned to you" lists. */
export const OPEN_COLUMNS: readonly TicketStatus[] = ['triage', 'todo', 'in_progress'];

export interface HomeChannel {
  binding: Binding;
  /** Short mrkdwn phrases: "digests on", "2 watches (pricing, ai)". */
  settings: string[];
  /** True when the person is in the channel; false for a public channel they are not in (listed so they can join). */
  member?: boolean;
}

export type Assigned =
  | { kind: 'tickets'; member: Assignee; tickets: TicketFacts[]; unreadable: Unreadable[]; total: number }
  | { kind: 'no-match'; names: string[] }
  | { kind: 'failed'; reason: string };

export type LatestBriefing = { kind: 'edition'; read: BriefingFacts } | { kind: 'none' } | { kind: 'failed'; reason: string };

export interface HomeProject {
  projectId: string;
  projectName: string;
  assigned: Assigned;
  briefing: LatestBriefing;
}

export interface HomeModel {
  /**
   * Where Radar works in this installation: the bound channels the person is in, then every bound
   * public channel they are not in (private ones only to their members).
   */
  channels: HomeChannel[];
  /** Bound channels not listed because Radar does not know yet whether they are public (checked on a later refresh). */
  uncheckedChannels?: number;
  /** What the person follows and how they are told (src/store/follows.ts). */
  person?: PersonFollows;
  /** True when Radar could not learn which channels the person is in (none are listed then). */
  channelsUnknown: boolean;
  projects: HomeProject[];
  /** Projects of visible channels beyond `MAX_PROJECTS`, not read. */
  moreProjects: number;
  /** Projects of visible channels that `RADAR_PROJECTS_ALLOWED` leaves out (not read). */
  disallowedProjects: number;
  /** The first Home tab Radar publishes for this person, or they see no bound channel: the welcome is shown. */
  firstVisit: boolean;
  refreshedAt: Date;
}

export interface HomeRequest {
  teamId: string;
  userId: string;
  /** True when Slack says no Home view was published for this person yet (`event.view` absent). */
  neverPublished: boolean;
}

export async function loadHome(deps: RadarDeps, client: webApi.WebClient, request: HomeRequest, notifier?: Notifier): Promise<HomeModel> {
  const { teamId, userId } = request;
  const [bindings, visible, user] = await Promise.all([
    deps.bindings.listAll(),
    channelsOf(client, userId).catch((error: unknown) => {
      deps.logger.warn('home: could not list the channels a person is in (users.conversations); only public bound channels are shown', { user: userId, error });
      return null;
    }),
    client.users.info({ user: userId }).then(
      (info) => ({ user: info.user }),
      (error: unknown) => {
        deps.logger.info('home: users.info failed', { user: userId, error });
        return { failed: describeError(error, { action: 'learn your name' }) };
      },
    ),
  ]);
  const inTeam = bindings.filter((b) => b.teamId === teamId);
  const theirs = inTeam.filter((b) => visible !== null && visible.has(b.channelId));
  const others = inTeam.filter((b) => !theirs.includes(b));
  const publicOnes = others.length > 0 ? await publicChannels(deps, client, teamId, others.map((b) => b.channelId)) : new Map<string, boolean>();
  const shown = [...theirs.map((binding) => ({ binding, member: true })), ...others.filter((b) => publicOnes.get(b.channelId) === true).map((binding) => ({ binding, member: false }))];
  const channels = await Promise.all(shown.map(async ({ binding, member }) => ({ binding, member, settings: await settingsOf(deps, binding) })));
  const person = !notifier
    ? emptyPerson(teamId, userId)
    : 'user' in user
      ? await notifier.remember(teamId, userId, user.user)
      : ((await notifier.follows.get(teamId, userId)) ?? emptyPerson(teamId, userId));
  const seen = channels.map((c) => c.binding);

  const byProject = new Map<string, string>();
  for (const b of seen) if (!byProject.has(b.projectId)) byProject.set(b.projectId, b.projectName);
  const allowed = [...byProject].filter(([id]) => projectAllowed(deps.config, id));
  const read = allowed.slice(0, MAX_PROJECTS);

  const names: Names = 'user' in user ? { names: slackNamesOf(user.user) } : user;
  const projects = await Promise.all(
    read.map(async ([projectId, projectName]) => ({
      projectId,
      projectName,
      assigned: await assignedIn(deps, projectId, projectName, names),
      briefing: await latestBriefing(deps, projectId, projectName),
    })),
  );
  return {
    channels,
    uncheckedChannels: others.filter((b) => !publicOnes.has(b.channelId)).length,
    person,
    channelsUnknown: visible === null,
    projects,
    moreProjects: allowed.length - read.length,
    disallowedProjects: byProject.size - allowed.length,
    firstVisit: request.neverPublished || theirs.length === 0,
    refreshedAt: deps.now(),
  };
}

type Names = { names: string[] } | { failed: string };

async function assignedIn(deps: RadarDeps, projectId: string, projectName: string, who: Names): Promise<Assigned> {
  if ('failed' in who) return { kind: 'failed', reason: who.failed };
  try {
    const members = readable(await deps.background.run(() => deps.service.listAssignees(projectId)));
    const member = matchMember(who.names, members);
    if (!member) return { kind: 'no-match', names: who.names };
    const list = await deps.background.run(() => deps.service.ticketListFacts(projectId, { assignee: member.userId, status: OPEN_COLUMNS }));
    return { kind: 'tickets', member, tickets: readable(list.items), unreadable: unreadableOf(list.items), total: list.total };
  } catch (error) {
    deps.logger.info('home: could not read assigned tickets', { project: projectId, error });
    return { kind: 'failed', reason: describeError(error, { action: 'read your tickets', projectName }) };
  }
}

async function latestBriefing(deps: RadarDeps, projectId: string, projectName: string): Promise<LatestBriefing> {
  try {
    const read = await deps.background.run(() => lastDoneEdition(deps.service, projectId));
    return read ? { kind: 'edition', read } : { kind: 'none' };
  } catch (error) {
    deps.logger.info('home: could not read the latest briefing', { project: projectId, error });
    return { kind: 'failed', reason: describeError(error, { action: 'read the latest briefing', projectName }) };
  }
}
