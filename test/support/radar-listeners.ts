/**
 * Radar's listeners without a receiver: the real deps (the service client over the sandbox, a fresh
 * SQLite store), registered on a recording fake `app` (bolt-args.ts) exactly as `createSlackApp` does,
 * so a test calls the `/radar` listener with fake Bolt arguments.
 *
 *   const r = await startRadarListeners();
 *   const args = commandArgs('pricing --project northwind');
 *   await r.radar(args);
 *   afterAll(() => r.stop());
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import type { RadarDeps } from '../../src/deps.js';
import { FEATURES } from '../../src/features/index.js';
import { resolveProjectFor } from '../../src/features/bindings/resolve-project.js';
import type { AnyFeature } from '../../src/plugin.js';
import { createLogger } from '../../src/log.js';
import { radarDeps } from '../../src/radar.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createServiceClient } from '../../src/service/index.js';
import { registerCommand } from '../../src/slack/commands/register.js';
import { CommandRegistry } from '../../src/slack/commands/registry.js';
import { COMMAND } from '../../src/slack/ids.js';
import { listenerGroups } from '../../src/slack/listener-groups.js';
import { openStore } from '../../src/store/backends/open-store.js';
import { DEFAULT_TIMING, type Timing } from '../../src/timing.js';
import { expect } from 'vitest';
import { commandArgs, recordingApp, runCommandListeners, type CommandArgsOptions, type FakeCommandArgs, type RecordedApp } from './bolt-args.js';
import { expectValidMessage, type RenderedMessage } from './view-checks.js';
import { BOT_TOKEN, SIGNING_SECRET, TEST_RETRY, TEST_TIMING } from './radar-harness.js';

export interface RadarListeners {
  sandbox: Sandbox;
  deps: RadarDeps;
  recorded: RecordedApp;
  /** Every log line written (JSON). */
  logs: string[];
  /** Runs `/radar`'s registered listeners with these args. */
  radar(args: FakeCommandArgs): Promise<void>;
  /**
   * Runs `/radar text` and resolves with its one answer (shaped as the harness's `h.command` answer,
   * for `replyText`), after checking it was acked once, answered once, and is valid Block Kit within
   * the limits with a fallback text (what the fake Slack referees).
   */
  command(text: string, options?: CommandArgsOptions): Promise<{ args: Record<string, unknown> }>;
  stop(): Promise<void>;
}

export async function startRadarListeners(options: { sandbox?: Sandbox } = {}): Promise<RadarListeners> {
  const sandbox = options.sandbox ?? (await startSandbox({ port: 0, speed: 1000 }));
  const dir = mkdtempSync(join(tmpdir(), 'radar-listeners-'));
  const config = loadConfig({
    SVC_BASE_URL: sandbox.url,
    SVC_API_KEY: sandbox.keys.readWrite,
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    PORT: '0',
    STORE_URL: `sqlite://${join(dir, 'radar.sqlite')}`,
    LOG_LEVEL: 'debug',
  });
  const logs: string[] = [];
  const logger = createLogger({ level: config.logLevel, secrets: [...config.secrets, sandbox.keys.readWrite], sink: (line) => logs.push(line) });
  const now = () => new Date();
  const timing: Timing = { ...DEFAULT_TIMING, ...TEST_TIMING };
  const service = createServiceClient({
    groupConcurrency: timing.serviceGroupConcurrency,
    baseUrl: sandbox.url,
    apiKey: sandbox.keys.readWrite,
    now,
    logger: logger.child({ component: 'service' }),
    retry: TEST_RETRY,
  });
  const store = await openStore(config.storeUrl, { logger: logger.child({ component: 'store' }), namespacePrefix: config.storePrefix });
  const deps: RadarDeps = radarDeps({ config, logger, service, store, timing, now });
  // As createSlackApp: the `/radar` listener, then each feature's listeners and runtime (workers are not started).
  const recorded = recordingApp();
  const commands = new CommandRegistry(FEATURES);
  const runtimes = new Map<AnyFeature, unknown>();
  registerCommand(recorded.app, deps, {
    registry: commands,
    resolveProject: (where) => resolveProjectFor(deps, where),
    runtimeOf: (feature) => runtimes.get(feature),
  });
  for (const feature of commands.features) {
    const parts = feature.register?.(recorded.app, deps);
    if (parts) runtimes.set(feature, parts.runtime);
  }
  listenerGroups(recorded.app).register();
  const listeners = recorded.commands.get(COMMAND);
  if (!listeners) throw new Error(`${COMMAND} was not registered with app.command`);
  const radar = (args: FakeCommandArgs) => runCommandListeners(listeners, args);
  return {
    sandbox,
    deps,
    recorded,
    logs,
    radar,
    async command(text, where) {
      const args = commandArgs(text, where);
      await radar(args);
      expect(args.ack, `/radar ${text}`).toHaveBeenCalledTimes(1);
      expect(args.replies(), `/radar ${text}`).toHaveLength(1);
      const reply = args.replies()[0] ?? {};
      expectValidMessage(reply as unknown as RenderedMessage);
      return { args: reply };
    },
    async stop() {
      await service.close();
      await store.close();
      if (!options.sandbox) await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
