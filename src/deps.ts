/**
 * What every feature is handed: the service client, the store's repositories, the coordinator,
 * the logger, the clock. Built once in `src/radar.ts` (the composition root); tests build their own.
 */
import type { Config } from './config.js';
import type { Logger } from './log.js';
import type { ServiceClient } from './service/index.js';
import type { Store } from './store/backends/open-store.js';
import type { BindingsRepo } from './store/bindings.js';
import type { DigestSettingsRepo } from './store/digest-settings.js';
import type { PendingScansRepo } from './store/pending-scans.js';
import type { DigestLedger } from './store/digest-ledger.js';
import type { Timing } from './timing.js';
import type { Limiter } from './limiter.js';
import type { ValueSealer } from './slack/sealed-values.js';
import type { WorkspaceService } from './slack/workspace-service.js';

export interface RadarDeps {
  config: Config;
  logger: Logger;
  service: ServiceClient;
  store: Store;
  bindings: BindingsRepo;
  /** Each bound channel's digest settings (on/off, last seen edition, failing mark). */
  digestSettings: DigestSettingsRepo;
  pendingScans: PendingScansRepo;
  digestLedger: DigestLedger;
  /** Intervals and bounds of background work (`src/timing.ts`). */
  timing: Timing;
  /** The one bound on concurrent background requests to the service (`timing.maxConcurrentPolls`). */
  background: Limiter;
  /** Seals the values Radar puts into Slack (button values, private_metadata) and reads back. */
  seals: ValueSealer;
  /** The clock; tests move it. */
  now(): Date;
  /**
   * OAuth mode only (issue 32): each workspace's own service key. `service` above is then its facade
   * (the current workspace scope's client per call, refused outside a scope); absent in
   * single-workspace mode, where SVC_API_KEY serves everything.
   */
  workspaces?: WorkspaceService;
}

/** A background job a feature runs beside the listeners (scan follower, digest poller). */
export interface Worker {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs one round of the worker's work now (tests and `digest now` call it instead of waiting). */
  tick?(): Promise<void>;
}
