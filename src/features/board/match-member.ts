/**
 * Who a Slack person is on a project's board: their Slack real name (`users.info`: `real_name`, then
 * `profile.real_name`) against the organisation's members (`GET …/tickets/assignees`), compared
 * loosely (case, accents and spacing do not matter). "Assign to me" and the App Home both ask this.
 */
import type { Assignee } from '../../service/index.js';

/** Names compared loosely: case, accents and spacing do not matter. */
export const normalName = (name: string) => name.normalize('NFD').replace(/\p{Diacritic}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** What `users.info` says of a person, as far as names go. */
export interface SlackPerson {
  real_name?: string | undefined;
  profile?: { real_name?: string | undefined } | undefined;
}

/** A person's Slack names, in the order they are tried. */
export function slackNamesOf(user: SlackPerson | undefined): string[] {
  return [user?.real_name, user?.profile?.real_name].filter((n): n is string => Boolean(n));
}

/** The member whose full name is one of `names`, or undefined. */
export function matchMember<M extends Pick<Assignee, 'fullName'>>(names: readonly string[], members: readonly M[]): M | undefined {
  return members.find((m) => names.some((n) => normalName(n) === normalName(m.fullName)));
}
