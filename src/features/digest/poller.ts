/**
 * The digest poller. The replica holding the `digest:poller` lease reads each bound project's
 * briefing history once per `DIGEST_INTERVAL_SECONDS` (never once per channel), spreading the
 * projects across the interval, and posts every new edition to every channel bound to it with
 * digests on. Each edition is read once per poll whatever the number of channels; every service
 * request goes through one concurrency bound (`timing.maxConcurrentPolls`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RadarDeps, Worker } from '../../deps.js';
import type { BriefingHistoryRow } from '../../service/index.js';
import type { Binding, BindingPatch } from '../../store/bindings.js';
import { deliverDigest, isDelivered, type DeliveryContext } from './deliver.js';
import { createLeadership } from './leadership.js';
import { forEachLimited } from '../../limiter.js';
import { loadDigest } from './load-digest.js';
import { nextCursor, planChannel } from './new-editions.js';
import { digestMessages, type DigestMessages } from './views/digest-view.js';

export const DIGEST_LEASE = 'digest:poller';
/** One history page covers years of editions (a briefing runs every two to four weeks). */
const HISTORY_PAGE = { page: 1, limit: 100 } as const;

export function createDigestWorker(deps: RadarDeps, delivery: DeliveryContext): Worker {
  const logger = delivery.logger;
  const intervalMs = deps.config.digestIntervalSeconds * 1000;
  const stopping = new AbortController();
  let nextCycle: NodeJS.Timeout | undefined;
  /** Cycles in progress; `stop` waits for them. */
  const running = new Set<Promise<void>>();
  /** The poll of each project in progress: polls of one project never overlap, other projects' never wait. */
  const polling = new Map<string, Promise<void>>();

  const runCycle = (signal: AbortSignal, spreadMs: number): Promise<void> => {
    const cycle = pollAll(AbortSignal.any([signal, stopping.signal]), spreadMs).catch((error: unknown) => logger.error('digest poll failed', { error }));
    running.add(cycle);
    return cycle.finally(() => running.delete(cycle));
  };

  const schedule = (signal: AbortSignal, delayMs: number) => {
    clearTimeout(nextCycle);
    if (signal.aborted || stopping.signal.aborted) return;
    nextCycle = setTimeout(() => {
      const startedAt = Date.now();
      void runCycle(signal, intervalMs).finally(() => schedule(signal, Math.max(0, startedAt + intervalMs - Date.now())));
    }, delayMs);
    nextCycle.unref();
  };

  const leadership = createLeadership({
    coordinator: deps.store.coordinator,
    name: DIGEST_LEASE,
    ttlMs: deps.timing.leaseTtlMs,
    logger,
    onElected: (signal) => schedule(signal, 0),
  });

  async function pollAll(signal: AbortSignal, spreadMs: number): Promise<void> {
    // One read of every binding per cycle, grouped by project: a listing per project would read
    // every binding once for each project.
    const byProject = new Map<string, Binding[]>();
    for (const binding of await deps.bindings.listAll()) {
      const group = byProject.get(binding.projectId);
      if (group) group.push(binding);
      else byProject.set(binding.projectId, [binding]);
    }
    const projects = [...byProject.entries()];
    await Promise.all(
      projects.map(async ([projectId, bindings], i) => {
        const offset = Math.floor((spreadMs * i) / projects.length);
        if (offset > 0) await sleep(offset, undefined, { signal }).catch(() => undefined);
        if (!signal.aborted) await pollOnce(projectId, bindings, signal);
      }),
    );
  }

  function pollOnce(projectId: string, bindings: Binding[], signal: AbortSignal): Promise<void> {
    const previous = polling.get(projectId) ?? Promise.resolve();
    const poll = previous.catch(() => undefined).then(() => (signal.aborted ? undefined : pollProject(projectId, bindings, signal)));
    polling.set(projectId, poll);
    return poll.finally(() => {
      if (polling.get(projectId) === poll) polling.delete(projectId);
    });
  }

  async function pollProject(projectId: string, bindings: Binding[], signal: AbortSignal): Promise<void> {
    let rows: BriefingHistoryRow[];
    try {
      rows = (await deps.background.run(() => deps.service.getBriefingHistory(projectId, HISTORY_PAGE))).items;
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
    await forEachLimited(bindings, deps.timing.maxConcurrentPolls, (listed) =>
      digestChannel(listed, rows, render, signal).catch((error: unknown) => logger.error('digest of a channel failed', { channel: listed.channelId, projectId, error })),
    );
  }

  async function digestChannel(listed: Binding, rows: BriefingHistoryRow[], render: (runId: string, projectName: string) => Promise<DigestMessages>, signal: AbortSignal): Promise<void> {
    // The listing may be minutes old when the cycle is spread: read this channel's binding afresh,
    // so a channel unbound, rebound or switched off since then is treated as it is now.
    const binding = await deps.bindings.get(listed.teamId, listed.channelId);
    if (!binding || binding.projectId !== listed.projectId) return;
    const where = { team: binding.teamId, channel: binding.channelId, projectId: binding.projectId };
    const plan = planChannel(rows, binding);
    if (plan.cursorLost) logger.warn('the channel’s last seen edition is no longer in the history read; only the newest edition is due', { ...where, lastSeenRunId: binding.lastSeenRunId });

    const delivered = new Set<string>();
    let posted = false;
    let failing: string | null = null;
    for (const row of plan.due) {
      // With digests off, editions pass by unposted, so turning them on again does not flood the channel.
      if (!binding.digestsEnabled) {
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

    const patch: BindingPatch = {};
    const cursor = nextCursor(plan, delivered, binding.lastSeenRunId);
    if (cursor !== binding.lastSeenRunId) patch.lastSeenRunId = cursor;
    if (failing !== null && binding.failing?.reason !== failing) patch.failing = { reason: failing, since: deps.now().toISOString() };
    if (posted && binding.failing) patch.failing = null;
    if (Object.keys(patch).length > 0) await deps.bindings.update(binding.teamId, binding.channelId, patch);
  }

  return {
    name: 'digest-poller',
    async start() {
      await leadership.ensure();
      leadership.start();
    },
    async stop() {
      stopping.abort();
      clearTimeout(nextCycle);
      await Promise.all(running);
      await leadership.stop();
    },
    async tick() {
      if (!(await leadership.ensure())) return;
      const signal = leadership.signal;
      if (signal) await runCycle(signal, 0);
    },
  };
}
