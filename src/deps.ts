/**
 * What every feature is handed: the service client, the store's repositories, the coordinator,
 * the logger, the clock. Built once in `src/radar.ts` (the composition root); tests build their own.
 */
import type { Config } from './config.js';
import type { Logger } from './log.js';
import type { ServiceClient } from './service/index.js';
import type { Store } from './store/open-store.js';
import type { BindingsRepo } from './store/bindings.js';
import type { PendingScansRepo } from './store/pending-scans.js';
import type { DigestLedger } from './store/digest-ledger.js';
import type { CommandRegistry } from './slack/commands/registry.js';
import type { Timing } from './timing.js';
import type { Limiter } from './limiter.js';

export interface RadarDeps {
  config: Config;
  logger: Logger;
  service: ServiceClient;
  store: Store;
  bindings: BindingsRepo;
  pendingScans: PendingScansRepo;
  digestLedger: DigestLedger;
  commands: CommandRegistry;
  /** Intervals and bounds of background work (`src/timing.ts`). */
  timing: Timing;
  /** The one bound on concurrent background requests to the service (`timing.maxConcurrentPolls`). */
  background: Limiter;
  /** The clock; tests move it. */
  now(): Date;
}

/** A background job a feature runs beside the listeners (scan follower, digest poller). */
export interface Worker {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs one round of the worker's work now (tests and `digest now` call it instead of waiting). */
  tick?(): Promise<void>;
}
