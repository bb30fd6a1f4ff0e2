/**
 * Each workspace's own service key (issue 32 item 2, OAuth mode): one record per installation, keyed
 * as installations are (`team:<id>`, or `enterprise:<id>` for an org-wide install). The key is sealed
 * (AES-256-GCM, `crypto.ts`) bound to its record, so a sealed key copied into another workspace's
 * record does not open; the rest (who connected it, when, the scope the probe found, a fingerprint to
 * tell two keys apart without opening either) is kept in clear. Every workspace is served with
 * SVC_BASE_URL: an admin gives a key, never a place for Radar to send requests (and the key) to.
 *
 * Records stay until replaced, disconnected from the Home tab, or the app is uninstalled
 * (`team-data.ts` lists the namespace; `features/installations` removes an org-wide one by its key).
 * Single-workspace mode never reads them: SVC_API_KEY serves it.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod';
import type { Store } from './backends/store.js';
import type { SecretBox } from './crypto.js';

export const SERVICE_KEYS_NAMESPACE = 'service-keys';

export type ServiceKeyScope = 'read' | 'read_write' | 'unknown';

const recordSchema = z.looseObject({
  sealedKey: z.string(),
  fingerprint: z.string(),
  scope: z.enum(['read', 'read_write', 'unknown']).catch('unknown'),
  connectedBy: z.string(),
  connectedAt: z.string(),
});
type StoredRecord = z.output<typeof recordSchema>;

/** A workspace's connection as Radar shows it: everything but the key. */
export interface ServiceConnection {
  /** The record key (`team:<id>` / `enterprise:<id>`). */
  workspace: string;
  /** The first 8 hex digits of the key's SHA-256: tells keys apart, opens nothing. */
  fingerprint: string;
  scope: ServiceKeyScope;
  /** The Slack user who connected it. */
  connectedBy: string;
  connectedAt: string;
}

export interface ServiceKeysRepo {
  /** The workspace's key, opened; undefined when none is connected or the record does not open. */
  keyOf(workspace: string): Promise<string | undefined>;
  /** The workspace's connection without its key; undefined when none. */
  connection(workspace: string): Promise<ServiceConnection | undefined>;
  /** Connects (or replaces) the workspace's key. */
  set(workspace: string, apiKey: string, about: { scope: ServiceKeyScope; connectedBy: string }): Promise<ServiceConnection>;
  /** Disconnects; false when there was nothing to remove. */
  remove(workspace: string): Promise<boolean>;
  /** Every connected workspace, without its key (records that cannot be read are left out and logged). */
  connections(): Promise<ServiceConnection[]>;
}

export function keyFingerprint(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex').slice(0, 8);
}

function assertWorkspace(workspace: string) {
  if (!/^(team|enterprise):[^:]+$/.test(workspace)) throw new Error(`not a workspace key: ${JSON.stringify(workspace)}`);
}

export function createServiceKeysRepo(store: Store, box: SecretBox, options: { now?: () => Date } = {}): ServiceKeysRepo {
  const now = options.now ?? (() => new Date());
  // Bound to its record: a key copied to another workspace's record is unreadable, never served there.
  const context = (workspace: string) => `radar-service-key:${workspace}`;
  const logged = new Set<string>();

  const read = async (workspace: string): Promise<StoredRecord | undefined> => {
    assertWorkspace(workspace);
    const value = await store.keyv(SERVICE_KEYS_NAMESPACE).get(workspace);
    if (value === undefined) return undefined;
    const parsed = recordSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    if (!logged.has(workspace) && logged.size < 1_000) {
      logged.add(workspace);
      store.logger.warn('a stored service key cannot be read; the workspace is treated as not connected', { workspace });
    }
    return undefined;
  };
  const about = (workspace: string, r: StoredRecord): ServiceConnection => ({
    workspace,
    fingerprint: r.fingerprint,
    scope: r.scope,
    connectedBy: r.connectedBy,
    connectedAt: r.connectedAt,
  });

  return {
    async keyOf(workspace) {
      const record = await read(workspace);
      if (!record) return undefined;
      try {
        return box.open(record.sealedKey, context(workspace));
      } catch (error) {
        if (!logged.has(`open:${workspace}`) && logged.size < 1_000) {
          logged.add(`open:${workspace}`);
          store.logger.warn('a stored service key does not open; the workspace is treated as not connected', { workspace, reason: (error as Error).message });
        }
        return undefined;
      }
    },
    async connection(workspace) {
      const record = await read(workspace);
      return record ? about(workspace, record) : undefined;
    },
    async set(workspace, apiKey, meta) {
      assertWorkspace(workspace);
      const record: StoredRecord = {
        sealedKey: box.seal(apiKey, context(workspace)),
        fingerprint: keyFingerprint(apiKey),
        scope: meta.scope,
        connectedBy: meta.connectedBy,
        connectedAt: now().toISOString(),
      };
      await store.update<unknown>(SERVICE_KEYS_NAMESPACE, workspace, () => record);
      return about(workspace, record);
    },
    async remove(workspace) {
      assertWorkspace(workspace);
      return (await store.update<unknown>(SERVICE_KEYS_NAMESPACE, workspace, (current) => (current === undefined ? undefined : null))).written;
    },
    async connections() {
      const found: ServiceConnection[] = [];
      for (const { key } of await store.entries<unknown>(SERVICE_KEYS_NAMESPACE)) {
        if (!/^(team|enterprise):[^:]+$/.test(key)) continue;
        const record = await read(key);
        if (record) found.push(about(key, record));
      }
      return found.sort((a, b) => a.workspace.localeCompare(b.workspace));
    },
  };
}
