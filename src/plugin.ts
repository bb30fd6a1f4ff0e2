/**
 * The plug-in contract between Radar and its features. Each feature (`src/features/<name>/feature.ts`)
 * exports one `Feature` value; the composition root (`src/radar.ts`) lists them in
 * `src/features/index.ts`, builds the `/radar` registry from their subcommands at start (a name
 * declared twice refuses to start) and hands them to `createSlackApp`, which calls each feature's
 * `register` once for the app. Nothing in `src/slack/` imports a feature.
 */
import type { App } from '@slack/bolt';
import type { RadarDeps, Worker } from './deps.js';
import type { CommandInvocation } from './slack/commands/invocation.js';
import type { SubcommandSpec } from './slack/commands/spec.js';

/**
 * One `/radar` subcommand: what it is called, takes and says (`SubcommandSpec`), and `run`.
 * `R` is what its feature's `register` built for the app (the scan follower, the digest delivery
 * context), handed to `run` as its second argument; most subcommands need none.
 */
export interface Subcommand<R = undefined> extends SubcommandSpec {
  run(inv: CommandInvocation, runtime: R): Promise<void>;
}

/**
 * What a feature's `register` returns: its background workers, and the runtime its subcommands'
 * `run` receive (`{ runtime: undefined }` when they need none).
 */
export interface FeatureParts<R> {
  workers?: readonly Worker[];
  runtime: R;
}

export interface Feature<R = undefined> {
  /** Names the feature in errors (e.g. a subcommand two features declare). */
  name: string;
  /** Its `/radar` subcommands, in the order help lists them. */
  subcommands?: readonly Subcommand<R>[];
  /**
   * Called once per app, before any request: registers the feature's Slack listeners (actions,
   * shortcuts, views and events through `listenerGroups(app)`, `slack/listener-groups.ts`, which
   * puts one Bolt listener per kind on the app for every feature together) and returns its workers
   * (started and stopped by the root) and its subcommands' runtime.
   */
  register?(app: App, deps: RadarDeps): FeatureParts<R>;
}

/** A feature whatever its runtime: what lists of features hold. */
export type AnyFeature = Feature<unknown>;
