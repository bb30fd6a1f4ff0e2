/** What a background poller is made of, in either mode (poller-skeleton.ts: the lease; queued-poller.ts: BullMQ jobs). */
import type { RadarDeps } from '../../deps.js';
import type { Logger } from '../../log.js';

export interface PollerOptions<G> {
  /** The worker's name (`digest-poller`). */
  name: string;
  /** The lease one replica holds to poll (`digest:poller`). */
  lease: string;
  intervalMs: number;
  deps: Pick<RadarDeps, 'store' | 'timing' | 'now' | 'workspaces'> & { config: Pick<RadarDeps['config'], 'backgroundJobs' | 'storeUrl' | 'storePrefix'> };
  logger: Logger;
  /** Logged at error level when a whole cycle fails. */
  cycleFailed: string;
  /** This cycle's work, read once per cycle: groups keyed by what one poll reads (a project id). */
  groups(): Promise<Map<string, G>>;
  /** Polls one group. */
  poll(key: string, group: G, signal: AbortSignal): Promise<void>;
  /**
   * OAuth mode (issue 32): a group's part for each team in it. Each part is polled in turn in its
   * team's workspace scope, so its reads go with that workspace's own service key. Unused in
   * single-workspace mode (one key serves every group whole).
   */
  teams?(group: G): Map<string, G>;
}
