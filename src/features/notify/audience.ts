/**
 * Who hears of an event, from the people's follow records (src/store/follows.ts): a ticket assigned
 * goes to the people whose Slack name is the assignee's (matched as "Assign to me" matches; when
 * nobody Radar knows has that name, the notifier asks the workspace's list: directory.ts); a
 * comment to those following the ticket or its project; a now-tier change to those following the
 * competitor or its project. Each only while their setting for that kind is on; never the person
 * who did it (the notifier claims the event for them without telling them, so a later board read
 * does not tell them either).
 */
import type { NotifyKind, PersonFollows } from '../../store/follows.js';
import { normalName } from '../board/match-member.js';

export interface Audience {
  projectId: string;
  /** `assigned`: the member the ticket is now assigned to. */
  assignee?: { fullName: string };
  /** `comments`: the ticket commented on. */
  ticketId?: string;
  /** `changes`: the competitors (domains, lower case) the change is about. */
  competitors?: readonly string[];
  /** Who did it, as the board names them (a comment's author): never told of their own doing. */
  byName?: string | null;
}

export function recipientsOf(people: readonly PersonFollows[], kind: NotifyKind, audience: Audience): PersonFollows[] {
  return people.filter((person) => {
    if (!person.settings[kind]) return false;
    const by = audience.byName ? normalName(audience.byName) : null;
    if (by !== null && person.names.some((n) => normalName(n) === by)) return false;
    if (kind === 'assigned') {
      const name = audience.assignee ? normalName(audience.assignee.fullName) : null;
      return name !== null && person.names.some((n) => normalName(n) === name);
    }
    return person.follows.some((f) => {
      if (f.projectId !== audience.projectId) return false;
      if (f.kind === 'project') return true;
      if (kind === 'comments') return f.kind === 'ticket' && f.target === audience.ticketId;
      return f.kind === 'competitor' && (audience.competitors ?? []).includes(f.target);
    });
  });
}

/**
 * True when someone Radar knows (a follow record of the team) carries `fullName` as a Slack name,
 * whatever their settings: then the assignment goes by the records alone (recipientsOf), and the
 * workspace's list (directory.ts) is not asked.
 */
export function isKnownName(people: readonly PersonFollows[], fullName: string): boolean {
  const name = normalName(fullName);
  return people.some((person) => person.names.some((n) => normalName(n) === name));
}
