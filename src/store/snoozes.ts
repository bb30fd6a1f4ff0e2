/**
 * Snoozes of a channel's watches (src/features/watches/): a watch, or one competitor in it, told
 * nothing until an end time. One record per (team, channel), keyed like the binding, each snooze
 * keyed by dimension and competitor (null: the whole watch) with its end (ISO 8601, UTC). The end is
 * a stored time, so it holds across restarts and on every replica; a snooze past its end is simply no
 * longer active (pruned on the next write), so its end posts nothing. Writes go through `store.update`.
 */
import * as z from 'zod';
import { bindingKey } from './bindings.js';
import { recordReader } from './records.js';
import type { Store } from './backends/store.js';
import { WATCH_DIMENSIONS, type WatchDimension } from './watches.js';

export interface Snooze {
  /** The project the snoozed watch was about (a snooze never carries over to a new binding's watches). */
  projectId: string;
  dimension: WatchDimension;
  /** Lower-case competitor domain; null: the whole watch. */
  competitor: string | null;
  /** When it ends (ISO 8601). */
  until: string;
  /** Slack user id of whoever snoozed, and when (ISO 8601). */
  setBy: string;
  setAt: string;
}

export interface ChannelSnoozes {
  teamId: string;
  channelId: string;
  snoozes: Snooze[];
}

export interface SnoozesRepo {
  /** The snoozes of the channel about `projectId` still active at `now` (ends after it), soonest end first. */
  active(teamId: string, channelId: string, projectId: string, now: Date): Promise<Snooze[]>;
  /** Sets (or replaces) the snooze of (dimension, competitor); expired ones are dropped on the way. */
  set(teamId: string, channelId: string, snooze: Snooze, now: Date): Promise<void>;
  /** Drops the channel's snoozes of a dimension (all when undefined), e.g. when the watch ends. */
  clear(teamId: string, channelId: string, dimension?: WatchDimension): Promise<void>;
}

export const SNOOZES_NAMESPACE = 'watch-snoozes';

const snoozeSchema = z.looseObject({
  projectId: z.string(),
  dimension: z.enum(WATCH_DIMENSIONS),
  competitor: z.string().nullable().default(null),
  until: z.string(),
  setBy: z.string(),
  setAt: z.string(),
});

const recordSchema = z.looseObject({
  teamId: z.string(),
  channelId: z.string(),
  snoozes: z.array(snoozeSchema).default([]),
});

const live = (s: Pick<Snooze, 'until'>, now: Date) => Date.parse(s.until) > now.getTime();

/** Whether `snoozes` cover a change of `dimension` about `competitor` (null: a change naming none) at `now`. */
export function snoozed(snoozes: readonly Snooze[], dimension: WatchDimension, competitor: string | null, now: Date): boolean {
  return snoozes.some((s) => s.dimension === dimension && live(s, now) && (s.competitor === null || (competitor !== null && s.competitor === competitor.toLowerCase())));
}

export function createSnoozesRepo(store: Store): SnoozesRepo {
  const records = recordReader(store, SNOOZES_NAMESPACE, recordSchema);
  const write = (teamId: string, channelId: string, change: (snoozes: Snooze[]) => Snooze[]) =>
    store.update<unknown>(SNOOZES_NAMESPACE, bindingKey(teamId, channelId), (current) => {
      const before = records.parse(bindingKey(teamId, channelId), current)?.snoozes ?? [];
      const after = change(structuredClone(before));
      if (after.length === 0) return current === undefined ? undefined : null;
      return { teamId, channelId, snoozes: after };
    });
  return {
    async active(teamId, channelId, projectId, now) {
      const record = await records.get(bindingKey(teamId, channelId));
      return (record?.snoozes ?? []).filter((s) => s.projectId === projectId && live(s, now)).sort((a, b) => Date.parse(a.until) - Date.parse(b.until));
    },
    async set(teamId, channelId, snooze, now) {
      const competitor = snooze.competitor?.toLowerCase() ?? null;
      await write(teamId, channelId, (all) => [
        ...all.filter((s) => live(s, now) && !(s.projectId === snooze.projectId && s.dimension === snooze.dimension && s.competitor === competitor)),
        { ...snooze, competitor },
      ]);
    },
    async clear(teamId, channelId, dimension) {
      await write(teamId, channelId, (all) => (dimension === undefined ? [] : all.filter((s) => s.dimension !== dimension)));
    },
  };
}
