/**
 * Watch changes held for later (issue 30): digest-tier changes gathered for a channel's daily summary,
 * and now-tier changes that came during its quiet hours, posted as one message when they end. One
 * record per (team, channel), keyed like the binding. Each entry is one run of one watched dimension,
 * with an id naming why it is held, the dimension and the run (`digest:pricing:<run>`): adding the same
 * run again replaces its entry, and an entry already posted (its id kept in `posted` for a week) is
 * never added again, so a run seen twice (a crash before its watch's cursor was written, another
 * replica) is posted once. Writes go through `store.update` (atomic on every backend).
 *
 * Two orders close the narrow windows (issue 30):
 * - A run's now-tier changes go one way only, decided once in this record (`route`): held for the
 *   quiet-hours message (`quiet:<dimension>:<run>` held or posted), or posted at once (`now:<dimension>:<run>`
 *   recorded among `posted` before the post). A run seen again after quiet hours end (its cursor not
 *   written) finds it was held and is not posted again; a run posted at once and seen again in quiet
 *   hours is not held.
 * - A held message's batch is frozen before it is posted (`freeze`: its key and the ids it shows,
 *   kept a week): whoever completes or recovers that post marks exactly those ids posted, never an
 *   entry held a moment later that the message does not show.
 */
import * as z from 'zod';
import { bindingKey } from './bindings.js';
import { recordReader } from './records.js';
import type { Store } from './backends/store.js';
import { WATCH_DIMENSIONS, type WatchDimension } from './watches.js';

export const HELD_REASONS = ['digest', 'quiet'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];

/**
 * A change as held: what the summary needs to say it (its line is mrkdwn, service strings escaped
 * already) and its ticket's prefill (plain title, before and after; absent in entries held before).
 */
export interface HeldChange {
  kind: string;
  competitor: string | null;
  weight: number;
  line: string;
  title?: string | undefined;
  before?: string | null | undefined;
  after?: string | null | undefined;
}

export interface HeldEntry {
  /** `<reason>:<dimension>:<run id>`. */
  id: string;
  reason: HeldReason;
  projectId: string;
  dimension: WatchDimension;
  runId: string;
  runAt: string | null;
  /** When it was held (ISO 8601): the summary it goes in is the first one due after it. */
  heldAt: string;
  changes: HeldChange[];
}

/** A held message's batch as frozen before its post: its ledger key and the entry ids it shows. */
export interface HeldBatch {
  key: string;
  ids: string[];
  at: string;
}

export interface ChannelHeld {
  teamId: string;
  channelId: string;
  entries: HeldEntry[];
  /** Ids of entries already posted (and `now:` routes of runs posted at once), with when (ISO 8601); kept a week. */
  posted: { id: string; at: string }[];
  /** Batches frozen before their post; kept a week. */
  batches: HeldBatch[];
}

export interface WatchHeldRepo {
  get(teamId: string, channelId: string): Promise<ChannelHeld | undefined>;
  /** Holds `entry` (replacing one with its id); nothing when an entry of that id was posted already. */
  add(teamId: string, channelId: string, entry: HeldEntry, now: Date): Promise<void>;
  /**
   * Decides once where a run's now-tier changes go: `quiet` (held as `entry`, or held or posted so
   * before) or `now` (posted at once: recorded before the post, so the run is never held later).
   * `wantQuiet`: the channel is in its quiet hours now.
   */
  route(teamId: string, channelId: string, entry: HeldEntry, wantQuiet: boolean, now: Date): Promise<'quiet' | 'now'>;
  /** Freezes the batch of `key` as `ids`, or answers the ids it was frozen with before. */
  freeze(teamId: string, channelId: string, key: string, ids: readonly string[], now: Date): Promise<string[]>;
  /** Marks these entries posted: they leave the record and are never held again. */
  markPosted(teamId: string, channelId: string, ids: readonly string[], now: Date): Promise<void>;
  /** Drops the held entries of a dimension (every entry when undefined): its watch ended. */
  clear(teamId: string, channelId: string, dimension?: WatchDimension): Promise<void>;
  /** Every channel holding something. */
  listAll(): Promise<ChannelHeld[]>;
}

export const WATCH_HELD_NAMESPACE = 'watch-held';
const POSTED_KEPT_MS = 7 * 24 * 60 * 60_000;

export const heldId = (reason: HeldReason, dimension: WatchDimension, runId: string) => `${reason}:${dimension}:${runId}`;
/** The mark of a run whose now-tier changes were posted at once. */
export const nowId = (dimension: WatchDimension, runId: string) => `now:${dimension}:${runId}`;

const changeSchema = z.looseObject({
  kind: z.string(),
  competitor: z.string().nullable().default(null),
  weight: z.number().default(0),
  line: z.string(),
  title: z.string().optional(),
  before: z.string().nullable().optional(),
  after: z.string().nullable().optional(),
});
const entrySchema = z.looseObject({
  id: z.string(),
  reason: z.enum(HELD_REASONS),
  projectId: z.string(),
  dimension: z.enum(WATCH_DIMENSIONS),
  runId: z.string(),
  runAt: z.string().nullable().default(null),
  heldAt: z.string(),
  changes: z.array(changeSchema).default([]),
});
const recordSchema = z.looseObject({
  teamId: z.string(),
  channelId: z.string(),
  entries: z.array(entrySchema).default([]),
  posted: z.array(z.looseObject({ id: z.string(), at: z.string() })).default([]),
  batches: z.array(z.looseObject({ key: z.string(), ids: z.array(z.string()), at: z.string() })).default([]),
});

export function createWatchHeldRepo(store: Store): WatchHeldRepo {
  const records = recordReader(store, WATCH_HELD_NAMESPACE, recordSchema);
  const write = (teamId: string, channelId: string, now: Date, change: (record: ChannelHeld) => void) =>
    store.update<unknown>(WATCH_HELD_NAMESPACE, bindingKey(teamId, channelId), (current) => {
      const record: ChannelHeld = structuredClone(records.parse(bindingKey(teamId, channelId), current)) ?? { teamId, channelId, entries: [], posted: [], batches: [] };
      change(record);
      record.posted = record.posted.filter((p) => Date.parse(p.at) > now.getTime() - POSTED_KEPT_MS);
      record.batches = record.batches.filter((b) => Date.parse(b.at) > now.getTime() - POSTED_KEPT_MS);
      if (record.entries.length === 0 && record.posted.length === 0 && record.batches.length === 0) return current === undefined ? undefined : null;
      return record;
    });
  return {
    get: (teamId, channelId) => records.get(bindingKey(teamId, channelId)),
    async add(teamId, channelId, entry, now) {
      await write(teamId, channelId, now, (record) => {
        if (record.posted.some((p) => p.id === entry.id)) return;
        // A run posted at once is never held for the quiet-hours message after.
        if (entry.reason === 'quiet' && record.posted.some((p) => p.id === nowId(entry.dimension, entry.runId))) return;
        record.entries = [...record.entries.filter((e) => e.id !== entry.id), entry];
      });
    },
    async route(teamId, channelId, entry, wantQuiet, now) {
      let way: 'quiet' | 'now' = 'now';
      const quietId = heldId('quiet', entry.dimension, entry.runId);
      const postedId = nowId(entry.dimension, entry.runId);
      await write(teamId, channelId, now, (record) => {
        const heldQuiet = record.entries.some((e) => e.id === quietId) || record.posted.some((p) => p.id === quietId);
        const postedNow = record.posted.some((p) => p.id === postedId);
        way = heldQuiet ? 'quiet' : postedNow ? 'now' : wantQuiet ? 'quiet' : 'now';
        if (way === 'quiet' && !heldQuiet) record.entries.push({ ...entry, id: quietId, reason: 'quiet' });
        if (way === 'now' && !postedNow) record.posted.push({ id: postedId, at: now.toISOString() });
      });
      return way;
    },
    async freeze(teamId, channelId, key, ids, now) {
      let frozen: string[] = [...ids];
      await write(teamId, channelId, now, (record) => {
        const found = record.batches.find((b) => b.key === key);
        if (found) frozen = [...found.ids];
        else record.batches.push({ key, ids: [...ids], at: now.toISOString() });
      });
      return frozen;
    },
    async markPosted(teamId, channelId, ids, now) {
      const done = new Set(ids);
      await write(teamId, channelId, now, (record) => {
        record.entries = record.entries.filter((e) => !done.has(e.id));
        const known = new Set(record.posted.map((p) => p.id));
        record.posted.push(...[...done].filter((id) => !known.has(id)).map((id) => ({ id, at: now.toISOString() })));
      });
    },
    async clear(teamId, channelId, dimension) {
      if (dimension === undefined) {
        await store.update<unknown>(WATCH_HELD_NAMESPACE, bindingKey(teamId, channelId), (current) => (current === undefined ? undefined : null));
        return;
      }
      await write(teamId, channelId, new Date(), (record) => {
        record.entries = record.entries.filter((e) => e.dimension !== dimension);
      });
    },
    listAll: async () => (await records.entries()).map((e) => e.value).filter((r) => r.entries.length > 0),
  };
}
