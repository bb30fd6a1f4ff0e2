/**
 * Channel bindings: which Monitoring Service project a Slack channel follows. One entry per
 * (team, channel), so replicas binding different channels at once never collide. Every write goes
 * through `store.update`, so a replace never interleaves with a patch.
 *
 * A channel's digest state lives in src/store/digest-settings.ts, not here. Records written before
 * that split carry it inside (`LegacyDigestFields`); they read as bindings all the same, those fields
 * are kept on every rewrite until the digest settings repository's first write for the channel moves
 * them out, and `set` still accepts them (that is how such a record is written in tests).
 */
import * as z from 'zod';
import { recordReader } from './records.js';
import type { Store } from './backends/store.js';

export interface Binding {
  teamId: string;
  channelId: string;
  projectId: string;
  projectName: string;
  /** Slack user id of whoever bound the channel. */
  boundBy: string;
  /** ISO 8601 timestamp. */
  boundAt: string;
}

/** The digest fields a binding record carried before digest settings got their own repository. */
export interface LegacyDigestFields {
  digestsEnabled: boolean;
  lastSeenRunId: string | null;
  failing: { reason: string; since: string } | null;
}
export const LEGACY_DIGEST_KEYS = ['digestsEnabled', 'lastSeenRunId', 'failing'] as const satisfies readonly (keyof LegacyDigestFields)[];

/** What `set` accepts: a binding, possibly in the older shape with its digest fields inside. */
export type BindingInput = Binding & Partial<LegacyDigestFields>;

/** Fields an update may change; the channel a binding belongs to never changes. */
export type BindingPatch = Partial<Omit<Binding, 'teamId' | 'channelId'>>;

export interface BindingsRepo {
  /** The channel's binding; undefined when not bound (or its record cannot be read: logged). */
  get(teamId: string, channelId: string): Promise<Binding | undefined>;
  /** Creates or replaces the channel's binding. */
  set(binding: BindingInput): Promise<void>;
  /** Resolves false when the channel was not bound. */
  remove(teamId: string, channelId: string): Promise<boolean>;
  /** Every binding, ordered by team then channel (records that cannot be read are skipped, logged once). */
  listAll(): Promise<Binding[]>;
  listByProject(projectId: string): Promise<Binding[]>;
  /** Ids of every project at least one channel is bound to, sorted. */
  distinctProjects(): Promise<string[]>;
  /** Applies `patch` atomically; resolves to the updated binding, or undefined when the channel is not bound. */
  update(teamId: string, channelId: string, patch: BindingPatch): Promise<Binding | undefined>;
}

export const BINDINGS_NAMESPACE = 'bindings';

export const bindingKey = (teamId: string, channelId: string) => `${teamId}:${channelId}`;

/** A stored binding: every field a binding has always had is required; unknown fields are kept. */
export const bindingSchema = z.looseObject({
  teamId: z.string(),
  channelId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  boundBy: z.string(),
  boundAt: z.string(),
});

export function createBindingsRepo(store: Store): BindingsRepo {
  const records = recordReader(store, BINDINGS_NAMESPACE, bindingSchema);

  const listAll = async (): Promise<Binding[]> => {
    const all = (await records.entries()).map((e) => e.value);
    return all.sort((a, b) => a.teamId.localeCompare(b.teamId) || a.channelId.localeCompare(b.channelId));
  };

  return {
    get: (teamId, channelId) => records.get(bindingKey(teamId, channelId)),
    async set(binding) {
      await store.update<BindingInput>(BINDINGS_NAMESPACE, bindingKey(binding.teamId, binding.channelId), () => binding);
    },
    // A record that cannot be read is still removed: unbinding must always work.
    remove: async (teamId, channelId) => (await store.update<unknown>(BINDINGS_NAMESPACE, bindingKey(teamId, channelId), (current) => (current === undefined ? undefined : null))).written,
    listAll,
    listByProject: async (projectId) => (await listAll()).filter((b) => b.projectId === projectId),
    distinctProjects: async () => [...new Set((await listAll()).map((b) => b.projectId))].sort(),
    async update(teamId, channelId, patch) {
      const key = bindingKey(teamId, channelId);
      let updated: Binding | undefined;
      await store.update<unknown>(BINDINGS_NAMESPACE, key, (current) => {
        const binding = records.parse(key, current);
        // Spread, so fields this version does not know (and legacy digest fields) are kept.
        updated = binding ? { ...binding, ...patch, teamId: binding.teamId, channelId: binding.channelId } : undefined;
        return updated;
      });
      return updated;
    },
  };
}
