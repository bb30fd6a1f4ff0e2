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
 *
 * Tiers and quiet hours (issue 30): a run's now-tier changes are posted at once, unless the channel is
 * in its quiet hours; its digest-tier changes, and now-tier ones during quiet hours, are held in the
 * channel's held store (src/store/watch-held.ts, one entry per run and reason, never held twice). Each
 * channel holding something is a group of its own in the cycle, which posts (held.ts) its digest once
 * a day and its quiet-hours message when they end, each exactly once. AI presence moves are held
 * against the watch's noise band with the check before the compared one, read from the history rows
 * the poll already has (no extra read).
 */
import type { RadarDeps, Worker } from '../../deps.js';
import { isServiceError } from '../../service/errors.js';
import type { WatchRunFacts } from '../../service/read/runs.js';
import type { Binding } from '../../store/bindings.js';
import { snoozed, type SnoozesRepo } from '../../store/snoozes.js';
import { heldId, type HeldEntry, type HeldReason, type WatchHeldRepo } from '../../store/watch-held.js';
import type { ChannelWatches, Watch, WatchDimension, WatchesRepo } from '../../store/watches.js';
import { isDelivered } from '../background/deliver-once.js';
import { createPoller, forEachChannel, teamsOfChannels } from '../background/poller-skeleton.js';
import { changesOf, type Change } from './changes/index.js';
import { changelogCutChanges, rowsBetween, type ChangelogRowRead } from './changes/content.js';
import { deliverWatch, watchKey, type WatchDelivery } from './deliver.js';
import { watchMoveChart, type ComparedRuns } from './move-chart.js';
import { byTier, changesFor } from './filters.js';
import { deliverHeld } from './held.js';
import { inQuiet } from './schedule.js';
import type { DeliveredChange } from './tell-followers.js';
import { readChangelog, readHistory, readRun, type ChangelogRead, type RunRow } from './reads.js';
import { sealedButtons } from './sealed.js';
import { muteTargetOf, watchMessages } from './views/watch-message.js';

export const WATCH_LEASE = 'watch:poller';

/** A run that finished without a summary (404 `run_not_summarized`): passed over, never a stop. */
const NOT_SUMMARIZED = Symbol('run_not_summarized');

interface RunsGroup {
  kind: 'runs';
  projectId: string;
  dimension: WatchDimension;
  channels: { teamId: string; channelId: string }[];
}

/** A channel holding changes: its digest or quiet-hours message may be due. */
interface HeldGroup {
  kind: 'held';
  teamId: string;
  channelId: string;
}

type Group = RunsGroup | HeldGroup;

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

export function createWatchWorker(
  deps: RadarDeps,
  watches: WatchesRepo,
  delivery: WatchDelivery,
  snoozes?: SnoozesRepo,
  held?: WatchHeldRepo,
  onDelivered?: (teamId: string, post: DeliveredChange) => Promise<void>,
): Worker {
  const logger = delivery.logger;
  /** The newest run detail read per (project, dimension): the next poll's "run before". */
  const newest = new Map<string, { runId: string; detail: Promise<WatchRunFacts> }>();

  async function groups(): Promise<Map<string, Group>> {
    const out = new Map<string, Group>();
    for (const record of await watches.listAll()) {
      for (const watch of record.watches) {
        const key = `${record.projectId}\u0000${watch.dimension}`;
        const group = out.get(key) ?? { kind: 'runs', projectId: record.projectId, dimension: watch.dimension, channels: [] };
        if (group.kind === 'runs') group.channels.push({ teamId: record.teamId, channelId: record.channelId });
        out.set(key, group);
      }
    }
    for (const record of held ? await held.listAll() : []) out.set(`held\u0000${record.teamId}\u0000${record.channelId}`, { kind: 'held', teamId: record.teamId, channelId: record.channelId });
    return out;
  }

  async function poll(key: string, group: Group, signal: AbortSignal): Promise<void> {
    if (group.kind === 'held') return pollHeld(group);
    const { projectId, dimension } = group;
    let rows: RunRow[];
    try {
      rows = await deps.background.run(() => readHistory(deps.service, projectId, dimension));
    } catch (error) {
      logger.warn('could not read a watched dimension’s history; trying again next poll', { projectId, dimension, error });
      return;
    }
    const details = new Map<string, Promise<WatchRunFacts>>();
    const detail = (runId: string): Promise<WatchRunFacts> => {
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
    const summarized = async (runId: string): Promise<WatchRunFacts | typeof NOT_SUMMARIZED> => {
      try {
        return await detail(runId);
      } catch (error) {
        if (isServiceError(error) && error.code === 'run_not_summarized') return NOT_SUMMARIZED;
        throw error;
      }
    };
    const changes = new Map<string, Promise<Change[] | null>>();
    /** The two runs each row's changes were found between (the figures its chart draws: no read of their own). */
    const compared = new Map<string, ComparedRuns>();
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
            // AI: the check before the compared one, as its history row (already read), for the noise band's second check.
            const earlier = dimension === 'ai' ? rows[rows.findIndex((r) => r.runId === before.runId) + 1]?.facts : undefined;
            compared.set(row.runId, { previous: { facts: previous, at: before.at }, current: { facts: current, at: row.at } });
            return [...changesOf(dimension, { previous, current, ...(earlier !== undefined ? { earlier } : {}) }, log), ...cut];
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
      (c) => watchChannel(c.teamId, c.channelId, group, rows, changesOfRun, (row) => compared.get(row.runId), signal),
      (c, error) => logger.error('a channel’s watch failed', { channel: c.channelId, projectId, dimension, error }),
    );
    const top = rows[0];
    if (top && details.has(top.runId)) newest.set(key, { runId: top.runId, detail: details.get(top.runId)! });
  }

  async function pollHeld(group: HeldGroup): Promise<void> {
    if (!held) return;
    const outcome = await deliverHeld(deps, watches, held, delivery, group.teamId, group.channelId, onDelivered);
    if (outcome.failing === null && !outcome.posted) return;
    const now = deps.now().toISOString();
    const record = await watches.get(group.teamId, group.channelId);
    if (!record) return;
    await watches.update(group.teamId, group.channelId, record.projectId, (current) => {
      if (outcome.failing !== null && current.failing?.reason !== outcome.failing) current.failing = { reason: outcome.failing, since: now };
      else if (outcome.posted && outcome.failing === null && current.failing) current.failing = null;
      else return undefined;
      return current;
    });
  }

  /** A run's changes as held for the channel's digest or its quiet-hours message. */
  function heldEntry(reason: HeldReason, group: RunsGroup, row: RunRow, changes: Change[]): HeldEntry {
    return {
      id: heldId(reason, group.dimension, row.runId),
      reason,
      projectId: group.projectId,
      dimension: group.dimension,
      runId: row.runId,
      runAt: row.at,
      heldAt: deps.now().toISOString(),
      changes: changes.map((c) => ({ kind: c.kind, competitor: c.competitor, weight: c.weight, line: c.line, title: c.title, before: c.before, after: c.after })),
    };
  }

  /** Holds a run's changes for the channel's digest (once per run and reason). */
  async function hold(teamId: string, channelId: string, reason: HeldReason, group: RunsGroup, row: RunRow, changes: Change[]): Promise<void> {
    if (!held || changes.length === 0) return;
    await held.add(teamId, channelId, heldEntry(reason, group, row, changes), deps.now());
  }

  async function watchChannel(
    teamId: string,
    channelId: string,
    group: RunsGroup,
    rows: RunRow[],
    changesOfRun: (row: RunRow) => Promise<Change[] | null>,
    comparedOf: (row: RunRow) => ComparedRuns | undefined,
    signal: AbortSignal,
  ): Promise<void> {
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
      // Tiers: digest-tier changes wait for the day's summary; now-tier ones during quiet hours for their end.
      if (held) {
        const tiers = byTier(watch, told);
        const quiet = inQuiet(record.schedule, deps.now());
        let way: 'quiet' | 'now' = 'now';
        try {
          await hold(teamId, channelId, 'digest', group, row, tiers.digest);
          // Decided once per run (the held store's route): a run held for quiet hours is never posted at
          // once when seen again after they end, and one posted at once is never held after.
          if (tiers.now.length) way = await held.route(teamId, channelId, heldEntry('quiet', group, row, tiers.now), quiet, deps.now());
        } catch (error) {
          logger.warn('could not hold a run’s changes; trying again next poll', { channel: channelId, dimension: group.dimension, runId: row.runId, error });
          break;
        }
        told = way === 'quiet' ? [] : tiers.now;
        if (told.length === 0) {
          cursor = row.runId;
          continue;
        }
      }
      const ref = { projectId: group.projectId, dimension: group.dimension, runId: row.runId, competitor: muteTargetOf(told) };
      const post = { projectId: group.projectId, projectName: binding.projectName, dimension: group.dimension, runId: row.runId, runAt: row.at, changes: told };
      // The moved metric over the two runs compared, from the payloads already read (issue 29).
      const runs = comparedOf(row);
      const moved = runs ? watchMoveChart(group.dimension, told, runs) : null;
      const outcome = await deliverWatch(delivery, watchKey(teamId, channelId, ref), ref, async () => watchMessages(post, sealedButtons(deps, { channel: channelId, team: teamId }, post)), moved);
      if (isDelivered(outcome)) {
        cursor = row.runId;
        // Followers of a competitor it names are told once (the notifier's claims), however many channels get it.
        await onDelivered?.(teamId, post).catch((error: unknown) => logger.warn('could not tell followers of a watch change', { channel: channelId, ...ref, error }));
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
    teams: (group) => (group.kind === 'held' ? new Map([[group.teamId, group]]) : teamsOfChannels(group)),
  });
}

export type { ChannelWatches };
