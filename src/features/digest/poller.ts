/**
 * The digest poller, on the background poller skeleton (src/features/background/poller-skeleton.ts).
 * The replica holding the `digest:poller` lease reads each bound project's briefing history once
 * per `DIGEST_INTERVAL_SECONDS` (never once per channel), spreading the projects across the
 * interval, and posts every new edition to every channel bound to it with digests on. Each edition
 * is read once per poll whatever the number of channels; every service request goes through one
 * concurrency bound (`timing.maxConcurrentPolls`).
 */
import type { RadarDeps, Worker } from '../../deps.js';
import type { BriefingHistoryRow } from '../../service/index.js';
import { readable } from '../../service/tolerant.js';
import type { Binding } from '../../store/bindings.js';
import type { DigestSettingsPatch } from '../../store/digest-settings.js';
import { isDelivered } from '../background/deliver-once.js';
import { bindingsByProject, createPoller, failingPatch, forEachChannel, teamsOfList } from '../background/poller-skeleton.js';
import { deliverDigest, type DeliveryContext } from './deliver.js';
import { loadDigest } from './load-digest.js';
import { nextCursor, planChannel } from './new-editions.js';
import { digestMessages, type DigestMessages } from './views/digest-view.js';

export const DIGEST_LEASE = 'digest:poller';
/** One history page covers years of editions (a briefing runs every two to four weeks). */
const HISTORY_PAGE = { page: 1, limit: 100 } as const;

export function createDigestWorker(deps: RadarDeps, delivery: DeliveryContext): Worker {
  const logger = delivery.logger;

  async function pollProject(projectId: string, bindings: Binding[], signal: AbortSignal): Promise<void> {
    let rows: BriefingHistoryRow[];
    try {
      // A row Radar could not read names no run it could digest or stand its cursor on: it is passed over.
      rows = readable((await deps.background.run(() => deps.service.getBriefingHistory(projectId, HISTORY_PAGE))).items);
    } catch (error) {
      logger.warn('could not read briefing history; trying again next poll', { projectId, error });
      return;
    }
    // Each edition is read once for every channel bound to the project.
    const rendered = new Map<string, Promise<DigestMessages>>();
    const render = (runId: string, projectName: string) => {
      let messages = rendered.get(runId);
      if (!messages) {
        messages = loadDigest(deps.service, { projectId, projectName, runId }, deps.background).then(digestMessages);
        messages.catch(() => undefined);
        rendered.set(runId, messages);
      }
      return messages;
    };
    await forEachChannel(
      deps.timing,
      bindings,
      (listed) => digestChannel(listed, rows, render, signal),
      (listed, error) => logger.error('digest of a channel failed', { channel: listed.channelId, projectId, error }),
    );
  }

  async function digestChannel(listed: Binding, rows: BriefingHistoryRow[], render: (runId: string, projectName: string) => Promise<DigestMessages>, signal: AbortSignal): Promise<void> {
    // The listing may be minutes old when the cycle is spread: read this channel's binding afresh,
    // so a channel unbound, rebound or switched off since then is treated as it is now.
    const binding = await deps.bindings.get(listed.teamId, listed.channelId);
    if (!binding || binding.projectId !== listed.projectId) return;
    const settings = await deps.digestSettings.get(binding.teamId, binding.channelId);
    if (!settings) return;
    const where = { team: binding.teamId, channel: binding.channelId, projectId: binding.projectId };
    const plan = planChannel(rows, { lastSeenRunId: settings.lastSeenRunId, boundAt: binding.boundAt });
    if (plan.cursorLost) logger.warn('the channel’s last seen edition is no longer in the history read; only the newest edition is due', { ...where, lastSeenRunId: settings.lastSeenRunId });

    const delivered = new Set<string>();
    let posted = false;
    let failing: string | null = null;
    for (const row of plan.due) {
      // With digests off, editions pass by unposted, so turning them on again does not flood the channel.
      if (!settings.digestsEnabled) {
        delivered.add(row.runId);
        continue;
      }
      if (signal.aborted) break;
      const key = { teamId: binding.teamId, channelId: binding.channelId, runId: row.runId };
      const outcome = await deliverDigest(delivery, key, { projectId: binding.projectId, runId: row.runId }, () => render(row.runId, binding.projectName));
      if (isDelivered(outcome)) {
        delivered.add(row.runId);
        if (outcome.kind !== 'already_posted') {
          posted = true;
          logger.info('digest posted', { ...where, runId: row.runId, ts: outcome.ts, recovered: outcome.kind === 'recovered' });
        }
        continue;
      }
      if (outcome.kind === 'channel_failing') {
        failing = outcome.reason;
        logger.warn('digest not delivered: Slack refuses this channel; marking it failing', { ...where, runId: row.runId, reason: outcome.reason });
      } else if (outcome.kind === 'retry_later') {
        logger.warn('digest not delivered; trying again next poll', { ...where, runId: row.runId, error: outcome.error });
      }
      break; // editions go out in order: a later one waits for this one
    }

    const patch: DigestSettingsPatch = failingPatch(settings, { failing, posted }, deps.now());
    const cursor = nextCursor(plan, delivered, settings.lastSeenRunId);
    if (cursor !== settings.lastSeenRunId) patch.lastSeenRunId = cursor;
    if (Object.keys(patch).length > 0) await deps.digestSettings.update(binding.teamId, binding.channelId, patch);
  }

  return createPoller({
    name: 'digest-poller',
    lease: DIGEST_LEASE,
    intervalMs: deps.config.digestIntervalSeconds * 1000,
    deps,
    logger,
    cycleFailed: 'digest poll failed',
    groups: () => bindingsByProject(deps.bindings),
    poll: pollProject,
    teams: teamsOfList,
  });
}
