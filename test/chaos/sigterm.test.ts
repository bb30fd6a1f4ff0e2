/**
 * SIGTERM with commands in flight, against Radar as `npm start` runs it (`dist/main.js` in its own
 * process): ten commands acknowledged while their service reads take 1.5 s, then SIGTERM at once.
 * Radar drains before it exits: every one of the ten is answered, and the log says so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { answersTo, startFakeSlack, type FakeSlack } from '../support/fake-slack.js';
import { CHANNELS } from '../support/slack-fixtures.js';
import { BUILD_TIMEOUT_MS, buildRadar, spawnRadar } from './support/radar-processes.js';

describe('SIGTERM with commands in flight', () => {
  let sandbox: Sandbox;
  let slack: FakeSlack;
  let dir: string;
  beforeAll(async () => {
    await buildRadar();
    sandbox = await startSandbox({ port: 0, speed: 1000 });
    slack = await startFakeSlack();
    dir = mkdtempSync(join(tmpdir(), 'radar-sigterm-'));
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await slack?.close();
    await sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers every acknowledged command before the process exits, and logs the drain', async () => {
    const radar = await spawnRadar({ name: 'sigterm', sandbox, slack, storeUrl: `sqlite://${join(dir, `${randomUUID()}.sqlite`)}`, storePrefix: '' });
    try {
      sandbox.control.addFault({ path: '/v1/projects/prj_northwind/pricing', kind: 'latency', latencyMs: 1_500 });
      const acks = await Promise.all(Array.from({ length: 10 }, () => radar.driver.command('pricing --project northwind', { channel: CHANNELS.general })));
      expect(acks.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
      await radar.stop();
      expect(radar.alive()).toBe(false);
      // Answered before the exit: nothing is left to send them afterwards.
      expect(acks.filter((ack) => answersTo(slack, ack).length === 0)).toEqual([]);
      expect(radar.logged('drained: every acknowledged request finished')).toHaveLength(1);
    } finally {
      await radar.stop();
    }
  });
});
