/**
 * Scans Radar started and still follows (trust signals, agent adoption). They survive restarts;
 * which replica polls them is decided by the coordinator, not here. Keyed by the service's scan id.
 * Every write goes through `store.update`, so a replace never interleaves with a patch.
 */
import type { Store } from './store.js';

export const PENDING_SCAN_KINDS = ['trust', 'agents'] as const;
export type PendingScanKind = (typeof PENDING_SCAN_KINDS)[number];

/** Scan states as the service reports them (spec 3.2). */
export type ScanStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface PendingScan {
  scanId: string;
  kind: PendingScanKind;
  domain: string;
  teamId: string;
  channelId: string;
  /** The Slack message Radar updates with progress and the result. */
  messageTs: string;
  /** Slack user id. */
  startedBy: string;
  /** ISO 8601 timestamp. */
  startedAt: string;
  includeFixPrompts: boolean;
  lastStatus: ScanStatus;
  pollCount: number;
  /** ISO 8601 timestamp of the next poll. */
  nextPollAt: string;
}

/** Fields an update may change; a scan's identity never changes. */
export type PendingScanPatch = Partial<Omit<PendingScan, 'scanId'>>;

export interface PendingScansRepo {
  /** Creates or replaces the entry for `scan.scanId`. */
  put(scan: PendingScan): Promise<void>;
  get(scanId: string): Promise<PendingScan | undefined>;
  /** Resolves false when no such scan was pending. */
  remove(scanId: string): Promise<boolean>;
  /** Every pending scan, soonest `nextPollAt` first. */
  listAll(): Promise<PendingScan[]>;
  /** Applies `patch` atomically; resolves to the updated scan, or undefined when it is not pending. */
  update(scanId: string, patch: PendingScanPatch): Promise<PendingScan | undefined>;
}

const NAMESPACE = 'pending-scans';

export function createPendingScansRepo(store: Store): PendingScansRepo {
  const keyv = store.keyv(NAMESPACE);
  return {
    async put(scan) {
      await store.update<PendingScan>(NAMESPACE, scan.scanId, () => scan);
    },
    get: async (scanId) => (await keyv.get(scanId)) as PendingScan | undefined,
    remove: async (scanId) => (await store.update<PendingScan>(NAMESPACE, scanId, (current) => (current ? null : undefined))).written,
    listAll: async () => (await store.list<PendingScan>(NAMESPACE)).sort((a, b) => a.nextPollAt.localeCompare(b.nextPollAt)),
    async update(scanId, patch) {
      const { value } = await store.update<PendingScan>(NAMESPACE, scanId, (current) =>
        current ? { ...current, ...patch, scanId: current.scanId } : undefined,
      );
      return value;
    },
  };
}
