/**
 * A channel's watches (src/features/watches/): which dimensions of its bound project it is told
 * about, with their filters, who set each and when, the run each has dealt with, and the failing mark.
 * One record per (team, channel), beside the binding (src/store/bindings.ts), never inside it; it
 * names the project its watches are about, so a record left from another binding is never used for
 * the new one. Every write goes through `store.update`.
 */
import * as z from 'zod';
import { bindingKey } from './bindings.js';
import { recordReader } from './records.js';
import type { Store } from './backends/store.js';

/** The dimensions a channel can watch (the words the command takes). */
export const WATCH_DIMENSIONS = ['pricing', 'content', 'ai', 'sources', 'tech', 'positioning'] as const;
export type WatchDimension = (typeof WATCH_DIMENSIONS)[number];

export interface Watch {
  dimension: WatchDimension;
  /** Only changes about these competitor domains (lower case); empty: every change. */
  competitors: string[];
  /** Content only: only changes in this content category. */
  category: string | null;
  /** AI only: the least move of a score (points) or a rate (percentage points) that is told; null: the default. */
  threshold: number | null;
  /** Competitor domains muted from this watch (the Mute competitor button). */
  muted: string[];
  /** Slack user id of whoever set it, and when (ISO 8601). */
  setBy: string;
  setAt: string;
  /** The run this watch has dealt with (the latest run when it was set: the baseline); null when there was none. */
  lastSeenRunId: string | null;
  /** Kinds of change raised to `now` or lowered to `digest` (issue 30; src/features/watches/changes/tiers.ts); empty: the defaults. */
  tiers: Record<string, 'now' | 'digest'>;
  /** AI only: one noise band (percentage points) for every engine; null: the documented defaults. */
  band: number | null;
  /** AI only: a band per engine (lower-case engine name -> points), before `band` and the defaults. */
  bands?: Record<string, number> | undefined;
}

/**
 * When a channel hears its watches (issue 30): the zone its times are in (null: UTC), its quiet hours
 * (`HH:MM` local; changes then are held and posted as one message when they end), and the time of day
 * its digest-tier changes are summed up.
 */
export interface WatchSchedule {
  zone: string | null;
  quiet: { from: string; to: string } | null;
  /** `HH:MM` in the zone: when the day's digest-tier changes are posted. */
  digestAt: string;
  /** `daily`: one summary a day at `digestAt`; `briefing`: in the thread of the next briefing digest posted here. */
  digestMode: 'daily' | 'briefing';
  setBy: string | null;
  setAt: string | null;
}

export const DEFAULT_WATCH_SCHEDULE: WatchSchedule = { zone: null, quiet: null, digestAt: '09:00', digestMode: 'daily', setBy: null, setAt: null };

export interface WatchFailing {
  reason: string;
  since: string;
}

export interface ChannelWatches {
  teamId: string;
  channelId: string;
  /** The project the watches are about (the binding's when they were set). */
  projectId: string;
  watches: Watch[];
  failing: WatchFailing | null;
  schedule: WatchSchedule;
}

export interface WatchesRepo {
  get(teamId: string, channelId: string): Promise<ChannelWatches | undefined>;
  /**
   * Applies `change` to the channel's record atomically (undefined: a new record for `projectId`); a
   * record about another project is replaced by an empty one first. Returning undefined writes nothing;
   * a record left with no watch is deleted. Resolves to what is stored after.
   */
  update(teamId: string, channelId: string, projectId: string, change: (current: ChannelWatches) => ChannelWatches | undefined): Promise<ChannelWatches | undefined>;
  /** Ends every watch of the channel; resolves how many there were. */
  removeAll(teamId: string, channelId: string): Promise<number>;
  /** Every channel's record (unreadable ones skipped, logged once). */
  listAll(): Promise<ChannelWatches[]>;
}

export const WATCHES_NAMESPACE = 'watches';

const watchSchema = z.looseObject({
  dimension: z.enum(WATCH_DIMENSIONS),
  competitors: z.array(z.string()).default([]),
  category: z.string().nullable().default(null),
  threshold: z.number().nullable().default(null),
  muted: z.array(z.string()).default([]),
  setBy: z.string(),
  setAt: z.string(),
  lastSeenRunId: z.string().nullable().default(null),
  tiers: z.record(z.string(), z.enum(['now', 'digest'])).default({}),
  band: z.number().nullable().default(null),
  bands: z.record(z.string(), z.number()).default({}),
});

const scheduleSchema = z.looseObject({
  zone: z.string().nullable().default(null),
  quiet: z.looseObject({ from: z.string(), to: z.string() }).nullable().default(null),
  digestAt: z.string().default(DEFAULT_WATCH_SCHEDULE.digestAt),
  digestMode: z.enum(['daily', 'briefing']).default('daily'),
  setBy: z.string().nullable().default(null),
  setAt: z.string().nullable().default(null),
});

const recordSchema = z.looseObject({
  teamId: z.string(),
  channelId: z.string(),
  projectId: z.string(),
  watches: z.array(watchSchema).default([]),
  failing: z.looseObject({ reason: z.string(), since: z.string() }).nullable().default(null),
  schedule: scheduleSchema.default({ ...DEFAULT_WATCH_SCHEDULE }),
});

export function createWatchesRepo(store: Store): WatchesRepo {
  const records = recordReader(store, WATCHES_NAMESPACE, recordSchema);
  return {
    get: (teamId, channelId) => records.get(bindingKey(teamId, channelId)),
    async update(teamId, channelId, projectId, change) {
      const key = bindingKey(teamId, channelId);
      let after: ChannelWatches | undefined;
      await store.update<unknown>(WATCHES_NAMESPACE, key, (current) => {
        const parsed = records.parse(key, current);
        const base: ChannelWatches = parsed && parsed.projectId === projectId ? parsed : { teamId, channelId, projectId, watches: [], failing: null, schedule: { ...DEFAULT_WATCH_SCHEDULE } };
        const next = change(structuredClone(base));
        if (next === undefined) {
          after = parsed;
          return undefined;
        }
        after = next.watches.length > 0 ? next : undefined;
        return after ?? (current === undefined ? undefined : null);
      });
      return after;
    },
    async removeAll(teamId, channelId) {
      const key = bindingKey(teamId, channelId);
      let count = 0;
      await store.update<unknown>(WATCHES_NAMESPACE, key, (current) => {
        if (current === undefined) return undefined;
        count = records.parse(key, current)?.watches.length ?? 0;
        return null;
      });
      return count;
    },
    listAll: async () => (await records.entries()).map((e) => e.value),
  };
}
