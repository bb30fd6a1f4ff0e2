/**
 * The world a chaos test of real Radar processes runs in: Radar built, one sandbox and one fake Slack
 * for the file; after each test every Slack call refereed and every process it started stopped;
 * after the file, one scan of every log line and Slack call for a secret. Returns the list a test
 * pushes its processes to; `onReady` hands the sandbox and the fake Slack to the file.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { expectNoViolations, startFakeSlack, type FakeSlack } from '../../support/fake-slack.js';
import { BUILD_TIMEOUT_MS, buildRadar, processSecrets, type RadarProcess } from './radar-processes.js';
import { leakedSecrets } from './slack-records.js';

export function useProcessWorld(onReady: (world: { sandbox: Sandbox; slack: FakeSlack }) => void, options: { afterEach?: () => void } = {}): RadarProcess[] {
  const started: RadarProcess[] = [];
  let sandbox: Sandbox | undefined;
  let slack: FakeSlack | undefined;
  beforeAll(async () => {
    await buildRadar();
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack();
    onReady({ sandbox, slack });
  }, BUILD_TIMEOUT_MS);
  afterEach(async () => {
    if (slack) expectNoViolations(slack);
    for (const radar of started) await radar.stop();
    options.afterEach?.();
  });
  afterAll(async () => {
    try {
      if (started.length > 0 && sandbox && slack) expect(leakedSecrets(processSecrets(sandbox), slack, started.flatMap((radar) => radar.logs))).toEqual([]);
    } finally {
      await slack?.close();
      await sandbox?.close();
    }
  });
  return started;
}
