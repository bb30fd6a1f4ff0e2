/**
 * Thread sync per channel (`/radar sync on|off`, issue 30 item 6): whether replies in the threads of
 * a channel's watch messages and ticket confirmations become comments on the ticket, and the board's
 * comments appear in the thread. Off by default (no record). Keyed like the binding.
 */
import * as z from 'zod';
import { bindingKey } from './bindings.js';
import { recordReader } from './records.js';
import type { Store } from './backends/store.js';

export const SYNC_SETTINGS_NAMESPACE = 'thread-sync';

export interface SyncSetting {
  teamId: string;
  channelId: string;
  on: boolean;
  /** Slack user id of whoever set it, and when (ISO 8601). */
  setBy: string;
  setAt: string;
}

export interface SyncSettingsRepo {
  /** True when sync is on in the channel. */
  isOn(teamId: string, channelId: string): Promise<boolean>;
  get(teamId: string, channelId: string): Promise<SyncSetting | undefined>;
  set(setting: SyncSetting): Promise<void>;
}

const recordSchema = z.looseObject({ teamId: z.string(), channelId: z.string(), on: z.boolean().default(false), setBy: z.string(), setAt: z.string() });

export function createSyncSettingsRepo(store: Store): SyncSettingsRepo {
  const records = recordReader(store, SYNC_SETTINGS_NAMESPACE, recordSchema);
  return {
    isOn: async (teamId, channelId) => (await records.get(bindingKey(teamId, channelId)))?.on === true,
    get: (teamId, channelId) => records.get(bindingKey(teamId, channelId)),
    async set(setting) {
      await store.update<SyncSetting>(SYNC_SETTINGS_NAMESPACE, bindingKey(setting.teamId, setting.channelId), () => setting);
    },
  };
}
