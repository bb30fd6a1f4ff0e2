/**
 * The skeleton of a background poller that posts to bound channels (digests, watches, reports,
 * follows, living messages). By default (BACKGROUND_JOBS=in-process) the replica holding the poller's lease (src/features/background/leadership.ts)
 * runs one cycle per interval, spreading the groups it polls (projects) across the interval; polls
 * of one group never overlap and other groups never wait for them; a group's channels are handled
 * under one concurrency bound (`timing.maxConcurrentPolls`), a channel's failure logged without
 * stopping the others; and a channel Slack refuses until a person acts is marked failing, the mark
 * cleared once something is posted there again. What a poll reads and posts is the poller's own.
 */
import type { RadarDeps, Worker } from '../../deps.js';
import { forEachLimited } from '../../limiter.js';
import type { Binding } from '../../store/bindings.js';
import type { DigestSettings, DigestSettingsPatch } from '../../store/digest-settings.js';
import { splitByTeam } from '../../slack/workspace-scope.js';
import { groupPolls } from './group-polls.js';
import { createLeadership } from './leadership.js';
import type { PollerOptions } from './poller-options.js';
import type { QueueConnection } from './queued-poller.js';

export type { PollerOptions } from './poller-options.js';

/**
 * A poller as BACKGROUND_JOBS says: one replica under a lease (here), or BullMQ jobs any replica
 * takes (queued-poller.ts); in OAuth mode either way polls each team's part of a group in that
 * team's workspace scope.
 */
export function createPoller<G>(options: PollerOptions<G>): Worker {
  const scoped = { ...options, poll: pollInScopes(options) };
  const { config } = options.deps;
  return config.backgroundJobs === 'bullmq' ? queuedPoller(scoped, { url: config.storeUrl, prefix: config.storePrefix }) : createLeasedPoller(scoped);
}

/** The BullMQ poller, loaded at its start: BullMQ costs ~260 ms and ~23 MiB to load, which the lease mode never pays. */
function queuedPoller<G>(options: PollerOptions<G>, connection: QueueConnection): Worker {
  let loading: Promise<Worker> | undefined;
  const load = () => (loading ??= import('./queued-poller.js').then((m) => m.createQueuedPoller(options, connection)));
  return {
    name: options.name,
    start: async () => (await load()).start(),
    stop: async () => (loading ? (await loading).stop() : undefined),
    tick: async () => (await load()).tick?.(),
  };
}

/**
 * OAuth mode (`deps.workspaces`): each team's part of a group polled in turn in the scope of the
 * installation serving that team (its own, else its organisation's), so its reads go with that
 * installation's key and its posts with its token.
 */
function pollInScopes<G>(options: PollerOptions<G>): PollerOptions<G>['poll'] {
  const { deps, logger } = options;
  const teams = options.teams;
  const workspaces = deps.workspaces;
  if (!workspaces || !teams) return options.poll;
  return async (key, group, signal) => {
    for (const [teamId, part] of teams(group)) {
      if (signal.aborted) return;
      await workspaces.inTeamScope(teamId, () => options.poll(key, part, signal)).catch((error: unknown) => logger.error(options.cycleFailed, { team: teamId, key, error }));
    }
  };
}

/**
 * The waits of one spread cycle, on one abort listener: a cycle waits once per group (thousands at
 * once), and `timers/promises`' abortable sleep adds a listener to the signal per wait (Node warns
 * past ten: MaxListenersExceededWarning). An abort ends every wait at once; `done` drops the listener.
 */
export function spreadWaits(signal: AbortSignal): { wait(ms: number): Promise<void>; done(): void } {
  const pending = new Map<NodeJS.Timeout, () => void>();
  const wakeAll = () => {
    for (const [timer, wake] of pending) {
      clearTimeout(timer);
      wake();
    }
    pending.clear();
  };
  signal.addEventListener('abort', wakeAll, { once: true });
  return {
    wait: (ms) =>
      signal.aborted
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              pending.delete(timer);
              resolve();
            }, ms);
            pending.set(timer, resolve);
          }),
    done() {
      signal.removeEventListener('abort', wakeAll);
      wakeAll();
    },
  };
}

function createLeasedPoller<G>(options: PollerOptions<G>): Worker {
  const { deps, logger, intervalMs } = options;
  const stopping = new AbortController();
  let nextCycle: NodeJS.Timeout | undefined;
  /** Cycles in progress; `stop` waits for them. */
  const running = new Set<Promise<void>>();
  /** The poll of each group in progress: polls of one group never overlap, other groups' never wait. */
  const { pollOnce } = groupPolls(options.poll);

  const runCycle = (signal: AbortSignal, spreadMs: number): Promise<void> => {
    const cycle = pollAll(AbortSignal.any([signal, stopping.signal]), spreadMs).catch((error: unknown) => logger.error(options.cycleFailed, { error }));
    running.add(cycle);
    return cycle.finally(() => running.delete(cycle));
  };

  /** A cycle now (its groups spread over `spreadMs`), and the next one an interval after this one started. */
  const cycle = (signal: AbortSignal, spreadMs = intervalMs): Promise<void> => {
    const startedAt = deps.now().getTime();
    const done = runCycle(signal, spreadMs);
    void done.finally(() => schedule(signal, Math.max(0, startedAt + intervalMs - deps.now().getTime())));
    return done;
  };

  const schedule = (signal: AbortSignal, delayMs: number) => {
    clearTimeout(nextCycle);
    if (signal.aborted || stopping.signal.aborted) return;
    nextCycle = setTimeout(() => void cycle(signal), delayMs);
    nextCycle.unref();
  };

  /** The cycle the latest election started (each election polls at once). */
  let electionCycle: Promise<void> | undefined;
  /** True while a tick asks for the lease: an election then polls every group at once, as the tick would. */
  let ticking = false;
  const leadership = createLeadership({
    coordinator: deps.store.coordinator,
    name: options.lease,
    ttlMs: deps.timing.leaseTtlMs,
    logger,
    onElected: (signal) => {
      clearTimeout(nextCycle);
      if (!stopping.signal.aborted) electionCycle = cycle(signal, ticking ? 0 : intervalMs);
    },
  });

  async function pollAll(signal: AbortSignal, spreadMs: number): Promise<void> {
    const groups = [...(await options.groups()).entries()];
    const waits = spreadWaits(signal);
    try {
      await Promise.all(
        groups.map(async ([key, group], i) => {
          const offset = Math.floor((spreadMs * i) / groups.length);
          if (offset > 0) await waits.wait(offset);
          if (!signal.aborted) await pollOnce(key, group, signal);
        }),
      );
    } finally {
      waits.done();
    }
  }

  return {
    name: options.name,
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
      const before = electionCycle;
      ticking = true;
      const leading = await leadership.ensure().finally(() => (ticking = false));
      if (!leading) return;
      // Elected by this very tick: the election's cycle is the tick's (never two cycles for one tick).
      if (electionCycle !== before && electionCycle) return electionCycle;
      const signal = leadership.signal;
      if (signal) await runCycle(signal, 0);
    },
  };
}

/** Every binding, read once, grouped by project (a listing per project would read each binding once per project). */
export async function bindingsByProject(bindings: Pick<RadarDeps['bindings'], 'listAll'>): Promise<Map<string, Binding[]>> {
  const byProject = new Map<string, Binding[]>();
  for (const binding of await bindings.listAll()) {
    const group = byProject.get(binding.projectId);
    if (group) group.push(binding);
    else byProject.set(binding.projectId, [binding]);
  }
  return byProject;
}

/** Handles each channel under the concurrency bound; a channel's failure goes to `failed`, the others go on. */
export function forEachChannel<T>(timing: RadarDeps['timing'], channels: readonly T[], handle: (channel: T) => Promise<void>, failed: (channel: T, error: unknown) => void): Promise<void> {
  return forEachLimited(channels, timing.maxConcurrentPolls, (channel) => handle(channel).catch((error: unknown) => failed(channel, error)));
}

/**
 * The failing mark after a round of posting to a channel: set when Slack refused the channel
 * (`failing` is the reason; a mark with the same reason keeps its `since`), cleared once something
 * was posted there. Empty when the mark stays as it is.
 */
export function failingPatch(settings: Pick<DigestSettings, 'failing'>, round: { failing: string | null; posted: boolean }, now: Date): Pick<DigestSettingsPatch, 'failing'> {
  if (round.posted && settings.failing) return { failing: null };
  if (round.failing !== null && settings.failing?.reason !== round.failing) return { failing: { reason: round.failing, since: now.toISOString() } };
  return {};
}

/** `teams` for a group that is a list of records with their team (bindings, ticket threads). */
export function teamsOfList<T extends { teamId: string }>(items: T[]): Map<string, T[]> {
  return splitByTeam(items, (item) => item.teamId);
}

/** `teams` for a group holding its channels (`{ channels: [{ teamId, … }] }`): the group once per team, with that team's channels. */
export function teamsOfChannels<G extends { channels: { teamId: string }[] }>(group: G): Map<string, G> {
  return new Map([...splitByTeam(group.channels, (c) => c.teamId)].map(([teamId, channels]) => [teamId, { ...group, channels }]));
}
