/**
 * A channel's digest settings: whether digests are on, the last briefing run the digest poller saw,
 * and the failing mark. One entry per (team, channel), beside the channel's binding
 * (src/store/bindings.ts), never inside it. Every write goes through `store.update`.
 *
 * Migration from bindings that carried these fields (every binding written before this repository):
 * while a channel has no settings record of its own, `get` reads the fields from its binding record
 * (defaults for any it lacks), and the first write here (`set` or `update`) writes the settings record
 * and then strips the fields from the binding. A binding written in the old shape after the channel
 * has a record of its own (an older replica during a rolling upgrade) does not change the settings.
 * `remove` (unbinding) deletes the record; the binding is removed by the bindings repository.
 */
import * as z from 'zod';
import { BINDINGS_NAMESPACE, bindingKey, LEGACY_DIGEST_KEYS } from './bindings.js';
import { recordReader } from './records.js';
import type { Store } from './backends/store.js';

export interface DigestFailing {
  reason: string;
  /** ISO 8601 timestamp. */
  since: string;
}

export interface DigestSettings {
  digestsEnabled: boolean;
  /** The last briefing run the digest poller saw for this channel; null before the first poll. */
  lastSeenRunId: string | null;
  /** Set while digests for this channel keep failing. */
  failing: DigestFailing | null;
}

export type DigestSettingsPatch = Partial<DigestSettings>;

/** A bound channel's settings when nothing else is recorded: digests on, nothing seen yet, not failing. */
export const DEFAULT_DIGEST_SETTINGS: Readonly<DigestSettings> = { digestsEnabled: true, lastSeenRunId: null, failing: null };

export interface DigestSettingsRepo {
  /**
   * The channel's settings: its own record, else those inside its binding record (defaults filled),
   * else undefined (not bound, or the record cannot be read: logged).
   */
  get(teamId: string, channelId: string): Promise<DigestSettings | undefined>;
  /** Creates or replaces the channel's settings. */
  set(teamId: string, channelId: string, settings: DigestSettings): Promise<void>;
  /**
   * Applies `patch` atomically; resolves to the updated settings, or undefined (nothing written) when
   * the channel has none (`get` would say undefined).
   */
  update(teamId: string, channelId: string, patch: DigestSettingsPatch): Promise<DigestSettings | undefined>;
  /** Deletes the channel's settings record; resolves false when it had none. */
  remove(teamId: string, channelId: string): Promise<boolean>;
}

export const DIGEST_SETTINGS_NAMESPACE = 'digest-settings';

const failingSchema = z.looseObject({ reason: z.string(), since: z.string() });

/** The settings fields, each defaulted: digests on, nothing seen yet, not failing. */
const settingsShape = {
  digestsEnabled: z.boolean().default(true),
  lastSeenRunId: z.string().nullable().default(null),
  failing: failingSchema.nullable().default(null),
};

/** A settings record (also carries its team and channel, for whoever reads the store by hand). */
const settingsSchema = z.looseObject(settingsShape);
/** The settings inside an old binding record: the other binding fields are not settings. */
const legacySchema = z.object(settingsShape);

type SettingsRecord = DigestSettings & { teamId: string; channelId: string };

export function createDigestSettingsRepo(store: Store): DigestSettingsRepo {
  const records = recordReader(store, DIGEST_SETTINGS_NAMESPACE, settingsSchema);
  const bindings = recordReader(store, BINDINGS_NAMESPACE, legacySchema);

  /** The settings inside the channel's binding record, undefined when not bound. */
  const legacyOf = (teamId: string, channelId: string): Promise<DigestSettings | undefined> => bindings.get(bindingKey(teamId, channelId));

  /** Strips the old digest fields from the binding once the settings record holds them. */
  const stripLegacy = async (teamId: string, channelId: string) => {
    await store.update<Record<string, unknown>>(BINDINGS_NAMESPACE, bindingKey(teamId, channelId), (current) => {
      if (typeof current !== 'object' || current === null || !LEGACY_DIGEST_KEYS.some((k) => k in current)) return undefined;
      const rest = { ...current };
      for (const k of LEGACY_DIGEST_KEYS) delete rest[k];
      return rest;
    });
  };

  const write = async (teamId: string, channelId: string, next: (current: DigestSettings | undefined) => DigestSettings | undefined) => {
    const key = bindingKey(teamId, channelId);
    // The binding is read only while the channel has no record of its own (once per channel, ever).
    const legacy = (await records.get(key)) === undefined ? await legacyOf(teamId, channelId) : undefined;
    let written: DigestSettings | undefined;
    await store.update<unknown>(DIGEST_SETTINGS_NAMESPACE, key, (current) => {
      const settings = next(records.parse(key, current) ?? legacy);
      written = settings && { ...settings };
      return settings && ({ ...settings, teamId, channelId } satisfies SettingsRecord);
    });
    if (written && legacy) await stripLegacy(teamId, channelId);
    return written;
  };

  return {
    get: async (teamId, channelId) => (await records.get(bindingKey(teamId, channelId))) ?? legacyOf(teamId, channelId),
    async set(teamId, channelId, settings) {
      await write(teamId, channelId, () => ({ digestsEnabled: settings.digestsEnabled, lastSeenRunId: settings.lastSeenRunId, failing: settings.failing }));
    },
    update: (teamId, channelId, patch) => write(teamId, channelId, (current) => current && { ...current, ...patch }),
    remove: async (teamId, channelId) =>
      (await store.update<unknown>(DIGEST_SETTINGS_NAMESPACE, bindingKey(teamId, channelId), (current) => (current === undefined ? undefined : null))).written,
  };
}
