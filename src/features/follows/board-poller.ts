/**
 * The follow poller (issue 31): on the background skeleton (one replica holds `follow:poller`), one
 * board read per project per cycle (`GET …/tickets`, every open column whole and the recent closed
 * ones) of every bound or followed project (bound ones even when nobody follows anything: an
 * assignee Radar has not met is told too, by name), compared with the project's last read (kept in
 * the store, `follow-board`): a ticket whose assignee changed tells the new assignee (each assignment an event of its own: `notifier.assignmentKey`;
 * not the creator of a new ticket assigned to themself); a ticket whose `commentCount` grew tells those following
 * it (or its project), its new comments read once (`GET …/comments`, only for such a ticket). The
 * first read of a project is its baseline (nothing told). Each cycle first flushes every outbox, so
 * what quiet hours held goes out once they end.
 */
import type { RadarDeps, Worker } from '../../deps.js';
import type { Ticket } from '../../service/index.js';
import { isUnreadable, readable } from '../../service/tolerant.js';
import { createPoller, bindingsByProject } from '../background/poller-skeleton.js';
import { plainTitle } from '../board/views/ticket-format.js';
import type { NotifyEvent, Notifier } from '../notify/notifier.js';
import type { PersonFollows } from '../../store/follows.js';
import { assignedLine, commentLine } from '../notify/views/notice-lines.js';

export const FOLLOW_LEASE = 'follow:poller';
export const FOLLOW_BOARD_NAMESPACE = 'follow-board';

interface Seen {
  /** Assignee's member id (null: unassigned; absent: unreadable). */
  a?: string | null;
  /** Comment count (absent: unreadable). */
  c?: number;
}

interface BoardSnapshot {
  tickets: Record<string, Seen>;
  at: string;
}

interface Group {
  projectId: string;
  projectName: string;
  teams: string[];
  /** Every person's record, read once per cycle (not once per project). */
  people: PersonFollows[];
}

/** A project's last board read lives this long unread (a project no longer polled takes a new baseline after it). */
const SNAPSHOT_TTL_MS = 14 * 24 * 60 * 60_000;

const seenOf = (t: Ticket): Seen => ({
  ...(isUnreadable(t.assignee) ? {} : { a: t.assignee?.userId ?? null }),
  ...(isUnreadable(t.commentCount) ? {} : { c: t.commentCount }),
});

export function createFollowWorker(deps: RadarDeps, notifier: Notifier): Worker {
  const logger = deps.logger.child({ component: 'follows' });

  async function groups(): Promise<Map<string, Group>> {
    await notifier.flushAll().catch((error: unknown) => logger.warn('follows: flushing held messages failed', { error }));
    const out = new Map<string, Group>();
    // Read even when nobody has a record: an assignee Radar has not met is found by name (notify/directory.ts).
    const people = await notifier.follows.listAll();
    const add = (projectId: string, projectName: string, teamId: string) => {
      const group = out.get(projectId) ?? { projectId, projectName, teams: [], people };
      if (!group.teams.includes(teamId)) group.teams.push(teamId);
      out.set(projectId, group);
    };
    for (const [projectId, bindings] of await bindingsByProject(deps.bindings)) for (const b of bindings) add(projectId, b.projectName, b.teamId);
    for (const person of people) for (const f of person.follows) add(f.projectId, out.get(f.projectId)?.projectName ?? f.projectName, person.teamId);
    return out;
  }

  async function poll(_key: string, group: Group): Promise<void> {
    const { projectId, projectName } = group;
    let tickets: Ticket[];
    try {
      tickets = readable((await deps.background.run(() => deps.service.listTickets(projectId, {}))).items);
    } catch (error) {
      logger.warn('follows: could not read the board; trying again next cycle', { projectId, error });
      return;
    }
    // OAuth mode: each team reads the board with its own key, so each keeps its own snapshot (`<team>:<project>`).
    const snapshotKey = deps.workspaces && group.teams.length === 1 ? `${group.teams[0]}:${projectId}` : projectId;
    const previous = await deps.store.keyv(FOLLOW_BOARD_NAMESPACE).get<BoardSnapshot>(snapshotKey);
    const next: BoardSnapshot = { tickets: Object.fromEntries(tickets.map((t) => [t.id, seenOf(t)])), at: deps.now().toISOString() };
    if (previous?.tickets) {
      const events: NotifyEvent[] = [];
      // Comments are read only for a ticket someone follows (itself or its project).
      const followed = new Set<string>();
      let wholeProject = false;
      for (const person of group.people) {
        for (const f of person.follows) {
          if (f.projectId !== projectId) continue;
          if (f.kind === 'project') wholeProject = true;
          if (f.kind === 'ticket') followed.add(f.target);
        }
      }
      for (const t of tickets) {
        const was = previous.tickets[t.id];
        const now = next.tickets[t.id] as Seen;
        const facts = { number: t.number, title: plainTitle(t) };
        const assignee = isUnreadable(t.assignee) ? null : t.assignee;
        if (now.a !== undefined && (was === undefined || (was.a !== undefined && was.a !== now.a))) {
          // Each assignment is its own event (assigned away and back is told again); a ticket's
          // creator who assigned it to themself when opening it is not told.
          const key = await notifier.assignmentKey(projectId, t.id, assignee?.userId ?? null);
          const author = isUnreadable(t.author) ? null : t.author;
          const selfAssigned = was === undefined && assignee !== null && author?.userId === assignee.userId;
          if (assignee && key && !selfAssigned) events.push({ kind: 'assigned', key, projectName, line: assignedLine(facts, null), audience: { projectId, assignee } });
        }
        if (was?.c !== undefined && now.c !== undefined && now.c > was.c && (wholeProject || followed.has(t.id))) {
          try {
            const comments = readable(await deps.background.run(() => deps.service.listComments(projectId, t.id)));
            for (const c of comments.slice(-(now.c - was.c))) {
              const author = isUnreadable(c.author) ? null : (c.author?.fullName ?? null);
              events.push({ kind: 'comments', key: `comment:${projectId}:${t.id}:${c.id}`, projectName, line: commentLine(facts, author, c.body), audience: { projectId, ticketId: t.id, byName: author } });
            }
          } catch (error) {
            logger.warn('follows: could not read a ticket’s new comments', { projectId, ticket: t.id, error });
          }
        }
      }
      for (const teamId of group.teams) {
        const told = await notifier.send(teamId, events, { people: group.people });
        if (told > 0) logger.info('follows: people told of board changes', { projectId, teamId, told });
      }
    }
    await deps.store.keyv(FOLLOW_BOARD_NAMESPACE).set(snapshotKey, next, SNAPSHOT_TTL_MS);
  }

  return createPoller<Group>({
    name: 'follow-poller',
    lease: FOLLOW_LEASE,
    intervalMs: deps.config.followIntervalSeconds * 1000,
    deps,
    logger,
    cycleFailed: 'follow poll failed',
    groups,
    poll: (key, group) => poll(key, group),
    // OAuth mode: the project's board read once per team, with that team's key, told to that team's people.
    teams: (group) => new Map(group.teams.map((teamId) => [teamId, { ...group, teams: [teamId], people: group.people.filter((p) => p.teamId === teamId) }])),
  });
}
