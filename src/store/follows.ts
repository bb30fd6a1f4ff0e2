/**
 * What one person follows and how they want to be told (issue 31): their follows (a competitor of a
 * project, a project, a ticket) with who set each and when, their notification settings per kind
 * (assigned tickets, comments on what they follow, now-tier changes of followed competitors) with
 * quiet hours, and what Radar last learned of them from `users.info` (time zone, Slack names: who
 * they are on a board). One record per (team, person); every write goes through `store.update`.
 */
import * as z from 'zod';
import { recordReader } from './records.js';
import type { Store } from './backends/store.js';

export const FOLLOW_KINDS = ['competitor', 'project', 'ticket'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** The kinds of direct message a person can switch on or off. */
export const NOTIFY_KINDS = ['assigned', 'comments', 'changes'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

export interface Follow {
  kind: FollowKind;
  projectId: string;
  projectName: string;
  /** The competitor's domain (lower case), the ticket id, or the project id again. */
  target: string;
  /** How it is shown: the competitor's name or domain, `#12 Title`, the project's name (plain text). */
  label: string;
  /** Slack user id of whoever set it, and when (ISO 8601). */
  setBy: string;
  setAt: string;
}

/** Quiet hours, `HH:MM` in the person's own time zone; `end` before `start` spans midnight. */
export interface QuietHours {
  start: string;
  end: string;
}

export interface NotifySettings {
  assigned: boolean;
  comments: boolean;
  changes: boolean;
  quietHours: QuietHours | null;
}

export interface PersonFollows {
  teamId: string;
  userId: string;
  follows: Follow[];
  settings: NotifySettings;
  /** `users.info` tz (IANA), as last learned; null: never learned (quiet hours are then read in UTC). */
  tz: string | null;
  /** The person's Slack names (`users.info`), matched against a board's members for "assigned to you". */
  names: string[];
  /** The id of Radar's direct-message channel with the person (chat.postMessage's answer), once known. */
  dmChannel?: string | null;
}

export const DEFAULT_SETTINGS: NotifySettings = { assigned: true, comments: true, changes: true, quietHours: null };

export const FOLLOWS_NAMESPACE = 'follows';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

const followSchema = z.looseObject({
  kind: z.enum(FOLLOW_KINDS),
  projectId: z.string(),
  projectName: z.string(),
  target: z.string(),
  label: z.string(),
  setBy: z.string(),
  setAt: z.string(),
});

const recordSchema = z.looseObject({
  teamId: z.string(),
  userId: z.string(),
  follows: z.array(followSchema).default([]),
  settings: z
    .looseObject({
      assigned: z.boolean().default(true),
      comments: z.boolean().default(true),
      changes: z.boolean().default(true),
      quietHours: z.looseObject({ start: z.string().regex(HHMM), end: z.string().regex(HHMM) }).nullable().default(null),
    })
    .default({ assigned: true, comments: true, changes: true, quietHours: null }),
  tz: z.string().nullable().default(null),
  names: z.array(z.string()).default([]),
  dmChannel: z.string().nullable().default(null),
});

export const followKey = (f: Pick<Follow, 'kind' | 'projectId' | 'target'>) => `${f.kind}:${f.projectId}:${f.target}`;
export const personKey = (teamId: string, userId: string) => `${teamId}:${userId}`;

export interface FollowsRepo {
  get(teamId: string, userId: string): Promise<PersonFollows | undefined>;
  /**
   * Applies `change` to the person's record atomically (a fresh record with default settings when
   * there is none); returning undefined writes nothing. Resolves to what is stored after.
   */
  update(teamId: string, userId: string, change: (current: PersonFollows) => PersonFollows | undefined): Promise<PersonFollows>;
  /** Every person's record (unreadable ones skipped, logged once). */
  listAll(): Promise<PersonFollows[]>;
}

export function emptyPerson(teamId: string, userId: string): PersonFollows {
  return { teamId, userId, follows: [], settings: { ...DEFAULT_SETTINGS }, tz: null, names: [], dmChannel: null };
}

export function createFollowsRepo(store: Store): FollowsRepo {
  const records = recordReader(store, FOLLOWS_NAMESPACE, recordSchema);
  return {
    get: (teamId, userId) => records.get(personKey(teamId, userId)),
    async update(teamId, userId, change) {
      const key = personKey(teamId, userId);
      let after: PersonFollows = emptyPerson(teamId, userId);
      await store.update<unknown>(FOLLOWS_NAMESPACE, key, (current) => {
        const base = records.parse(key, current) ?? emptyPerson(teamId, userId);
        const next = change(structuredClone(base));
        after = next ?? base;
        return next;
      });
      return after;
    },
    listAll: async () => (await records.entries()).map((e) => e.value),
  };
}

/** True when `hhmm` is a time of day `HH:MM` (24 hours). */
export const isTimeOfDay = (hhmm: string) => HHMM.test(hhmm);
