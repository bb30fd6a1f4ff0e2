/**
 * The scan follower: a background worker that polls every pending scan on its own timer until the
 * result is posted, on whichever replica holds the scan's lease.
 *
 * - Each scan is polled on a timer (`poll-schedule.ts`: 2 to 5 s with jitter, `Retry-After` honoured);
 *   every request to the service goes through one limiter of `maxConcurrentPolls`. Nothing blocks,
 *   so hundreds of scans are hundreds of timers.
 * - A replica follows a scan only while it holds the lease `scan:<id>` (`store.coordinator`),
 *   extended every third of its ttl. A sweep every `sweepMs` tries the lease of every pending scan
 *   nobody here follows, so scans resume on start and move to another replica when their holder dies.
 * - The pending record is removed only after the result is posted. Before posting a result's
 *   thread reply the record is marked `lastStatus: 'completed'`; whoever finds that mark on a later
 *   attempt looks for the reply (by its metadata) before posting, so the reply is posted once.
 */
import type { Worker } from '../../deps.js';
import type { Logger } from '../../log.js';
import { isServiceError, type ServiceClient } from '../../service/index.js';
import { describeError } from '../../slack/error-text.js';
import { isGoneForRadar } from '../../slack/slack-errors.js';
import type { Coordinator, Lease } from '../../store/backends/coordination.js';
import { isStoreUnavailable } from '../../store/backends/errors.js';
import type { PendingScan, PendingScanPatch, PendingScansRepo, ScanStatus } from '../../store/pending-scans.js';
import type { Timing } from '../../timing.js';
import type { Limiter } from '../../limiter.js';
import { delayAfterRateLimit, nextPollDelay } from './poll-schedule.js';
import type { ScanMessages, SlackMessage } from './scan-messages.js';
import { readScan } from './scan-service.js';
import { timeOf, type PolledState, type ScanState } from '../../service/read/scans.js';
import type { ScanSubject } from './views/parts.js';
import { progressView, stoppedView, type ScanStop } from './views/progress-view.js';
import { resultViews } from './views/result-view.js';

/**
 * How long the service keeps a scan when its `expiresAt` is not known (spec 2.9: 24 hours after
 * creation): a record written before Radar kept `expiresAt`, or an unreadable one.
 */
const RETENTION_MS = 24 * 3_600_000;

/**
 * A pending scan with the service's `expiresAt` (spec 2.9), kept beside the store's fields (the
 * store's record is read loosely, so it survives a restart); absent on records written before.
 */
export type FollowedScan = PendingScan & { expiresAt?: string };

/** When the service deletes the scan: its `expiresAt`, else 24 hours after Radar started it. */
export function expiresAtMs(scan: FollowedScan): number {
  return timeOf(scan.expiresAt) ?? Date.parse(scan.startedAt) + RETENTION_MS;
}

/**
 * When Radar stops following a scan still queued or running: `scanGiveUpMs` after it started, or
 * the scan's `expiresAt` when that comes first (a service that keeps scans a shorter time), never
 * a fixed 24 hours.
 */
export function giveUpAtMs(scan: FollowedScan, giveUpMs: number): number {
  return Math.min(Date.parse(scan.startedAt) + giveUpMs, expiresAtMs(scan));
}

export interface ScanFollowerDeps {
  service: ServiceClient;
  pendingScans: PendingScansRepo;
  coordinator: Coordinator;
  messages: ScanMessages;
  timing: Timing;
  logger: Logger;
  now(): Date;
  /** The bound shared by all background requests to the service. */
  background: Limiter;
  /** Jitter source, [0, 1). */
  random?: () => number;
  /** OAuth mode: runs a scan's poll in the scope of the installation serving its team (`WorkspaceService#inTeamScope`). */
  inTeamScope?: <T>(teamId: string, task: () => Promise<T>) => Promise<T>;
}

export interface ScanFollower extends Worker {
  /** Starts following a scan just recorded in the pending store (no-op if another holder has it). */
  follow(scan: PendingScan, shown?: ScanStatus): Promise<void>;
  /** Ids of the scans this replica follows now. */
  following(): string[];
}

interface Followed {
  readonly scanId: string;
  /** The team that started the scan: its polls run in that workspace's scope (OAuth mode: its own key). */
  readonly teamId: string;
  readonly lease: Lease;
  readonly keepAlive: NodeJS.Timeout;
  poll: NodeJS.Timeout | undefined;
  /** The poll under way; `stop` waits for it. */
  inFlight: Promise<void> | undefined;
  /** The state the channel message shows, and when it was written (paces elapsed-time refreshes). */
  shown: { status: ScanStatus; at: number } | undefined;
}

/** What ends a scan: the message that replaces the channel message, and for a result its thread details. */
interface Final {
  summary: SlackMessage;
  details?: SlackMessage;
}

export function leaseName(scanId: string): string {
  return `scan:${scanId}`;
}

export function createScanFollower(deps: ScanFollowerDeps): ScanFollower {
  const { pendingScans, timing, messages } = deps;
  const logger = deps.logger.child({ component: 'scan-follower' });
  const random = deps.random ?? Math.random;
  const followed = new Map<string, Followed>();
  let stopped = true;
  let sweepTimer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;

  const nowMs = () => deps.now().getTime();

  const schedule = (f: Followed, delayMs: number) => {
    if (stopped || f.lease.signal.aborted) return;
    clearTimeout(f.poll);
    f.poll = setTimeout(() => {
      f.poll = undefined;
      f.inFlight = (deps.inTeamScope ? deps.inTeamScope(f.teamId, () => pollOnce(f)) : pollOnce(f))
        .catch((error: unknown) => logger.warn('could not poll a scan in its workspace', { scanId: f.scanId, error }))
        .finally(() => {
        f.inFlight = undefined;
      });
    }, Math.max(0, delayMs));
    f.poll.unref();
  };

  /** Writes the poll's bookkeeping and sets the next poll; lets go when the scan is no longer pending. */
  const reschedule = async (f: Followed, status: ScanStatus, pollCount: number, delayMs: number) => {
    const next = await pendingScans.update(f.scanId, { lastStatus: status, pollCount, nextPollAt: new Date(nowMs() + delayMs).toISOString() });
    if (next) schedule(f, delayMs);
    else await f.lease.release();
  };

  const showProgress = async (f: Followed, scan: PendingScan, state: Extract<ScanState, { status: 'queued' | 'running' }>) => {
    const at = nowMs();
    const changed = f.shown?.status !== state.status;
    const due = f.shown === undefined || at - f.shown.at >= timing.scanProgressUpdateMs;
    if (!changed && !(state.status === 'running' && due)) return;
    // The runner's start when the service gives a readable one, else when Radar started the scan.
    const runnerStart = state.status === 'running' && state.startedAt !== undefined ? Date.parse(state.startedAt) : Number.NaN;
    const since = Number.isNaN(runnerStart) ? Date.parse(scan.startedAt) : runnerStart;
    const progress = state.status === 'queued' ? ({ state: 'queued' } as const) : ({ state: 'running', elapsedMs: at - since } as const);
    try {
      await messages.update(scan, progressView(subjectOf(scan), progress));
      f.shown = { status: state.status, at };
    } catch (error) {
      logger.warn('could not update a scan’s progress message', { scanId: scan.scanId, error });
    }
  };

  /** Posts the end of a scan, then forgets it. A Slack hiccup is retried; a channel gone for good is not. */
  const finish = async (f: Followed, scan: PendingScan, final: Final) => {
    if (f.lease.signal.aborted) return; // another replica now owns the scan, and its ending
    try {
      if (final.details) {
        const mayExist = scan.lastStatus === 'completed';
        if (!mayExist) await pendingScans.update(scan.scanId, { lastStatus: 'completed' });
        await messages.postResultOnce(scan, final.details, mayExist);
      }
      await messages.update(scan, final.summary);
    } catch (error) {
      if (!isGoneForRadar(error)) {
        logger.warn('could not post a scan’s outcome; will try again', { scanId: scan.scanId, error });
        await reschedule(f, final.details ? 'completed' : scan.lastStatus, scan.pollCount + 1, timing.scanPollMaxMs);
        return;
      }
      logger.warn('the channel of a scan can no longer be posted to; dropping the scan', { scanId: scan.scanId, channel: scan.channelId, error });
    }
    await pendingScans.remove(scan.scanId);
    logger.info('scan outcome posted', { scanId: scan.scanId, kind: scan.kind });
    await f.lease.release();
  };

  const pollOnce = async (f: Followed) => {
    try {
      const scan = await pendingScans.get(f.scanId);
      if (!scan) {
        await f.lease.release(); // finished elsewhere
        return;
      }
      const subject = subjectOf(scan);
      const now = nowMs();
      const elapsed = now - Date.parse(scan.startedAt);
      const expires = expiresAtMs(scan);
      const giveUp = giveUpAtMs(scan, timing.scanGiveUpMs);
      const stop = (why: ScanStop) => finish(f, scan, { summary: stoppedView(subject, why) });
      let state: PolledState;
      try {
        state = await deps.background.run(() => readScan(deps.service, scan.kind, scan.scanId));
      } catch (error) {
        const terminal = terminalStop(error, now >= expires, expires);
        if (terminal) return await stop(terminal);
        if (now >= giveUp) {
          return await stop({ reason: 'refused', sentence: describeError(error, { action: 'follow the scan' }), retryCommand: null });
        }
        const usual = nextPollDelay(scan.pollCount, timing, random);
        const rateLimited = isServiceError(error) && error.status === 429;
        logger.info('a scan poll failed; will poll again', { scanId: scan.scanId, error });
        return await reschedule(f, scan.lastStatus, scan.pollCount + 1, rateLimited ? delayAfterRateLimit(error.retryAfterMs, usual) : usual);
      }
      switch (state.status) {
        case 'completed': {
          const views = resultViews(subject, state.finished, scan.includeFixPrompts);
          return await finish(f, scan, views);
        }
        case 'failed':
          return await stop({ reason: 'failed', code: state.code });
        case 'queued':
        case 'running': {
          // The service's own expiresAt, when it says one, is the one that counts from now on.
          const told = timeOf(state.expiresAt);
          if (state.expiresAt !== null && told !== timeOf((scan as FollowedScan).expiresAt)) {
            await pendingScans.update(scan.scanId, { expiresAt: state.expiresAt } as PendingScanPatch);
            (scan as FollowedScan).expiresAt = state.expiresAt;
          }
          const until = expiresAtMs(scan);
          if (now >= giveUpAtMs(scan, timing.scanGiveUpMs)) {
            return await stop({ reason: 'gave_up', afterMs: elapsed, readableUntil: now < until ? new Date(until).toISOString() : null });
          }
          await showProgress(f, scan, state);
          return await reschedule(f, state.status, scan.pollCount + 1, nextPollDelay(scan.pollCount + 1, timing, random));
        }
      }
    } catch (error) {
      // The store (or something unforeseen) failed: keep the lease and try again later. A store
      // outage is logged once by the store, not once per scan and poll.
      (isStoreUnavailable(error) ? logger.debug : logger.error)('following a scan failed; will try again', { scanId: f.scanId, error });
      schedule(f, timing.scanPollMaxMs);
    }
  };

  const follow = async (scan: PendingScan, shown?: ScanStatus) => {
    if (stopped || followed.has(scan.scanId)) return;
    let lease: Lease | null;
    try {
      lease = await deps.coordinator.tryLead(leaseName(scan.scanId), timing.leaseTtlMs);
    } catch (error) {
      (isStoreUnavailable(error) ? logger.debug : logger.warn)('could not take a scan’s lease; the sweep will try again', { scanId: scan.scanId, error });
      return;
    }
    if (!lease) return;
    if (stopped) {
      await lease.release();
      return;
    }
    const held = lease;
    const keepAlive = setInterval(() => void held.extend(), Math.max(1, Math.floor(timing.leaseTtlMs / 3)));
    keepAlive.unref();
    const f: Followed = { scanId: scan.scanId, teamId: scan.teamId, lease, keepAlive, poll: undefined, inFlight: undefined, shown: shown ? { status: shown, at: nowMs() } : undefined };
    lease.signal.addEventListener('abort', () => {
      clearInterval(f.keepAlive);
      clearTimeout(f.poll);
      if (followed.get(f.scanId) === f) followed.delete(f.scanId);
    });
    followed.set(scan.scanId, f);
    logger.debug('following a scan', { scanId: scan.scanId });
    schedule(f, Date.parse(scan.nextPollAt) - nowMs());
  };

  const sweep = async () => {
    if (stopped) return;
    if (sweeping) return sweeping;
    sweeping = (async () => {
      try {
        for (const scan of await pendingScans.listAll()) {
          if (stopped) break;
          if (!followed.has(scan.scanId)) await follow(scan);
        }
      } catch (error) {
        (isStoreUnavailable(error) ? logger.debug : logger.warn)('could not sweep the pending scans', { error });
      }
    })().finally(() => {
      sweeping = undefined;
    });
    return sweeping;
  };

  return {
    name: 'scan-follower',
    follow,
    following: () => [...followed.keys()],
    async start() {
      stopped = false;
      await sweep();
      sweepTimer = setInterval(() => void sweep(), timing.sweepMs);
      sweepTimer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(sweepTimer);
      await sweeping;
      const all = [...followed.values()];
      for (const f of all) clearTimeout(f.poll);
      await Promise.all(all.map((f) => f.inFlight));
      await Promise.all(all.map((f) => f.lease.release()));
    },
    tick: sweep,
  };
}

function subjectOf(scan: PendingScan): ScanSubject {
  return { kind: scan.kind, domain: scan.domain, startedBy: scan.startedBy, scanId: scan.scanId };
}

/**
 * Service errors that end a scan for good; null for those worth polling again (429, 5xx, network).
 * `scan_not_found` once the scan's `expiresAt` has passed is "expired"; before, "not found".
 */
function terminalStop(error: unknown, expired: boolean, expiresMs: number): ScanStop | null {
  if (!isServiceError(error)) return null;
  if (error.code === 'scan_not_found') return expired ? { reason: 'expired', at: new Date(expiresMs).toISOString() } : { reason: 'not_found' };
  if (error.code === 'subscription_required' || error.code === 'unexpected_response') {
    return { reason: 'refused', sentence: describeError(error, { action: 'follow the scan' }), retryCommand: null };
  }
  return null;
}
