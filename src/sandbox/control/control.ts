import type { Fault, FaultSpec } from './faults.js';
import type { PublishedDimensionRun, PublishRunRequest } from './publish-run.js';
import type { RequestLogEntry } from './request-log.js';

/** The sandbox's control surface for in-process tests; `/__sandbox/` mirrors it over HTTP. */
export interface SandboxControl {
  /** Injects a fault; returns its id. */
  addFault(spec: FaultSpec): string;
  faults(): Fault[];
  clearFaults(): void;
  /** Moves the sandbox clock forward. */
  advanceClock(ms: number): void;
  /** Sets the speed multiplier (spec durations are divided by it). */
  setSpeed(speed: number): void;
  /** The service calls seen since start or the last clear, oldest first. */
  requests(): RequestLogEntry[];
  clearRequests(): void;
  /**
   * Serves `document` at `/v1/docs/openapi.json` (and `/v1/docs`) instead of the one generated from
   * the routes, e.g. with a field moved or an endpoint left out; null serves the generated one again.
   * The routes themselves are unchanged.
   */
  setDescription(document: unknown): void;
  /** The document served now (generated, or the one set). */
  description(): unknown;
  /**
   * Publishes a new run of a dimension for a project (`src/sandbox/control/publish-run.ts`): the newest
   * run with `patch` merged in, a new id and timestamp, on top of its history; also `POST
   * /__sandbox/projects/:projectId/runs`.
   */
  publishRun(projectId: string, request: PublishRunRequest): PublishedDimensionRun;
  /**
   * Restores the seed data (tickets, editions, scans), clears faults, the request log, rate-limit
   * windows and a description set with `setDescription`. The clock and speed stay as they are; the seed is laid out relative to the current clock.
   */
  reset(): void;
}
