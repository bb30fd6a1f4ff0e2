/**
 * The report poller, on the background poller skeleton (src/features/background/poller-skeleton.ts):
 * the replica holding the `report:poller` lease looks, once per `REPORT_INTERVAL_SECONDS`, for channels
 * whose report slot has come (schedule.ts: only the latest slot is ever due, so after downtime one
 * catch-up report goes, never a burst). The due channels are grouped by project; each project is read
 * once per cycle (reads.ts), every due channel of it reporting from the same answers. Each report is
 * posted exactly once per channel and slot through the `report-ledger` claim (deliver.ts), then the
 * channel's mark moves to that slot. A channel Slack refuses is marked failing; the others go on. A
 * report missing a section whose read failed waits for the next poll for up to an hour after its slot,
 * then goes saying which section it lacks.
 */
import type { RadarDeps, Worker } from '../../deps.js';
import type { ReportSettingsRepo } from '../../store/report-settings.js';
import { isDelivered } from '../background/deliver-once.js';
import { createPoller, forEachChannel, teamsOfChannels } from '../background/poller-skeleton.js';
import { deliverReport, reportKey, type ReportDelivery } from './deliver.js';
import { projectReads, type ProjectReads } from './reads.js';
import { buildReport } from './report.js';
import { dueSlot, sinceOf } from './schedule.js';

export const REPORT_LEASE = 'report:poller';

/**
 * How long after its slot a report waits for a section that could not be read before it goes without
 * it (saying so): long enough for a rate limit's window to pass, short enough for a Monday morning.
 */
export const REPORT_PATIENCE_MS = 60 * 60_000;

/** A report held back: a section's read failed and the report is still within its patience. */
class SectionsUnread extends Error {
  override name = 'SectionsUnread';
  constructor(readonly sections: readonly string[]) {
    super(`could not read ${sections.join(', ')}; the report waits for the next poll`);
  }
}

interface Group {
  channels: { teamId: string; channelId: string }[];
}

export function createReportWorker(deps: RadarDeps, repo: ReportSettingsRepo, delivery: ReportDelivery): Worker {
  const logger = delivery.logger;

  async function groups(): Promise<Map<string, Group>> {
    const now = deps.now();
    const out = new Map<string, Group>();
    for (const settings of await repo.listAll()) {
      if (dueSlot(settings, now) === null) continue;
      const group = out.get(settings.projectId) ?? { channels: [] };
      group.channels.push({ teamId: settings.teamId, channelId: settings.channelId });
      out.set(settings.projectId, group);
    }
    return out;
  }

  /** Reads of a project whose reports were held for a failed read: what was read is kept for the next cycle (within the patience). */
  const held = new Map<string, ProjectReads>();

  async function poll(projectId: string, group: Group, signal: AbortSignal): Promise<void> {
    const kept = held.get(projectId);
    held.delete(projectId);
    const now = deps.now();
    const reads = kept && now.getTime() - kept.startedAt.getTime() < REPORT_PATIENCE_MS ? kept : projectReads(deps.service, projectId, deps.background, now);
    let waiting = false;
    await forEachChannel(
      deps.timing,
      group.channels,
      async (c) => {
        if (signal.aborted) return;
        if ((await reportChannel(c.teamId, c.channelId, projectId, reads)) === 'held') waiting = true;
      },
      (c, error) => logger.error('a channel’s report failed', { channel: c.channelId, projectId, error }),
    );
    if (waiting) held.set(projectId, reads.retryFailed());
  }

  async function reportChannel(teamId: string, channelId: string, projectId: string, reads: ProjectReads): Promise<'held' | void> {
    // Read afresh: a channel unbound, rebound or switched off since the listing is treated as it is now.
    const binding = await deps.bindings.get(teamId, channelId);
    if (!binding || binding.projectId !== projectId) return;
    const settings = await repo.get(teamId, channelId);
    if (!settings || settings.projectId !== projectId) return;
    const slot = dueSlot(settings, deps.now());
    // The report covers what the reads saw: up to when they began (a held report's kept reads began earlier).
    const until = reads.startedAt;
    if (!slot) return;
    const since = sinceOf(settings, slot);
    // Within the first hour after its slot, a report missing a section (a ticket read refused with 429, say) waits for the next poll.
    const patient = deps.now().getTime() - slot.getTime() < REPORT_PATIENCE_MS;
    const outcome = await deliverReport(delivery, reportKey(teamId, channelId, slot), projectId, slot, async () => {
      const { facts, message } = await buildReport(reads, { projectName: binding.projectName, settings, since, until });
      if (patient && facts.unread.length > 0) throw new SectionsUnread(facts.unread);
      return message;
    });
    const at = until.toISOString();
    if (isDelivered(outcome)) {
      if (outcome.kind !== 'already_posted') logger.info('report posted', { channel: channelId, projectId, slot: slot.toISOString(), ts: outcome.ts, recovered: outcome.kind === 'recovered' });
      await repo.update(teamId, channelId, projectId, (current) => {
        if (!current) return undefined;
        if (current.lastSlot !== null && Date.parse(current.lastSlot) >= slot.getTime()) return undefined;
        return { ...current, lastSlot: slot.toISOString(), lastReportAt: at, failing: null };
      });
      return;
    }
    if (outcome.kind === 'channel_failing') {
      logger.warn('report not delivered: Slack refuses this channel; marking it failing', { channel: channelId, projectId, reason: outcome.reason });
      await repo.update(teamId, channelId, projectId, (current) =>
        current && current.failing?.reason !== outcome.reason ? { ...current, failing: { reason: outcome.reason, since: at } } : undefined,
      );
    } else if (outcome.kind === 'retry_later' && outcome.error instanceof SectionsUnread) {
      logger.info('report held for the next poll: a section could not be read', { channel: channelId, projectId, sections: outcome.error.sections });
      return 'held';
    } else if (outcome.kind === 'retry_later') {
      logger.warn('report not delivered; trying again next poll', { channel: channelId, projectId, error: outcome.error });
    }
  }

  return createPoller<Group>({
    name: 'report-poller',
    lease: REPORT_LEASE,
    intervalMs: deps.config.reportIntervalSeconds * 1000,
    deps,
    logger,
    cycleFailed: 'report poll failed',
    groups,
    poll,
    teams: teamsOfChannels,
  });
}
