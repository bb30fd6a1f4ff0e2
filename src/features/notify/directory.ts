/**
 * The name bridge (issue 31): who a board member is in Slack when Radar has not met them. The board
 * names a member only by `fullName` (spec 2.8: nothing else about a person), so the workspace's
 * people (`users.list`, paged; bots, Slackbot and deactivated accounts left out) are matched by their
 * names (`real_name`, `profile.real_name`, `profile.display_name`, `name`), compared as "Assign to
 * me" compares them (normalName). Only a UNIQUE match is a person: two people of that name are
 * nobody (the notifier logs it, without the name). The list is read at most once per team an hour
 * (kept in memory, names only, normalised; concurrent asks share one read), and bounded: past
 * MAX_PAGES pages the list is incomplete and no match in it counts (it could not be shown unique).
 * A refusal that lasts (no `users:read`, a revoked token) is remembered for the hour too and
 * matches nobody; a passing one (rate limit, network) throws, so the caller tries again later.
 */
import type { webApi } from '@slack/bolt';
import type { Logger } from '../../log.js';
import { slackErrorOf } from '../../slack/slack-errors.js';
import { normalName, slackNamesOf, type SlackPerson } from '../board/match-member.js';

export const DIRECTORY_TTL_MS = 60 * 60_000;
/** `users.list` pages read at most per team (200 people a page). */
export const MAX_PAGES = 100;
const PAGE_SIZE = 200;
/** Teams whose list is kept at once (the oldest read is dropped first). */
const MAX_TEAMS = 200;

export type DirectoryMatch = { kind: 'one'; userId: string } | { kind: 'none' } | { kind: 'ambiguous'; count: number } | { kind: 'unknown'; reason: string };

export interface Directory {
  /** The Slack person of `teamId` whose names match `fullName`, if exactly one does. */
  find(teamId: string, fullName: string): Promise<DirectoryMatch>;
}

interface Member extends SlackPerson {
  id?: string | undefined;
  name?: string | undefined;
  is_bot?: boolean | undefined;
  deleted?: boolean | undefined;
  profile?: { real_name?: string | undefined; display_name?: string | undefined } | undefined;
}

interface TeamList {
  at: number;
  /** Normalised name -> the ids of the people who carry it (each person once per name). */
  byName: Map<string, string[]>;
  /** Why no match counts (the list could not be read whole), else null. */
  unknown: string | null;
}

/** A listed person's names, normalised, each once: real name first, then display name and handle. */
export function directoryNamesOf(member: Member): string[] {
  const names = [...slackNamesOf(member), member.profile?.display_name, member.name].filter((n): n is string => typeof n === 'string' && n.trim() !== '');
  return [...new Set(names.map(normalName))];
}

const isPerson = (m: Member): m is Member & { id: string } => typeof m.id === 'string' && m.id !== '' && m.id !== 'USLACKBOT' && m.is_bot !== true && m.deleted !== true;

export function createDirectory(client: webApi.WebClient, deps: { now: () => Date; logger: Logger }): Directory {
  const lists = new Map<string, TeamList>();
  const reading = new Map<string, Promise<TeamList>>();

  async function read(teamId: string): Promise<TeamList> {
    const byName = new Map<string, string[]>();
    let cursor: string | undefined;
    let pages = 0;
    try {
      do {
        if (pages === MAX_PAGES) {
          deps.logger.warn('notify: the workspace has more people than Radar reads; assignees it has not met are not matched by name', { team: teamId, pages });
          return { at: deps.now().getTime(), byName: new Map(), unknown: 'the workspace list is longer than Radar reads' };
        }
        const page = await client.users.list({ team_id: teamId, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
        pages += 1;
        for (const member of (page.members ?? []) as Member[]) {
          if (!isPerson(member)) continue;
          for (const name of directoryNamesOf(member)) {
            const ids = byName.get(name) ?? [];
            if (!ids.includes(member.id)) ids.push(member.id);
            byName.set(name, ids);
          }
        }
        cursor = page.response_metadata?.next_cursor || undefined;
      } while (cursor);
    } catch (error) {
      const known = slackErrorOf(error);
      // Only a refusal that lasts until a person acts (scope, token) is kept; anything else (rate
      // limit, network, an unknown code) is not, and the caller tries again.
      if (!known || known.permanence !== 'channel') throw error;
      deps.logger.warn('notify: could not list the workspace’s people; assignees Radar has not met are not told this hour', { team: teamId, error: known.code });
      return { at: deps.now().getTime(), byName: new Map(), unknown: known.reason };
    }
    return { at: deps.now().getTime(), byName, unknown: null };
  }

  async function listOf(teamId: string): Promise<TeamList> {
    const kept = lists.get(teamId);
    if (kept && deps.now().getTime() - kept.at < DIRECTORY_TTL_MS) return kept;
    const pending = reading.get(teamId);
    if (pending) return pending;
    const next = read(teamId)
      .then((list) => {
        lists.delete(teamId);
        lists.set(teamId, list);
        while (lists.size > MAX_TEAMS) lists.delete(lists.keys().next().value as string);
        return list;
      })
      .finally(() => reading.delete(teamId));
    reading.set(teamId, next);
    return next;
  }

  return {
    async find(teamId, fullName) {
      const name = normalName(fullName);
      if (name === '') return { kind: 'none' };
      const list = await listOf(teamId);
      if (list.unknown !== null) return { kind: 'unknown', reason: list.unknown };
      const ids = list.byName.get(name) ?? [];
      if (ids.length === 0) return { kind: 'none' };
      if (ids.length > 1) return { kind: 'ambiguous', count: ids.length };
      return { kind: 'one', userId: ids[0] as string };
    },
  };
}

/** One directory per Slack client: every notifier built on the same client shares its lists (one read per team an hour). */
const shared = new WeakMap<webApi.WebClient, Directory>();
export function directoryFor(client: webApi.WebClient, deps: { now: () => Date; logger: Logger }): Directory {
  // A stand-in client that is no object (listener tests) cannot be a key: its directory is its own.
  if (typeof client !== 'object' || client === null) return createDirectory(client, deps);
  let directory = shared.get(client);
  if (!directory) {
    directory = createDirectory(client, deps);
    shared.set(client, directory);
  }
  return directory;
}
