/**
 * Scans Radar started and still follows (trust signals, agent adoption). They survive restarts;
 * which replica polls them is decided by the coordinator, not here. Keyed by the service's scan id.
 * Every write goes through `store.update`, so a replace never interleaves with a patch.
 */
import * as z from 'zod';
import { recordReader } from './records.js';
import type { Store } from './backends/store.js';

/**
 * The scan starts under way (`features/fair-use/scan-limits.ts`): per scope, a short-lived token per
 * start, counted with the pending scans against the scan limits. Every start reads it.
 */
export const SCAN_STARTS_NAMESPACE = 'scan-starts';

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
  /** The fair-use token the start was admitted with: while it is live the scan is counted by it, not twice. */
  admission?: string;
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

const SCAN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const satisfies readonly ScanStatus[];

/** A stored pending scan: what identifies and places it is required; progress fields have defaults. */
const pendingScanSchema = z.looseObject({
  scanId: z.string(),
  kind: z.enum(PENDING_SCAN_KINDS),
  domain: z.string(),
  teamId: z.string(),
  channelId: z.string(),
  messageTs: z.string(),
  startedBy: z.string(),
  startedAt: z.string(),
  includeFixPrompts: z.boolean().default(false),
  /** A status this version does not know reads as running: the scan is followed until it ends. */
  lastStatus: z.enum(SCAN_STATUSES).catch('running'),
  pollCount: z.number().default(0),
  /** Without one, the scan is due now. */
  nextPollAt: z.string().default(new Date(0).toISOString()),
  admission: z.string().optional(),
});

export function createPendingScansRepo(store: Store): PendingScansRepo {
  const records = recordReader(store, NAMESPACE, pendingScanSchema);
  return {
    async put(scan) {
      await store.update<PendingScan>(NAMESPACE, scan.scanId, () => scan);
    },
    get: (scanId) => records.get(scanId),
    // A record that cannot be read is still removed.
    remove: async (scanId) => (await store.update<unknown>(NAMESPACE, scanId, (current) => (current === undefined ? undefined : null))).written,
    listAll: async () => (await records.entries()).map((e) => e.value).sort((a, b) => a.nextPollAt.localeCompare(b.nextPollAt)),
    async update(scanId, patch) {
      let updated: PendingScan | undefined;
      await store.update<unknown>(NAMESPACE, scanId, (current) => {
        const scan = records.parse(scanId, current);
        updated = scan ? { ...scan, ...patch, scanId: scan.scanId } : undefined;
        return updated;
      });
      return updated;
    },
  };
}
