/**
 * The watch poller, on the background poller skeleton (src/features/background/poller-skeleton.ts):
 * the replica holding the `watch:poller` lease reads, once per `WATCH_INTERVAL_SECONDS`, the run history
 * of each (project, watched dimension) once, however many channels watch it. A run newer than a
 * channel's last seen run is compared with the run before it in that history: each run's detail is
 * read once per poll (the newest one kept for the next poll, so the run before a new run is usually
 * not read again), its changes worked out once, and each channel's filters applied to them. Every
 * read goes through the one background limiter (`deps.background`), behind interactive work. A run
 * with nothing to tell (after filters) is passed over silently; a channel Slack refuses is marked
 * failing and the others go on. A change an active snooze covers (src/store/snoozes.ts) is passed over
 * like a filtered one: its run is marked seen and never posted later.
 */
import type { RadarDeps, Worker } from '../../deps.js';
import { isServiceError } from '../../service/errors.js';
import type { Binding } from '../../store/bindings.js';
import { snoozed, type SnoozesRepo } from '../../store/snoozes.js';
import type { ChannelWatches, Watch, WatchDimension, WatchesRepo } from '../../store/watches.js';
import { isDelivered } from '../background/deliver-once.js';
import { createPoller, forEachChannel } from '../background/poller-skeleton.js';
import { changesOf, type Change } from './changes/index.js';
import { changelogCutChanges, rowsBetween, type ChangelogRowRead } from './changes/content.js';
import { deliverWatch, watchKey, type WatchDelivery } from './deliver.js';
import { changesFor } from './filters.js';
import { readChangelog, readHistory, readRun, type ChangelogRead, type RunRow } from './reads.js';
import { sealedButtons } from './sealed.js';
import { muteTargetOf, watchMessages } from './views/watch-message.js';

export const WATCH_LEASE = 'watch:poller';

/** A run that finished without a summary (404 `run_not_summarized`): passed over, never a stop. */
const NOT_SUMMARIZED = Symbol('run_not_summarized');

interface Group {
  projectId: string;
  dimension: WatchDimension;
  channels: { teamId: string; channelId: string }[];
}

/** The runs a watch is due, oldest first, from one history read (newest first). */
export function dueRuns(rows: readonly RunRow[], watch: Pick<Watch, 'lastSeenRunId' | 'setAt'>): { due: RunRow[]; lost: boolean } {
  if (watch.lastSeenRunId !== null) {
    const index = rows.findIndex((r) => r.runId === watch.lastSeenRunId);
    if (index >= 0) return { due: rows.slice(0, index).reverse(), lost: false };
    return { due: rows.slice(0, 1), lost: true };
  }
  const setAt = Date.parse(watch.setAt);
  return { due: rows.filter((r) => r.at !== null && Date.parse(r.at) > setAt).reverse(), lost: false };
}

export function createWatchWorker(deps: RadarDeps, watches: WatchesRepo, delivery: WatchDelivery, snoozes?: SnoozesRepo): Worker {
  const logger = delivery.logger;
  /** The newest run detail read per (project, dimension): the next poll's "run before". */
  const newest = new Map<string, { runId: string; detail: Promise<unknown> }>();

  async function groups(): Promise<Map<string, Group>> {
    const out = new Map<string, Group>();
    for (const record of await watches.listAll()) {
      for (const watch of record.watches) {
        const key = `${record.projectId}\u0000${watch.dimension}`;
        const group = out.get(key) ?? { projectId: record.projectId, dimension: watch.dimension, channels: [] };
        group.channels.push({ teamId: record.teamId, channelId: record.channelId });
        out.set(key, group);
      }
    }
    return out;
  }

  async function poll(key: string, group: Group, signal: AbortSignal): Promise<void> {
    const { projectId, dimension } = group;
    let rows: RunRow[];
    try {
      rows = await deps.background.run(() => readHistory(deps.service, projectId, dimension));
    } catch (error) {
      logger.warn('could not read a watched dimension’s history; trying again next poll', { projectId, dimension, error });
      return;
    }
    const details = new Map<string, Promise<unknown>>();
    const detail = (runId: string): Promise<unknown> => {
      let found = details.get(runId) ?? (newest.get(key)?.runId === runId ? newest.get(key)?.detail : undefined);
      if (!found) {
        found = deps.background.run(() => readRun(deps.service, projectId, dimension, runId));
        found.catch(() => undefined);
      }
      details.set(runId, found);
      return found;
    };
    let changelog: Promise<ChangelogRead> | undefined;
    /** A run's detail, or NOT_SUMMARIZED when the run finished without a summary (404 `run_not_summarized`). */
    const summarized = async (runId: string): Promise<unknown> => {
      try {
        return await detail(runId);
      } catch (error) {
        if (isServiceError(error) && error.code === 'run_not_summarized') return NOT_SUMMARIZED;
        throw error;
      }
    };
    const changes = new Map<string, Promise<Change[] | null>>();
    /**
     * The changes of `row` against the nearest earlier run on the history page that has a summary; []
     * when `row` itself has none (nothing to tell: the watch goes on with the next run); null when no
     * earlier run on the page has one.
     */
    const changesOfRun = (row: RunRow): Promise<Change[] | null> => {
      let found = changes.get(row.runId);
      if (!found) {
        found = (async () => {
          const current = await summarized(row.runId);
          if (current === NOT_SUMMARIZED) {
            logger.info('a watched run finished without a summary; passing over it', { projectId, dimension, runId: row.runId });
            return [];
          }
          for (const before of rows.slice(rows.findIndex((r) => r.runId === row.runId) + 1)) {
            const previous = await summarized(before.runId);
            if (previous === NOT_SUMMARIZED) continue;
            let log: ChangelogRowRead[] = [];
            let cut: Change[] = [];
            if (dimension === 'content') {
              // Paged back to the earliest run on the history page (bounded); what the bound left unread is said.
              changelog ??= deps.background.run(() => readChangelog(deps.service, projectId, rows.at(-1)?.at ?? null));
              const read = await changelog;
              log = rowsBetween(read.rows, before.at, row.at);
              cut = changelogCutChanges(read.cutBefore, before.at);
            }
            return [...changesOf(dimension, { previous, current }, log), ...cut];
          }
          return null;
        })();
        found.catch(() => undefined);
        changes.set(row.runId, found);
      }
      return found;
    };
    await forEachChannel(
      deps.timing,
      group.channels,
      (c) => watchChannel(c.teamId, c.channelId, group, rows, changesOfRun, signal),
      (c, error) => logger.error('a channel’s watch failed', { channel: c.channelId, projectId, dimension, error }),
    );
    const top = rows[0];
    if (top && details.has(top.runId)) newest.set(key, { runId: top.runId, detail: details.get(top.runId)! });
  }

  async function watchChannel(teamId: string, channelId: string, group: Group, rows: RunRow[], changesOfRun: (row: RunRow) => Promise<Change[] | null>, signal: AbortSignal): Promise<void> {
    // Read afresh: a channel unbound, rebound or unwatched since the listing is treated as it is now.
    const binding: Binding | undefined = await deps.bindings.get(teamId, channelId);
    if (!binding || binding.projectId !== group.projectId) return;
    const record = await watches.get(teamId, channelId);
    const watch = record?.projectId === group.projectId ? record.watches.find((w) => w.dimension === group.dimension) : undefined;
    if (!record || !watch) return;
    // Snoozes as stored now (their ends are times, so every replica and a restarted one agree).
    const active = snoozes ? await snoozes.active(teamId, channelId, group.projectId, deps.now()) : [];
    const { due, lost } = dueRuns(rows, watch);
    if (lost) logger.warn('a watch’s last seen run is no longer in the history read; only the newest run is due', { channel: channelId, dimension: group.dimension, lastSeenRunId: watch.lastSeenRunId });
    let cursor = watch.lastSeenRunId;
    let failing: string | null = null;
    let posted = false;
    for (const row of due) {
      if (signal.aborted) break;
      let told: Change[];
      try {
        const all = await changesOfRun(row);
        told = all ? changesFor(watch, all) : [];
        // A change a snooze covers is passed over like a filtered one: the run is marked seen, never posted later.
        const now = deps.now();
        told = told.filter((c) => !snoozed(active, group.dimension, c.competitor, now));
      } catch (error) {
        logger.warn('could not read a watched run; trying again next poll', { projectId: group.projectId, dimension: group.dimension, runId: row.runId, error });
        break;
      }
      if (told.length === 0) {
        cursor = row.runId;
        continue;
      }
      const ref = { projectId: group.projectId, dimension: group.dimension, runId: row.runId, competitor: muteTargetOf(told) };
      const post = { projectId: group.projectId, projectName: binding.projectName, dimension: group.dimension, runId: row.runId, runAt: row.at, changes: told };
      const outcome = await deliverWatch(delivery, watchKey(teamId, channelId, ref), ref, async () => watchMessages(post, sealedButtons(deps, { channel: channelId, team: teamId }, post)));
      if (isDelivered(outcome)) {
        cursor = row.runId;
        if (outcome.kind !== 'already_posted') {
          posted = true;
          logger.info('watch message posted', { channel: channelId, ...ref, ts: outcome.ts, recovered: outcome.kind === 'recovered' });
        }
        continue;
      }
      if (outcome.kind === 'channel_failing') {
        failing = outcome.reason;
        logger.warn('watch message not delivered: Slack refuses this channel; marking it failing', { channel: channelId, ...ref, reason: outcome.reason });
      } else if (outcome.kind === 'retry_later') {
        logger.warn('watch message not delivered; trying again next poll', { channel: channelId, ...ref, error: outcome.error });
      }
      break;
    }
    const now = deps.now().toISOString();
    if (cursor === watch.lastSeenRunId && failing === null && !(posted && record.failing)) return;
    await watches.update(teamId, channelId, group.projectId, (current) => {
      const w = current.watches.find((x) => x.dimension === group.dimension);
      if (!w) return undefined;
      w.lastSeenRunId = cursor;
      if (failing !== null && current.failing?.reason !== failing) current.failing = { reason: failing, since: now };
      else if (posted && failing === null) current.failing = null;
      return current;
    });
  }

  return createPoller<Group>({
    name: 'watch-poller',
    lease: WATCH_LEASE,
    intervalMs: deps.config.watchIntervalSeconds * 1000,
    deps,
    logger,
    cycleFailed: 'watch poll failed',
    groups,
    poll,
  });
}

export type { ChannelWatches };
