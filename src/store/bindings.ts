/**
 * Channel bindings: which Monitoring Service project a Slack channel follows, and its digest state.
 * One entry per (team, channel), so replicas binding different channels at once never collide.
 * Every write goes through `store.update`, so a replace never interleaves with a patch.
 */
import type { Store } from './store.js';

export interface Binding {
  teamId: string;
  channelId: string;
  projectId: string;
  projectName: string;
  /** Slack user id of whoever bound the channel. */
  boundBy: string;
  /** ISO 8601 timestamp. */
  boundAt: string;
  digestsEnabled: boolean;
  /** The last briefing run the digest poller saw for this channel; null before the first poll. */
  lastSeenRunId: string | null;
  /** Set while digests for this channel keep failing; `since` is an ISO 8601 timestamp. */
  failing: { reason: string; since: string } | null;
}

/** Fields an update may change; the channel a binding belongs to never changes. */
export type BindingPatch = Partial<Omit<Binding, 'teamId' | 'channelId'>>;

export interface BindingsRepo {
  get(teamId: string, channelId: string): Promise<Binding | undefined>;
  /** Creates or replaces the channel's binding. */
  set(binding: Binding): Promise<void>;
  /** Resolves false when the channel was not bound. */
  remove(teamId: string, channelId: string): Promise<boolean>;
  /** Every binding, ordered by team then channel. */
  listAll(): Promise<Binding[]>;
  listByProject(projectId: string): Promise<Binding[]>;
  /** Ids of every project at least one channel is bound to, sorted. */
  distinctProjects(): Promise<string[]>;
  /** Applies `patch` atomically; resolves to the updated binding, or undefined when the channel is not bound. */
  update(teamId: string, channelId: string, patch: BindingPatch): Promise<Binding | undefined>;
}

const NAMESPACE = 'bindings';

export function createBindingsRepo(store: Store): BindingsRepo {
  const keyv = store.keyv(NAMESPACE);
  const keyOf = (teamId: string, channelId: string) => `${teamId}:${channelId}`;

  const listAll = async () => {
    const all = await store.list<Binding>(NAMESPACE);
    return all.sort((a, b) => a.teamId.localeCompare(b.teamId) || a.channelId.localeCompare(b.channelId));
  };

  return {
    get: async (teamId, channelId) => (await keyv.get(keyOf(teamId, channelId))) as Binding | undefined,
    async set(binding) {
      await store.update<Binding>(NAMESPACE, keyOf(binding.teamId, binding.channelId), () => binding);
    },
    remove: async (teamId, channelId) => (await store.update<Binding>(NAMESPACE, keyOf(teamId, channelId), (current) => (current ? null : undefined))).written,
    listAll,
    listByProject: async (projectId) => (await listAll()).filter((b) => b.projectId === projectId),
    distinctProjects: async () => [...new Set((await listAll()).map((b) => b.projectId))].sort(),
    async update(teamId, channelId, patch) {
      const { value } = await store.update<Binding>(NAMESPACE, keyOf(teamId, channelId), (current) =>
        current ? { ...current, ...patch, teamId: current.teamId, channelId: current.channelId } : undefined,
      );
      return value;
    },
  };
}
